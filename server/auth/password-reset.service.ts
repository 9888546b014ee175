import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { hours } from '@nestjs/throttler';
import { RESET_CODE_TTL_MINUTES } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { EmailChangesRepository } from '../accounts/email-changes.repository.js';
import { PasswordResetsRepository } from '../accounts/password-resets.repository.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailQueue } from '../mail/mail.queue.js';
import { passwordResetMail } from '../mail/mail.templates.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { hashSecret, newSecret } from './auth-tokens.service.js';
import { hashPassword } from './password-hasher.js';
import { SessionTokensService } from './session-tokens.service.js';

/**
 * Reset mails per email: beyond this, requests still get the neutral answer but no more mail goes out (no inbox
 * flooding). Requests and resets per address are the routes' (ROUTE_LIMITS).
 */
export const RESET_MAILS_PER_EMAIL: RateLimit = { name: 'forgot:email', limit: 5, ttl: hours(1) };

export const NEUTRAL_RESET_ANSWER =
  'If an account exists with that email, you will receive password reset instructions.';

@Injectable()
export class PasswordResetService implements OnModuleInit {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly emailChanges: EmailChangesRepository,
    private readonly sessions: SessionTokensService,
    private readonly mail: MailQueue,
    private readonly limits: RateLimits,
    private readonly readers: ServerReaders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The reset page asks before it shows its form: a used or expired link says so at once. A code is 32 random bytes,
   * so the answer gives nothing to guess with.
   */
  onModuleInit(): void {
    this.readers.registerPublic('resetCodeUsable', (code) => this.resets.isUsable(hashSecret(code)));
  }

  /** Always the same answer, and the mail goes out in the background, so neither words nor timing tell whether the account exists. */
  requestReset(email: string): { detail: string } {
    void this.sendResetMail(email).catch((error: unknown) =>
      this.logger.error({ err: error }, 'Could not send the password reset mail'),
    );
    return { detail: NEUTRAL_RESET_ANSWER };
  }

  private async sendResetMail(email: string): Promise<void> {
    const user = await this.accounts.findUserByEmail(email);
    if (!user?.isActive) return;
    if ((await this.limits.hit(RESET_MAILS_PER_EMAIL, email)).isBlocked) return;
    const code = newSecret();
    await this.resets.create(user.id, hashSecret(code), new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000));
    const [workspace] = await this.accounts.listMemberships(user.id);
    const link = new URL(`/reset-password?code=${encodeURIComponent(code)}`, this.config.publicUrl).href;
    await this.mail.queue({
      to: user.email,
      ...passwordResetMail(workspace?.merchant?.mainLanguage ?? 'en', { link, firstName: user.firstName }),
      link,
    });
  }

  async reset(code: string, password: string): Promise<{ detail: string }> {
    const codeHash = hashSecret(code);
    // Checked before hashing: scrypt is costly and only a live code deserves it.
    if (!(await this.resets.isUsable(codeHash))) throw invalidCode();
    const passwordHash = await hashPassword(password);
    const userId = await this.resets.consume(codeHash);
    if (!userId) throw invalidCode();
    await this.accounts.setPassword(userId, passwordHash);
    await this.resets.voidAllOfUser(userId);
    await this.sessions.revokeAllOfUser(userId);
    // The email change notice points here when the change was not the owner's: resetting stops it.
    await this.emailChanges.cancelPending(userId);
    return { detail: 'Your password has been reset.' };
  }
}

function invalidCode(): ApiError {
  return ApiError.badRequest('Invalid reset code', 'invalid_reset_code');
}
