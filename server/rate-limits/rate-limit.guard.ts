import { applyDecorators, Injectable, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error.js';
import { counterKey } from './cache-throttler-storage.js';
import { ROUTE_LIMITS, type RouteLimit } from './route-limits.js';

export const RATE_LIMITED = 'rateLimited';

/** On a route: each request counts against these limits of its address before anything else runs (429 past one). */
export function RateLimited(...limits: RouteLimit[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(
      RATE_LIMITED,
      limits.map((limit) => ROUTE_LIMITS[limit].name),
    ),
    UseGuards(RateLimitGuard),
  );
}

/**
 * The throttler's guard, counting on the cache (CacheThrottlerStorage) under the same keys as RateLimits, per
 * address as Fastify reads it (TRUST_PROXY), and refusing with the API's error and Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    return Promise.resolve((request as unknown as FastifyRequest).ip);
  }

  /** Per limit, not per route: a limit several routes name (the tus requests) counts them together. */
  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return counterKey(name, tracker);
  }

  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw ApiError.tooManyRequests(detail.timeToBlockExpire);
  }
}
