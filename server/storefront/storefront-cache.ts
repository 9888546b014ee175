import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CACHE } from '../cache/cache.module.js';
import type { Cache } from '../cache/cache.js';
import { VersionedKeys } from '../cache/versioned-keys.js';

const INVALIDATE_CHANNEL = 'storefront:invalidate';
/** How long an instance answers from its own memory; a missed invalidation message is never stale for longer. */
const LOCAL_TTL_MS = 5_000;
const LOCAL_MAX_ENTRIES = 10_000;

/**
 * What storefronts read (widget configuration, public reviews) is cached per store in the shared cache (Redis when
 * configured), and for a few seconds in each instance's memory, so a product page's hot reads cost no network
 * round trip. Any change a shopper could see bumps the store's version in the shared cache and tells every
 * instance to drop its copies (Redis pub/sub), so every instance serves the new answer at once.
 */
@Injectable()
export class StorefrontCache implements OnModuleInit {
  private readonly local = new Map<string, { value: unknown; until: number }>();
  /** Bumped on each invalidation, so an answer computed across one is not kept locally. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly keys: VersionedKeys,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  onModuleInit(): void {
    this.cache.subscribe(
      INVALIDATE_CHANNEL,
      (merchantId) => this.forget(merchantId),
      () => this.local.clear(),
    );
  }

  private tenant(merchantId: string): string {
    return `storefront:${merchantId}`;
  }

  async wrap<T>(
    merchantId: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = `${merchantId}|${parts.join('|')}`;
    const now = Date.now();
    const held = this.local.get(key);
    if (held && held.until > now) return held.value as T;
    const generation = this.generations.get(merchantId) ?? 0;
    const value = await this.keys.wrap(this.tenant(merchantId), parts, ttlSeconds, compute);
    if ((this.generations.get(merchantId) ?? 0) === generation) {
      if (this.local.size >= LOCAL_MAX_ENTRIES) this.local.clear();
      this.local.set(key, { value, until: now + LOCAL_TTL_MS });
    }
    return value;
  }

  async invalidate(merchantId: string): Promise<void> {
    await this.keys.bump(this.tenant(merchantId));
    this.forget(merchantId);
    await this.cache.publish(INVALIDATE_CHANNEL, merchantId);
  }

  private forget(merchantId: string): void {
    this.generations.set(merchantId, (this.generations.get(merchantId) ?? 0) + 1);
    const prefix = `${merchantId}|`;
    for (const key of this.local.keys()) if (key.startsWith(prefix)) this.local.delete(key);
  }
}
