import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TUser, ZChangePasswordBody, ZProfileUpdate } from '../../shared/accounts.js';
import { PROFILE_PHOTO_MAX_BYTES } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { UserViewService } from '../accounts/user-view.service.js';
import type { AuthContext } from '../auth/auth-context.js';
import { hashPassword, verifyPassword } from '../auth/password-hasher.js';
import { SessionTokensService, type ClientInfo, type SessionTokens } from '../auth/session-tokens.service.js';
import { ApiError } from '../common/api-error.js';
import { RateLimiter, type RateLimit } from '../common/rate-limiter.js';
import { MediaService } from '../media/media.service.js';
import { fileParts } from '../media/multipart.js';

const PASSWORD_CHANGE_LIMIT: RateLimit = { name: 'password-change:user', limit: 10, windowSeconds: 15 * 60 };

/** The signed-in user's own profile, photo and password (SPEC §2 Account settings). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly views: UserViewService,
    private readonly sessions: SessionTokensService,
    private readonly media: MediaService,
    private readonly limiter: RateLimiter,
  ) {}

  me(auth: AuthContext): Promise<TUser> {
    return this.views.view(auth.user, auth.workspace);
  }

  async update(auth: AuthContext, patch: z.output<typeof ZProfileUpdate>): Promise<TUser> {
    const updated = await this.accounts.updateUser(auth.user.id, {
      email: patch.email,
      firstName: patch.first_name,
      lastName: patch.last_name,
      phone: patch.phone,
    });
    if (!updated) {
      const detail = `An account with the email ${patch.email} already exists.`;
      throw ApiError.conflict(detail, 'email_taken', { email: [detail] });
    }
    return this.views.view(updated, auth.workspace);
  }

  /** Streams the multipart `profile_photo` to media storage, then swaps it in and deletes the old one. */
  async updatePhoto(auth: AuthContext, request: FastifyRequest): Promise<TUser> {
    for await (const part of fileParts(request)) {
      if (part.fieldname !== 'profile_photo') {
        part.file.resume();
        continue;
      }
      const stored = await this.media.storeUpload(part, {
        prefix: 'profile-photos',
        maxBytes: PROFILE_PHOTO_MAX_BYTES,
        kinds: ['image'],
      });
      let previous: string | null;
      try {
        previous = await this.accounts.swapProfilePhoto(auth.user.id, stored.key);
      } catch (error) {
        await this.media.delete(stored.key).catch(() => undefined);
        throw error;
      }
      if (previous) await this.media.delete(previous).catch(() => undefined);
      const updated = await this.accounts.findUserById(auth.user.id);
      return this.views.view(updated ?? auth.user, auth.workspace);
    }
    throw ApiError.validation({ profile_photo: ['No file was submitted.'] });
  }

  /**
   * Ends every other session (refresh tokens revoked, older access tokens voided by the session version)
   * and hands this one fresh tokens so the merchant stays signed in here.
   */
  async changePassword(
    auth: AuthContext,
    body: z.output<typeof ZChangePasswordBody>,
    client: ClientInfo,
  ): Promise<SessionTokens & { detail: string }> {
    // A stolen access token must not become unlimited guesses at the password.
    await this.limiter.consume(PASSWORD_CHANGE_LIMIT, auth.user.id);
    if (!(await verifyPassword(body.current_password, auth.user.passwordHash))) {
      throw ApiError.validation({ current_password: ['Your current password is incorrect.'] });
    }
    await this.limiter.reset(PASSWORD_CHANGE_LIMIT, auth.user.id);
    const updated = await this.accounts.setPassword(auth.user.id, await hashPassword(body.new_password));
    await this.sessions.revokeAllOfUser(updated.id);
    return { detail: 'Your password has been changed.', ...(await this.sessions.issue(updated, client)) };
  }
}
