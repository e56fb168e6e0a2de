/**
 * A small bounded cache. Re-planning the same user many times a minute recomputes the same
 * recurrence expansions and daily idle windows, and zone math costs tens of microseconds per
 * call; caching keeps a re-plan inside its budget. Results depend only on the key, so the
 * engine stays pure in what it returns.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-insert so the Map's insertion order doubles as least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
