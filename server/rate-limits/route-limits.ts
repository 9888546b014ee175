import { hours, minutes } from '@nestjs/throttler';
import type { RateLimit } from './rate-limits.js';

/**
 * The limits RateLimitGuard counts per client address before a route runs (`@RateLimited`), each a named throttler
 * of ThrottlerModule. The sign-in's limits per account are the service's own (AuthService).
 */
export const ROUTE_LIMITS = {
  /** Every sign-in attempt from one address (a credential-stuffing source). */
  login: { name: 'login:ip', limit: 30, ttl: minutes(5) },
  /** Sign-ups from one address, the regular ones and those by invitation or install alike. */
  register: { name: 'register:ip', limit: 20, ttl: hours(1) },
  forgotPassword: { name: 'forgot:ip', limit: 20, ttl: minutes(15) },
  resetPassword: { name: 'reset:ip', limit: 20, ttl: minutes(15) },
  /** New resumable uploads: as many as reviews (a review's upload is one of them). */
  resumableStart: { name: 'resumable-upload:ip', limit: 30, ttl: hours(1) },
  /**
   * Chunks, offset checks and cancellations: a 200 MB video is 40 chunks of 5 MB, and a phone on a bad network asks
   * for its offset after every drop. Many shoppers share one mobile carrier's address: room for dozens.
   */
  resumableRequest: { name: 'resumable-request:ip', limit: 3000, ttl: hours(1) },
} satisfies Record<string, RateLimit>;

export type RouteLimit = keyof typeof ROUTE_LIMITS;
