import { Inject, Injectable, Logger } from '@nestjs/common';
import { hours } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { TEmailChangeState, TEmailConfirmed } from '../../shared/accounts.js';
import { EMAIL_CHANGE_TTL_HOURS, FALLBACK_LANGUAGE } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { EmailChangesRepository, type EmailChangeRow } from '../accounts/email-changes.repository.js';
import type { AuthContext } from '../auth/auth-context.js';
import { hashSecret, newSecret } from '../auth/auth-tokens.service.js';
import { SessionTokensService, type ClientInfo } from '../auth/session-tokens.service.js';
import { SessionService } from '../auth/session.service.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailQueue } from '../mail/mail.queue.js';
import { MailService } from '../mail/mail.service.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../mail/mail.templates.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { assertCurrentPassword } from './current-password.js';

/** Mails a user can have sent about email changes (requests and resends): no relay for spam. */
const EMAIL_CHANGE_MAILS: RateLimit = { name: 'email-change:user', limit: 10, ttl: hours(1) };

const INVALID_LINK =
  'This confirmation link is invalid, was already used or has expired. Ask for the change again in your account settings.';

/**
 * Changing the sign-in email (issue 16): it needs the current password, mails a link to the new address and a notice
 * to the current one, and happens only when the link is opened. Confirming ends every session of the account; the
 * browser that confirms keeps its own if it is signed in to that account.
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly changes: EmailChangesRepository,
    private readonly tokens: SessionTokensService,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly mailQueue: MailQueue,
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Whether the new address has an account is not checked here, so the answer cannot tell: the confirmation does it,
   * and only the holder of that mailbox sees its answer.
   */
  async request(auth: AuthContext, newEmail: string, currentPassword?: string): Promise<void> {
    await assertCurrentPassword(this.limits, auth.user, currentPassword);
    await this.limits.consume(EMAIL_CHANGE_MAILS, auth.user.id);
    const token = newSecret();
    const change = await this.changes.create({
      userId: auth.user.id,
      newEmail,
      tokenHash: hashSecret(token),
      expiresAt: this.expiry(),
    });
    await this.sendLink(auth, change, token);
    const link = this.url('/forgot-password');
    void this.mailQueue
      .queue({
        to: auth.user.email,
        ...emailChangeNoticeMail(this.languageOf(auth), { link, firstName: auth.user.firstName, newEmail }),
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'Could not send the email change notice'));
  }

  async pending(userId: string): Promise<TEmailChangeState> {
    const change = await this.changes.findPending(userId);
    return { pending: change && { new_email: change.newEmail, expires_at: change.expiresAt.toISOString() } };
  }

  /** A new link (only hashes are stored): the one mailed before stops working. */
  async resend(auth: AuthContext): Promise<TEmailChangeState> {
    const pending = await this.changes.findPending(auth.user.id);
    if (!pending) throw ApiError.notFound('There is no email change waiting for confirmation.', 'no_email_change');
    await this.limits.consume(EMAIL_CHANGE_MAILS, auth.user.id);
    const token = newSecret();
    const renewed = await this.changes.renew(pending.id, auth.user.id, hashSecret(token), this.expiry());
    if (!renewed) throw ApiError.notFound('There is no email change waiting for confirmation.', 'no_email_change');
    await this.sendLink(auth, renewed, token);
    return this.pending(auth.user.id);
  }

  async cancel(userId: string): Promise<void> {
    await this.changes.cancelPending(userId);
  }

  /**
   * `request`: the confirming request. When it carries a session of this account that was valid until the change,
   * that session is renewed rather than ended. (No CSRF check is needed for that: SameSite=Lax keeps the cookies off
   * cross-site POSTs, and only the caller reads the new tokens.)
   */
  async confirm(token: string, request: FastifyRequest, client: ClientInfo): Promise<TEmailConfirmed> {
    const caller = await this.sessions.identify(request);
    const confirmed = await this.changes.confirm(hashSecret(token));
    if (confirmed === 'invalid') throw ApiError.badRequest(INVALID_LINK, 'invalid_email_change');
    if (confirmed === 'email_taken') {
      throw ApiError.conflict(
        'This address already belongs to another account, so your sign-in email was not changed. Ask for a change to another address in your account settings.',
        'email_taken',
      );
    }
    const answer = { detail: `Your sign-in email is now ${confirmed.email}.`, email: confirmed.email };
    const user =
      caller?.identity.userId === confirmed.userId ? await this.accounts.findUserById(confirmed.userId) : null;
    // The change moved the session version on by one: the caller's token must be of the version just before.
    if (!user?.isActive || caller?.identity.sessionVersion !== user.sessionVersion - 1) {
      return { ...answer, signed_in: false };
    }
    return { ...answer, signed_in: true, ...(await this.tokens.issue(user, client)) };
  }

  /** No link, no change: a mail that could not be sent leaves nothing pending, so the user just tries again. */
  private async sendLink(auth: AuthContext, change: EmailChangeRow, token: string): Promise<void> {
    const link = this.url(`/confirm-email?token=${encodeURIComponent(token)}`);
    try {
      await this.mail.send({
        to: change.newEmail,
        ...emailChangeConfirmMail(this.languageOf(auth), {
          link,
          firstName: auth.user.firstName,
          ttlHours: EMAIL_CHANGE_TTL_HOURS,
        }),
        link,
      });
    } catch (error) {
      await this.changes.cancel(change.id, auth.user.id);
      this.logger.error({ err: error }, 'Could not send the email change link');
      throw new ApiError(502, {
        detail: 'The confirmation email could not be sent. Please try again.',
        code: 'mail_failed',
      });
    }
  }

  private languageOf(auth: AuthContext) {
    return auth.workspace?.merchant?.mainLanguage ?? FALLBACK_LANGUAGE;
  }

  private expiry(): Date {
    return new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  }

  private url(path: string): string {
    return new URL(path, this.config.publicUrl).href;
  }
}
