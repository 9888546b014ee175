import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '../cache/cache.js';
import { CACHE } from '../cache/cache.module.js';
import { ApiError } from './api-error.js';
import type { RouteAnswer } from './route-outputs.js';

export interface RateLimit {
  /** Names the counter, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** What a route behind a RateLimiter answers once a limit is reached, for the API document. */
export const THROTTLED_ANSWER: RouteAnswer = {
  description: 'Too many requests: retry after `Retry-After` seconds.',
  headers: { 'Retry-After': 'Seconds to wait.' },
};

/**
 * Fixed-window limits on the shared cache: with Redis every instance counts together (DESIGN §1).
 * Exceeding one answers 429 with Retry-After.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(CACHE) private readonly cache: Cache) {}

  async consume(rule: RateLimit, subject: string): Promise<void> {
    const { count, resetInSeconds } = await this.cache.hit(`rl:${rule.name}:${subject}`, rule.windowSeconds);
    if (count > rule.limit) throw ApiError.tooManyRequests(resetInSeconds);
  }

  /** Forgets a subject's count, e.g. failed logins once the right password is given. */
  async reset(rule: RateLimit, subject: string): Promise<void> {
    await this.cache.del(`rl:${rule.name}:${subject}`);
  }

  /** Counts one hit and returns the count, for callers that decide themselves what exceeding means. */
  hitCount(rule: RateLimit, subject: string): Promise<{ count: number; resetInSeconds: number }> {
    return this.cache.hit(`rl:${rule.name}:${subject}`, rule.windowSeconds);
  }
}
