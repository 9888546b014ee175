/**
 * Entries that lapse `ttlMs` after they are set, and leave as they lapse. Every entry lives as long, so a Map's order
 * (a key set again goes last) is their order of lapsing: each `set` drops the lapsed ones from the front, and the
 * oldest past `max`. An instance's short-lived copies then hold what was asked for in the last `ttlMs`, not everything
 * since the map last filled up.
 */
export class ShortLivedMap<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value while it lives; undefined once it lapsed or if none was set. */
  get(key: string, now = Date.now()): V | undefined {
    return this.entry(key, now)?.value;
  }

  /** The entry while it lives, for values that may be null or undefined themselves: one lookup, not `has` then `get`. */
  entry(key: string, now = Date.now()): { readonly value: V } | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until > now ? entry : undefined;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: now + this.ttlMs });
    for (const [oldest, entry] of this.entries) {
      if (entry.until > now && this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops the entries whose key passes `test`. */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (test(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
