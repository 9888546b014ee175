import { Injectable } from '@nestjs/common';
import { hours, minutes } from '@nestjs/throttler';
import type { z } from 'zod';
import type { TAuthResponse, ZLoginBody, ZRegisterBody } from '../../shared/accounts.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { INVALID_INVITATION, InvitationsRepository } from '../accounts/invitations.repository.js';
import { UserViewService } from '../accounts/user-view.service.js';
import { ApiError } from '../common/api-error.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { hashSecret } from './auth-tokens.service.js';
import { LoginProofService, type ProofVerdict } from './login-proof.service.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher.js';
import { SessionTokensService, type ClientInfo } from './session-tokens.service.js';

/** The sign-in's limits per account; every attempt from one address counts first (ROUTE_LIMITS.login). */
export const LOGIN_LIMITS = {
  /** Attempts on one account from one address (one source guessing one password): refused with 429 past it. */
  perEmailIp: { name: 'login:email-ip', limit: 10, ttl: minutes(15) },
  /**
   * Attempts on one account from anywhere. Past it, nobody is refused: every attempt must carry a proof of work whose
   * cost doubles as the attempts double, so the owner still signs in while a botnet's guesses get slow.
   */
  perEmail: { name: 'login:email', limit: 5, ttl: hours(1) },
} satisfies Record<string, RateLimit>;

/** Zero bits of the first proof past the ceiling (~16 k hashes on average, a fraction of a second in a browser) … */
export const PROOF_BASE_DIFFICULTY = 14;
/** … and the most ever asked (~260 k hashes: a second or two on a laptop), however many attempts are made. */
export const PROOF_MAX_DIFFICULTY = 18;

/** One more zero bit each time the attempts past the ceiling double. */
export function proofDifficulty(attempts: number): number {
  const over = Math.max(1, attempts - LOGIN_LIMITS.perEmail.limit);
  return Math.min(PROOF_MAX_DIFFICULTY, PROOF_BASE_DIFFICULTY + Math.floor(Math.log2(over)));
}

const INVALID_CREDENTIALS = 'Invalid credentials. Please check your email and password.';

const PROOF_REFUSALS: Record<Exclude<ProofVerdict, 'ok'> | 'missing', string> = {
  missing:
    'There have been many sign-in attempts on this account. Your browser must complete a short check before signing in.',
  invalid: 'The sign-in check was not solved. A new one is attached.',
  expired: 'The sign-in check expired. A new one is attached.',
  too_easy: 'The sign-in check is out of date. A new one is attached.',
  used: 'That sign-in check was already used. A new one is attached.',
};

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly invitations: InvitationsRepository,
    private readonly views: UserViewService,
    private readonly sessions: SessionTokensService,
    private readonly limits: RateLimits,
    private readonly proofs: LoginProofService,
  ) {}

  /**
   * Nobody can lock an owner out (issue 16): the hard limits count per address (the route's, ROUTE_LIMITS.login) and
   * per (email, address), and the per-email ceiling only asks for a proof of work. Every count is taken before the password check, atomically, so
   * parallel guesses cannot slip past a limit. An attempt refused for want of a proof checks no password, so it does
   * not count against its (email, address) pair: the owner does not spend their own attempts on the extra round.
   */
  async login(body: z.output<typeof ZLoginBody>, client: ClientInfo & { ip: string }): Promise<TAuthResponse> {
    const { totalHits, isBlocked: underAttack } = await this.limits.hit(LOGIN_LIMITS.perEmail, body.email);
    if (underAttack) await this.requireProof(body, totalHits);
    const pair = `${body.email}|${client.ip}`;
    await this.limits.consume(LOGIN_LIMITS.perEmailIp, pair);

    const user = await this.accounts.findUserByEmail(body.email);
    const valid = user
      ? await verifyPassword(body.password, user.passwordHash)
      : (await burnPasswordCheck(body.password), false);
    if (!user || !valid || !user.isActive) {
      throw ApiError.unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    }
    await this.limits.reset(LOGIN_LIMITS.perEmailIp, pair);
    // Past the ceiling the count stays: the owner's success says nothing about the guesses still coming.
    if (!underAttack) await this.limits.reset(LOGIN_LIMITS.perEmail, body.email);
    await this.accounts.recordLogin(user.id);
    const joined = body.token ? await this.acceptInvitation(user.id, user.email, body.token) : undefined;
    return this.signIn(user.id, client, joined);
  }

  /**
   * A challenge issued a moment ago may be one bit easier than the count now asks (other attempts came in
   * meanwhile): accepted, so the owner is not sent round again.
   */
  private async requireProof(body: z.output<typeof ZLoginBody>, attempts: number): Promise<void> {
    const difficulty = proofDifficulty(attempts);
    const verdict = body.proof ? await this.proofs.verify(body.proof, body.email, difficulty - 1) : 'missing';
    if (verdict === 'ok') return;
    throw new ApiError(429, {
      detail: PROOF_REFUSALS[verdict],
      code: 'proof_required',
      challenge: this.proofs.challenge(body.email, difficulty),
    });
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

  /**
   * The sign-ups that sign in at once: an invitation (its link proved the address) or a platform install
   * (`merchant_id`, with the install claim cookie as `claimSecret`). A regular sign-up goes through SignupService.
   */
  async register(
    body: z.output<typeof ZRegisterBody>,
    client: ClientInfo & { ip: string },
    claimSecret?: string,
  ): Promise<TAuthResponse> {
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
    const claimed =
      claimSecret && body.merchant_id
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

  async signIn(userId: string, client: ClientInfo, workspaceId?: string): Promise<TAuthResponse> {
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
