import { Global, Module, type ExecutionContext } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Cache } from '../cache/cache.js';
import { CACHE } from '../cache/cache.module.js';
import { CacheThrottlerStorage } from './cache-throttler-storage.js';
import { RATE_LIMITED } from './rate-limit.guard.js';
import { RateLimits } from './rate-limits.js';
import { ROUTE_LIMITS } from './route-limits.js';

/** The names of the limits a route's `@RateLimited` lists. */
function limitsOf(context: ExecutionContext): string[] {
  return (Reflect.getMetadata(RATE_LIMITED, context.getHandler()) ??
    Reflect.getMetadata(RATE_LIMITED, context.getClass()) ??
    []) as string[];
}

/** Every route limit is a named throttler, counted only on the routes that name it. */
export function throttlerOptions(cache: Cache): ThrottlerModuleOptions {
  return {
    storage: new CacheThrottlerStorage(cache),
    // Retry-After comes with the 429 (ApiError); no X-RateLimit-* headers on every answer.
    setHeaders: false,
    throttlers: Object.values(ROUTE_LIMITS).map((limit) => ({
      ...limit,
      skipIf: (context: ExecutionContext) => !limitsOf(context).includes(limit.name),
    })),
  };
}

@Global()
@Module({
  imports: [ThrottlerModule.forRootAsync({ inject: [CACHE], useFactory: throttlerOptions })],
  providers: [RateLimits],
  exports: [RateLimits],
})
export class RateLimitsModule {}
