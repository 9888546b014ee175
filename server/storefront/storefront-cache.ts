import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CACHE } from '../cache/cache.module.js';
import type { Cache } from '../cache/cache.js';
import { VersionedKeys } from '../cache/versioned-keys.js';
import { ShortLivedMap } from '../common/short-lived-map.js';

const INVALIDATE_CHANNEL = 'storefront:invalidate';
/** How long an instance answers from its own memory; a missed invalidation message is never stale for longer. */
const LOCAL_TTL_MS = 5_000;
const LOCAL_MAX_ENTRIES = 10_000;
/**
 * Names this generation of the shared cache's version counters in version tokens. Counters start again at 0 when the
 * shared cache loses them (a Redis flush, a restart of an embedded instance, an expired epoch): a new epoch then keeps
 * a new token from ever equalling one a CDN holds from before.
 */
const EPOCH_KEY = 'storefront:epoch';
const EPOCH_TTL_S = 7 * 24 * 60 * 60;

/** A value and the store's data version it was computed at, as a token; null when no shareable version exists. */
export interface Versioned<T> {
  value: T;
  token: string | null;
}

/** `epoch.counter`: the counter of `b` is past that of `a` in the same epoch. */
function isAhead(b: string, a: string): boolean {
  const dot = a.lastIndexOf('.');
  return b.length > dot && b.startsWith(a.slice(0, dot + 1)) && Number(b.slice(dot + 1)) > Number(a.slice(dot + 1));
}

/**
 * What storefronts read (widget configuration, public reviews) is cached per store in the shared cache (Redis when
 * configured), and for a few seconds in each instance's memory, so a product page's hot reads cost no network
 * round trip. Any change a shopper could see bumps the store's version in the shared cache and tells every
 * instance to drop its copies (Redis pub/sub), so every instance serves the new answer at once.
 *
 * The version, as a token (`epoch.counter`), is what the loader puts in the storefront's URLs: an answer to the
 * current token is the store's data at that version, which never changes under that URL, so browsers and CDNs may
 * keep it. While the cache is degraded (Redis unreachable) there is no token: versions are then this instance's own.
 */
@Injectable()
export class StorefrontCache implements OnModuleInit {
  private readonly local = new ShortLivedMap<Versioned<unknown>>(LOCAL_TTL_MS, LOCAL_MAX_ENTRIES);
  private readonly tokens = new ShortLivedMap<string | null>(LOCAL_TTL_MS, LOCAL_MAX_ENTRIES);
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
      () => {
        this.local.clear();
        this.tokens.clear();
      },
    );
  }

  private tenant(merchantId: string): string {
    return `storefront:${merchantId}`;
  }

  /**
   * The cached value, computed on a miss. `wanted` is the token the caller asked for (the URL's `v`): a token past the
   * one held here means this instance has not heard of a change yet, so the shared cache is asked.
   */
  async wrap<T>(
    merchantId: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
    wanted?: string,
  ): Promise<Versioned<T>> {
    const key = `${merchantId}|${parts.join('|')}`;
    const now = Date.now();
    const held = this.local.get(key, now) as Versioned<T> | undefined;
    if (held && !(wanted && held.token && isAhead(wanted, held.token))) return held;
    const generation = this.generations.get(merchantId) ?? 0;
    const read = await this.keys.read(this.tenant(merchantId), parts, ttlSeconds, compute, [EPOCH_KEY]);
    const answer = { value: read.value, token: await this.token(read.version, read.along[0]) };
    if ((this.generations.get(merchantId) ?? 0) === generation) this.local.set(key, answer, now);
    return answer;
  }

  /** The store's current version token (the loader names it), held here for a few seconds like the answers. */
  async version(merchantId: string): Promise<string | null> {
    const now = Date.now();
    const held = this.tokens.entry(merchantId, now);
    if (held) return held.value;
    const generation = this.generations.get(merchantId) ?? 0;
    const { version, along } = await this.keys.version(this.tenant(merchantId), [EPOCH_KEY]);
    const token = await this.token(version, along[0]);
    if ((this.generations.get(merchantId) ?? 0) === generation) this.tokens.set(merchantId, token, now);
    return token;
  }

  async invalidate(merchantId: string): Promise<void> {
    await this.keys.bump(this.tenant(merchantId));
    this.forget(merchantId);
    await this.cache.publish(INVALIDATE_CHANNEL, merchantId);
  }

  /**
   * No token while degraded. The first to find no epoch starts one; instances racing to do so may hand out a token
   * another's read never matches, which only makes those answers short-lived.
   */
  private async token(version: number, epoch: unknown): Promise<string | null> {
    if (this.cache.degraded) return null;
    if (typeof epoch === 'string') return `${epoch}.${version}`;
    const started = randomBytes(6).toString('base64url');
    await this.cache.set(EPOCH_KEY, started, EPOCH_TTL_S);
    return `${started}.${version}`;
  }

  private forget(merchantId: string): void {
    this.generations.set(merchantId, (this.generations.get(merchantId) ?? 0) + 1);
    this.tokens.delete(merchantId);
    const prefix = `${merchantId}|`;
    this.local.deleteWhere((key) => key.startsWith(prefix));
  }
}
