import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TUser, ZChangePasswordBody, ZProfileUpdate } from '../../shared/accounts.js';
import { PROFILE_PHOTO_MAX_BYTES, UPGRADE_PROMPT_HIDE_DAYS } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { UserViewService } from '../accounts/user-view.service.js';
import type { AuthContext } from '../auth/auth-context.js';
import { hashPassword } from '../auth/password-hasher.js';
import { SessionTokensService, type ClientInfo, type SessionTokens } from '../auth/session-tokens.service.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PROFILE_PHOTO_FOLDER } from '../media/media-folders.js';
import { MediaService } from '../media/media.service.js';
import { fileParts } from '../media/multipart.js';
import { processProfilePhoto } from '../media/processing/photo.js';
import { RateLimits } from '../rate-limits/rate-limits.js';
import { assertCurrentPassword } from './current-password.js';
import { EmailChangeService } from './email-change.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function upgradePromptUntil(patch: z.output<typeof ZProfileUpdate>): Date | null {
  return patch.hide_upgrade_prompt ? new Date(Date.now() + UPGRADE_PROMPT_HIDE_DAYS * DAY_MS) : null;
}

/** The signed-in user's own profile, photo and password (SPEC §2 Account settings). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly views: UserViewService,
    private readonly sessions: SessionTokensService,
    private readonly media: MediaService,
    private readonly limits: RateLimits,
    private readonly emailChange: EmailChangeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  me(auth: AuthContext): Promise<TUser> {
    return this.views.view(auth.user, auth.workspace);
  }

  /**
   * Names, phone and the upgrade card's hiding save at once. A new email is only requested (EmailChangeService): the answer still shows the
   * current one. The request goes first, so a refused password or a failed mail saves nothing.
   */
  async update(auth: AuthContext, patch: z.output<typeof ZProfileUpdate>): Promise<TUser> {
    if (patch.email !== undefined && patch.email !== auth.user.email) {
      await this.emailChange.request(auth, patch.email, patch.current_password);
    }
    const fields = {
      firstName: patch.first_name,
      lastName: patch.last_name,
      phone: patch.phone,
      upgradePromptHiddenUntil: patch.hide_upgrade_prompt === undefined ? undefined : upgradePromptUntil(patch),
    };
    const changed = Object.values(fields).some((value) => value !== undefined);
    const updated = changed ? await this.accounts.updateUser(auth.user.id, fields) : auth.user;
    return this.views.view(updated, auth.workspace);
  }

  /** Streams the multipart `profile_photo` to media storage, then swaps it in and deletes the old one. */
  async updatePhoto(auth: AuthContext, request: FastifyRequest): Promise<TUser> {
    for await (const part of fileParts(request)) {
      if (part.fieldname !== 'profile_photo') {
        part.file.resume();
        continue;
      }
      // Re-encoded like a review's photo, whatever MEDIA_PROCESSING says (sharp needs no outside tool): upright, and
      // without the EXIF a phone writes (its GPS position), which anyone holding the link would otherwise read.
      const stored = await this.media.storeReencoded(
        part,
        { prefix: PROFILE_PHOTO_FOLDER, maxBytes: PROFILE_PHOTO_MAX_BYTES, kinds: ['image'] },
        async (input) => ({
          body: await processProfilePhoto(input, this.config.processing.timeoutMs),
          ext: 'webp',
          mime: 'image/webp',
        }),
      );
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
   * Ends every other session (refresh tokens revoked, older access tokens voided by the session version) and any
   * pending email change, and hands this one fresh tokens so the merchant stays signed in here.
   */
  async changePassword(
    auth: AuthContext,
    body: z.output<typeof ZChangePasswordBody>,
    client: ClientInfo,
  ): Promise<SessionTokens & { detail: string }> {
    await assertCurrentPassword(this.limits, auth.user, body.current_password);
    const updated = await this.accounts.setPassword(auth.user.id, await hashPassword(body.new_password));
    await this.sessions.revokeAllOfUser(updated.id);
    // The notice of an email change tells the owner to change the password if it was not them: that stops it.
    await this.emailChange.cancel(updated.id);
    return { detail: 'Your password has been changed.', ...(await this.sessions.issue(updated, client)) };
  }
}
