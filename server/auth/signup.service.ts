import { Inject, Injectable, Logger } from '@nestjs/common';
import { hours } from '@nestjs/throttler';
import type { z } from 'zod';
import type { TAuthResponse, TSignupPending, ZRegisterBody } from '../../shared/accounts.js';
import { SIGNUP_TTL_HOURS, type TLanguage } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { SignupRequestsRepository } from '../accounts/signup-requests.repository.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailQueue } from '../mail/mail.queue.js';
import { existingAccountMail, signupConfirmMail } from '../mail/mail.templates.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { newStoreId } from '../stores/store-id.js';
import { AuthService } from './auth.service.js';
import { hashSecret, newSecret } from './auth-tokens.service.js';
import { hashPassword } from './password-hasher.js';
import type { ClientInfo } from './session-tokens.service.js';

/** Beyond this, sign-ups still get the same answer but no more mail goes to the address (no inbox flooding). */
export const SIGNUP_MAILS_PER_EMAIL: RateLimit = { name: 'signup:email', limit: 5, ttl: hours(1) };

export const SIGNUP_PENDING_DETAIL = 'Check your email: we sent a link to finish creating your account.';

/**
 * Regular sign-up (issue 16): the answer never tells whether the email has an account. A new address gets a link that
 * creates the account when opened; an address with an account gets a note saying so, to its owner only.
 */
@Injectable()
export class SignupService {
  private readonly logger = new Logger(SignupService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly signups: SignupRequestsRepository,
    private readonly auth: AuthService,
    private readonly mail: MailQueue,
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The same words, status and work (the password is hashed either way) for both cases; which mail to send is
   * decided in the background, so the time taken does not tell either.
   */
  async request(body: z.output<typeof ZRegisterBody>, language: TLanguage): Promise<TSignupPending> {
    const email = body.email ?? '';
    const signup = {
      email,
      passwordHash: await hashPassword(body.password),
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone ?? '',
      platform: body.platform ?? 'tiendanube',
      storeName: body.store_name ?? '',
    };
    void this.deliver(signup, language).catch((error: unknown) =>
      this.logger.error({ err: error }, 'Could not send the sign-up mail'),
    );
    return { detail: SIGNUP_PENDING_DETAIL, email };
  }

  private async deliver(
    signup: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      phone: string;
      storeName: string;
    } & Pick<z.output<typeof ZRegisterBody>, 'platform'>,
    language: TLanguage,
  ): Promise<void> {
    if ((await this.limits.hit(SIGNUP_MAILS_PER_EMAIL, signup.email)).isBlocked) return;
    const existing = await this.accounts.findUserByEmail(signup.email);
    if (existing) {
      if (!existing.isActive) return;
      const [workspace] = await this.accounts.listMemberships(existing.id);
      const link = this.url('/login');
      await this.mail.queue({
        to: existing.email,
        ...existingAccountMail(workspace?.merchant?.mainLanguage ?? language, { link, firstName: existing.firstName }),
        link,
      });
      return;
    }
    const token = newSecret();
    await this.signups.create({
      ...signup,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + SIGNUP_TTL_HOURS * 3_600_000),
    });
    const link = this.url(`/register/confirm?token=${encodeURIComponent(token)}`);
    await this.mail.queue({
      to: signup.email,
      ...signupConfirmMail(language, { link, firstName: signup.firstName, ttlHours: SIGNUP_TTL_HOURS }),
      link,
    });
  }

  /** The mailed link: creates the account as sign-up always did (user, workspace, store, owner) and signs in. */
  async confirm(token: string, client: ClientInfo): Promise<TAuthResponse> {
    const created = await this.accounts.createOwnerFromSignup(hashSecret(token), newStoreId());
    if (created === 'signup_invalid') {
      throw ApiError.badRequest(
        'This sign-up link is invalid, was already used or has expired. If your account was created, sign in; otherwise sign up again.',
        'invalid_signup_link',
      );
    }
    if (created === 'email_taken') {
      throw ApiError.conflict(
        'An account with this email already exists. Sign in instead, or reset your password if you forgot it.',
        'email_taken',
      );
    }
    return this.auth.signIn(created.userId, client, created.workspaceId);
  }

  private url(path: string): string {
    return new URL(path, this.config.publicUrl).href;
  }
}
