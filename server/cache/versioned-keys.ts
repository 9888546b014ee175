import type { Cache } from './cache.js';

/**
 * Cache keys namespaced by a per-tenant version. Invalidating everything a tenant has cached is one
 * INCR of its version: old keys are never read again and expire on their own, no key scanning.
 */
export class VersionedKeys {
  constructor(private readonly cache: Cache) {}

  private versionKey(tenant: string): string {
    return `ver:${tenant}`;
  }

  async key(tenant: string, ...parts: Array<string | number>): Promise<string> {
    const version = (await this.cache.get<number>(this.versionKey(tenant))) ?? 0;
    return [tenant, `v${version}`, ...parts].join(':');
  }

  bump(tenant: string): Promise<number> {
    return this.cache.incr(this.versionKey(tenant));
  }

  /**
   * Like `wrap`, in one cache round trip instead of two: the value lives under a fixed key and carries the
   * version it was computed for, read together with the current version. For hot read paths.
   */
  async wrapStamped<T>(
    tenant: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = [tenant, 'stamped', ...parts].join(':');
    const [version = 0, entry] = (await this.cache.getMany([this.versionKey(tenant), key])) as [
      number | undefined,
      { v: number; value: T } | undefined,
    ];
    if (entry && entry.v === version) return entry.value;
    const value = await compute();
    // A bump while computing leaves this entry stamped with the older version: the next read recomputes.
    await this.cache.set(key, { v: version, value }, ttlSeconds);
    return value;
  }

  /** Returns the cached value for this tenant's current version, computing and storing it on a miss. */
  async wrap<T>(
    tenant: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = await this.key(tenant, ...parts);
    const cached = await this.cache.get<T>(key);
    if (cached !== undefined) return cached;
    const value = await compute();
    await this.cache.set(key, value, ttlSeconds);
    return value;
  }
}
