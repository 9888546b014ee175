import { minutes } from '@nestjs/throttler';
import type { UserRow } from '../accounts/accounts.repository.js';
import { verifyPassword } from '../auth/password-hasher.js';
import { ApiError } from '../common/api-error.js';
import type { RateLimit, RateLimits } from '../rate-limits/rate-limits.js';

/** Password changes and email changes share it: a stolen access token must not become unlimited guesses. */
export const CURRENT_PASSWORD_LIMIT: RateLimit = { name: 'current-password:user', limit: 10, ttl: minutes(15) };

/** A field error on `current_password` unless it is the user's password. */
export async function assertCurrentPassword(limits: RateLimits, user: UserRow, password?: string): Promise<void> {
  if (!password) {
    throw ApiError.validation({ current_password: ['Enter your current password to confirm this change.'] });
  }
  await limits.consume(CURRENT_PASSWORD_LIMIT, user.id);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw ApiError.validation({ current_password: ['Your current password is incorrect.'] });
  }
  await limits.reset(CURRENT_PASSWORD_LIMIT, user.id);
}
