import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { RESET_CODE_TTL_MINUTES } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { EmailChangesRepository } from '../accounts/email-changes.repository.js';
import { PasswordResetsRepository } from '../accounts/password-resets.repository.js';
import { ApiError } from '../common/api-error.js';
import { RateLimiter, type RateLimit } from '../common/rate-limiter.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailQueue } from '../mail/mail.queue.js';
import { passwordResetMail } from '../mail/mail.templates.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { hashSecret, newSecret } from './auth-tokens.service.js';
import { hashPassword } from './password-hasher.js';
import { SessionTokensService } from './session-tokens.service.js';

export const FORGOT_LIMITS = {
  perIp: { name: 'forgot:ip', limit: 20, windowSeconds: 15 * 60 },
  /** Beyond this, requests still get the neutral answer but no more mail goes out (no inbox flooding). */
  mailsPerEmail: { name: 'forgot:email', limit: 5, windowSeconds: 60 * 60 },
  resetsPerIp: { name: 'reset:ip', limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

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
    private readonly limiter: RateLimiter,
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
  async requestReset(email: string, ip: string): Promise<{ detail: string }> {
    await this.limiter.consume(FORGOT_LIMITS.perIp, ip);
    void this.sendResetMail(email).catch((error: unknown) =>
      this.logger.error({ err: error }, 'Could not send the password reset mail'),
    );
    return { detail: NEUTRAL_RESET_ANSWER };
  }

  private async sendResetMail(email: string): Promise<void> {
    const user = await this.accounts.findUserByEmail(email);
    if (!user?.isActive) return;
    const { count } = await this.limiter.hitCount(FORGOT_LIMITS.mailsPerEmail, email);
    if (count > FORGOT_LIMITS.mailsPerEmail.limit) return;
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

  async reset(code: string, password: string, ip: string): Promise<{ detail: string }> {
    await this.limiter.consume(FORGOT_LIMITS.resetsPerIp, ip);
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
