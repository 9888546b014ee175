import type { Cache } from './cache.js';

/** A cached value and the tenant's version it is valid for; `along` holds the extra keys read with it. */
export interface VersionedValue<T> {
  value: T;
  version: number;
  along: unknown[];
}

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

  /** The tenant's current version (0 before its first bump), and the `along` keys read in the same round trip. */
  async version(tenant: string, along: string[] = []): Promise<{ version: number; along: unknown[] }> {
    const [version = 0, ...values] = (await this.cache.getMany([this.versionKey(tenant), ...along])) as [
      number | undefined,
      ...unknown[],
    ];
    return { version, along: values };
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
    return (await this.read(tenant, parts, ttlSeconds, compute)).value;
  }

  /** `wrap`, also telling the version the value is valid for (and reading the `along` keys in the same round trip). */
  async read<T>(
    tenant: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
    along: string[] = [],
  ): Promise<VersionedValue<T>> {
    const key = [tenant, ...parts].join(':');
    const [version = 0, entry, ...values] = (await this.cache.getMany([this.versionKey(tenant), key, ...along])) as [
      number | undefined,
      { v: number; value: T } | undefined,
      ...unknown[],
    ];
    if (entry && entry.v === version) return { value: entry.value, version, along: values };
    // Read after the version: a change committed before the version was read is in the value. A bump while computing
    // leaves this entry stamped with the older version: the next read recomputes.
    const value = await compute();
    await this.cache.set(key, { v: version, value }, ttlSeconds);
    return { value, version, along: values };
  }

  /**
   * `wrap` for a value that follows several tenants' versions (stale when any of them moves): still one round trip on
   * a hit, the versions read with the value stored under `key`.
   */
  async wrapAll<T>(tenants: string[], key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
    const [entry, ...read] = (await this.cache.getMany([key, ...tenants.map((t) => this.versionKey(t))])) as [
      { v: number[]; value: T } | undefined,
      ...Array<number | undefined>,
    ];
    const versions = read.map((version) => version ?? 0);
    if (entry && Array.isArray(entry.v) && entry.v.every((version, i) => version === versions[i])) return entry.value;
    const value = await compute();
    await this.cache.set(key, { v: versions, value }, ttlSeconds);
    return value;
  }
}
