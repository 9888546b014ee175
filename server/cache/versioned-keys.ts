import type { Cache } from './cache.js';

/**
 * Cached values stamped with a per-tenant version. Invalidating everything a tenant has cached is one INCR of
 * its version: older stamps are never served again and expire on their own, no key scanning.
 */
export class VersionedKeys {
  constructor(private readonly cache: Cache) {}

  private versionKey(tenant: string): string {
    return `ver:${tenant}`;
  }

  bump(tenant: string): Promise<number> {
    return this.cache.incr(this.versionKey(tenant));
  }

  /**
   * The cached value for the tenant's current version, computing and storing it on a miss. One cache round trip
   * on a hit: the value lives under a fixed key with the version it was computed for, read with the current one.
   */
  async wrap<T>(
    tenant: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = [tenant, ...parts].join(':');
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
}
