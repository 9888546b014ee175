import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Cache } from '../cache/cache.js';

export type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The cache key of a limit's counter for one subject (an address, an account, a store, a key). */
export function counterKey(name: string, subject: string): string {
  return `rl:${name}:${subject}`;
}

/**
 * @nestjs/throttler's storage on the app's cache: with Redis every instance counts together (DESIGN §1), and while
 * Redis is away (ResilientCache) each instance counts on its own. A window is fixed and starts with its first hit;
 * past the limit every hit is refused until the window ends, so a throttler's `blockDuration` is not used (none of
 * ours sets one: the guard then passes the window's length).
 */
export class CacheThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly cache: Cache) {}

  /** `ttl` in milliseconds, as the throttler counts; the times answered in seconds. */
  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerRecord> {
    const { count, resetInSeconds } = await this.cache.hit(key, Math.ceil(ttl / 1000));
    const isBlocked = count > limit;
    return {
      totalHits: count,
      timeToExpire: resetInSeconds,
      isBlocked,
      timeToBlockExpire: isBlocked ? resetInSeconds : 0,
    };
  }

  /** Forgets a counter, e.g. failed sign-ins once the right password is given. */
  reset(key: string): Promise<void> {
    return this.cache.del(key);
  }
}
