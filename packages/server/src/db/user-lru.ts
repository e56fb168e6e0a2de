/**
 * One cached value per user, in this process, the least recently used user dropped first once
 * there are more than `maxUsers`. What a value is keyed on beyond the user (a revision, a time
 * zone) is the caller's to check: a stale value is simply replaced.
 */
export class UserLru<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly maxUsers: number) {}

  get(userId: string): V | undefined {
    const value = this.values.get(userId);
    if (value !== undefined) {
      // Map keeps insertion order: moving the user to the end marks them most recently used.
      this.values.delete(userId);
      this.values.set(userId, value);
    }
    return value;
  }

  set(userId: string, value: V): void {
    this.values.delete(userId);
    this.values.set(userId, value);
    if (this.values.size > this.maxUsers) {
      const oldest = this.values.keys().next().value;
      if (oldest !== undefined) this.values.delete(oldest);
    }
  }
}
