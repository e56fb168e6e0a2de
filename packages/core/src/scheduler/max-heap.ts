/** A binary max-heap of (key, value) pairs. */
export class MaxHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, value: number): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.keys[parent] as number) >= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes and returns the value with the largest key; the heap must not be empty. */
  pop(): number {
    const top = this.values[0] as number;
    const lastKey = this.keys.pop() as number;
    const lastValue = this.values.pop() as number;
    if (this.keys.length === 0) return top;
    this.keys[0] = lastKey;
    this.values[0] = lastValue;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < this.keys.length && this.key(left) > this.key(largest)) largest = left;
      if (right < this.keys.length && this.key(right) > this.key(largest)) largest = right;
      if (largest === i) return top;
      this.swap(i, largest);
      i = largest;
    }
  }

  private key(i: number): number {
    return this.keys[i] as number;
  }

  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b] as number, this.keys[a] as number];
    [this.values[a], this.values[b]] = [this.values[b] as number, this.values[a] as number];
  }
}
