import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import { ApiError } from '../common/api-error.js';
import type { RouteAnswer } from '../common/route-outputs.js';
import { counterKey, type CacheThrottlerStorage, type ThrottlerRecord } from './cache-throttler-storage.js';

/** A fixed-window limit: a named throttler's name, limit and `ttl` (its window, in milliseconds). */
export interface RateLimit {
  /** Names the counter, e.g. `login:email`. */
  name: string;
  limit: number;
  ttl: number;
}

/** What a route answers once one of its limits is reached, for the API document. */
export const THROTTLED_ANSWER: RouteAnswer = {
  description: 'Too many requests: retry after `Retry-After` seconds.',
  headers: { 'Retry-After': 'Seconds to wait.' },
};

/**
 * The limits a service counts itself, on the throttler's storage (the counters RateLimitGuard uses): those keyed by
 * what the request says (an account, a store, an API key), counted at a point of the work, or that decide something
 * other than a 429.
 */
@Injectable()
export class RateLimits {
  constructor(@InjectThrottlerStorage() private readonly storage: CacheThrottlerStorage) {}

  /** Counts one hit of `subject`; past the limit, 429 with Retry-After. */
  async consume(rule: RateLimit, subject: string): Promise<void> {
    const { isBlocked, timeToBlockExpire } = await this.hit(rule, subject);
    if (isBlocked) throw ApiError.tooManyRequests(timeToBlockExpire);
  }

  /** Counts one hit and answers where the count stands, for callers that decide themselves what exceeding means. */
  hit(rule: RateLimit, subject: string): Promise<ThrottlerRecord> {
    return this.storage.increment(counterKey(rule.name, subject), rule.ttl, rule.limit);
  }

  /** Forgets a subject's count. */
  reset(rule: RateLimit, subject: string): Promise<void> {
    return this.storage.reset(counterKey(rule.name, subject));
  }
}
