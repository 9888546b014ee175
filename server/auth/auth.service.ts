import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { TAuthResponse, ZLoginBody, ZRegisterBody } from '../../shared/accounts.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { INVALID_INVITATION, InvitationsRepository } from '../accounts/invitations.repository.js';
import { UserViewService } from '../accounts/user-view.service.js';
import { ApiError } from '../common/api-error.js';
import { RateLimiter, type RateLimit } from '../common/rate-limiter.js';
import { newStoreId } from '../stores/store-id.js';
import { hashSecret } from './auth-tokens.service.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher.js';
import { SessionTokensService, type ClientInfo } from './session-tokens.service.js';

export const LOGIN_LIMITS = {
  /** Every attempt from one address (a credential-stuffing source). */
  perIp: { name: 'login:ip', limit: 30, windowSeconds: 5 * 60 },
  /** Attempts on one account since its last successful sign-in, from anywhere (guessing one merchant's password). */
  perEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;
export const REGISTER_LIMIT: RateLimit = { name: 'register:ip', limit: 20, windowSeconds: 60 * 60 };

const INVALID_CREDENTIALS = 'Invalid credentials. Please check your email and password.';

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly invitations: InvitationsRepository,
    private readonly views: UserViewService,
    private readonly sessions: SessionTokensService,
    private readonly limiter: RateLimiter,
  ) {}

  async login(body: z.output<typeof ZLoginBody>, client: ClientInfo & { ip: string }): Promise<TAuthResponse> {
    await this.limiter.consume(LOGIN_LIMITS.perIp, client.ip);
    // Counted before the check, atomically, so parallel guesses cannot slip past the limit.
    await this.limiter.consume(LOGIN_LIMITS.perEmail, body.email);
    const user = await this.accounts.findUserByEmail(body.email);
    const valid = user
      ? await verifyPassword(body.password, user.passwordHash)
      : (await burnPasswordCheck(body.password), false);
    if (!user || !valid || !user.isActive) {
      throw ApiError.unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    }
    await this.limiter.reset(LOGIN_LIMITS.perEmail, body.email);
    await this.accounts.recordLogin(user.id);
    const joined = body.token ? await this.acceptInvitation(user.id, user.email, body.token) : undefined;
    return this.signIn(user.id, client, joined);
  }

  /** Joins the invitation's workspace; the invitation must be addressed to this account's email. */
  private async acceptInvitation(userId: string, email: string, token: string): Promise<string> {
    const found = await this.invitations.findUsableByTokenHash(hashSecret(token));
    if (!found) throw ApiError.badRequest(INVALID_INVITATION, 'invalid_invitation');
    if (found.invitation.email !== email) {
      throw ApiError.forbidden(
        `This invitation was sent to ${found.invitation.email}. Sign in with that account to accept it.`,
        'invitation_email_mismatch',
      );
    }
    const accepted = await this.accounts.acceptInvitation(userId, found.invitation.id);
    if (accepted === 'invitation_gone') throw ApiError.badRequest(INVALID_INVITATION, 'invalid_invitation');
    return accepted.workspaceId;
  }

  /** `claimSecret`: the install claim cookie, for install mode (`merchant_id`). */
  async register(
    body: z.output<typeof ZRegisterBody>,
    client: ClientInfo & { ip: string },
    claimSecret?: string,
  ): Promise<TAuthResponse> {
    await this.limiter.consume(REGISTER_LIMIT, client.ip);
    const profile = {
      passwordHash: await hashPassword(body.password),
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone ?? '',
    };

    if (body.token) {
      const found = await this.invitations.findUsableByTokenHash(hashSecret(body.token));
      if (!found) throw ApiError.badRequest(INVALID_INVITATION, 'invalid_invitation');
      // The invitation decides the email, whatever the form sent.
      const email = found.invitation.email;
      const joined = await this.accounts.createMemberAccount({ ...profile, email }, found.invitation.id);
      if (joined === 'invitation_gone') throw ApiError.badRequest(INVALID_INVITATION, 'invalid_invitation');
      if (joined === 'email_taken') throw emailTaken(email);
      return this.signIn(joined.userId, client, joined.workspaceId);
    }

    const email = body.email ?? '';
    if (body.merchant_id) {
      const claimed = claimSecret
        ? await this.accounts.createOwnerForStore({ ...profile, email }, body.merchant_id, hashSecret(claimSecret))
        : 'claim_invalid';
      if (claimed === 'claim_invalid') {
        throw ApiError.badRequest(
          'This store installation has expired or was already completed. Open the app from your store’s admin again.',
          'install_claim_invalid',
        );
      }
      if (claimed === 'email_taken') throw emailTaken(email);
      return this.signIn(claimed.userId, client, claimed.workspaceId);
    }
    const created = await this.accounts.createOwnerAccount(
      { ...profile, email },
      { platform: body.platform ?? 'tiendanube', storeId: newStoreId(), storeName: '' },
      // Until a store is connected and names it, the workspace carries its owner's name.
      `${body.first_name} ${body.last_name}`.trim(),
    );
    if (!created) throw emailTaken(email);
    return this.signIn(created.userId, client, created.workspaceId);
  }

  private async signIn(userId: string, client: ClientInfo, workspaceId?: string): Promise<TAuthResponse> {
    const user = await this.accounts.findUserById(userId);
    if (!user) throw ApiError.unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    const tokens = await this.sessions.issue(user, client);
    return { ...tokens, ...(await this.views.view(user, undefined, workspaceId)) };
  }
}

function emailTaken(email: string): ApiError {
  const detail = `An account with the email ${email} already exists.`;
  return ApiError.conflict(detail, 'email_taken', { email: [detail] });
}
