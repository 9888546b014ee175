import type { UserRow } from '../accounts/accounts.repository.js';
import { verifyPassword } from '../auth/password-hasher.js';
import { ApiError } from '../common/api-error.js';
import type { RateLimit, RateLimiter } from '../common/rate-limiter.js';

/** Password changes and email changes share it: a stolen access token must not become unlimited guesses. */
export const CURRENT_PASSWORD_LIMIT: RateLimit = { name: 'current-password:user', limit: 10, windowSeconds: 15 * 60 };

/** A field error on `current_password` unless it is the user's password. */
export async function assertCurrentPassword(limiter: RateLimiter, user: UserRow, password?: string): Promise<void> {
  if (!password) {
    throw ApiError.validation({ current_password: ['Enter your current password to confirm this change.'] });
  }
  await limiter.consume(CURRENT_PASSWORD_LIMIT, user.id);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw ApiError.validation({ current_password: ['Your current password is incorrect.'] });
  }
  await limiter.reset(CURRENT_PASSWORD_LIMIT, user.id);
}
