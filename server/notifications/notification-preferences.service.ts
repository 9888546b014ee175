import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DIGEST_TIME,
  type TNotificationPreferences,
  type TNotificationPreferencesBody,
} from '../../shared/notifications.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { timeZoneOr } from '../review-requests/send-window.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { NotificationsRepository, type EffectivePreferences } from './notifications.repository.js';

/** The signed-in member's own team notification preferences for the current store; nobody else's. */
@Injectable()
export class NotificationPreferencesService implements OnModuleInit {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly clock: Clock,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The account page's notification form, drawn filled: any member's own, within a store (as the API route).
    this.readers.register(
      'notificationPreferences',
      null,
      (_merchantId, user) => () => this.of(user.workspace_id, user.id),
    );
  }

  get(auth: WorkspaceContext): Promise<TNotificationPreferences> {
    storeOf(auth);
    return this.of(auth.workspace.workspaceId, auth.user.id);
  }

  async save(auth: WorkspaceContext, body: TNotificationPreferencesBody): Promise<TNotificationPreferences> {
    storeOf(auth);
    const { membershipId, timezone } = await this.membership(auth.workspace.workspaceId, auth.user.id);
    const before = await this.repository.preferences(membershipId);
    const now = this.clock.now();
    // Joining the digest: its first one covers reviews from now, not those already mailed at once.
    const digestFrom = body.new_reviews === 'digest' && before?.newReviews !== 'digest' ? now : undefined;
    await this.repository.save(
      membershipId,
      { newReviews: body.new_reviews, lowRatingInstant: body.low_rating_instant },
      now,
      digestFrom,
    );
    return this.view((await this.repository.preferences(membershipId))!, timezone);
  }

  private async of(workspaceId: string | null, userId: string): Promise<TNotificationPreferences> {
    const { membershipId, timezone } = await this.membership(workspaceId, userId);
    return this.view((await this.repository.preferences(membershipId))!, timezone);
  }

  private async membership(
    workspaceId: string | null,
    userId: string,
  ): Promise<{ membershipId: string; timezone: string | null }> {
    const membership = workspaceId ? await this.repository.membershipOf(workspaceId, userId) : null;
    if (!membership) throw ApiError.forbidden('You are not a member of this workspace.', 'no_workspace');
    return membership;
  }

  private view(preferences: EffectivePreferences, timezone: string | null): TNotificationPreferences {
    return {
      new_reviews: preferences.newReviews,
      low_rating_instant: preferences.lowRatingInstant,
      time_zone: timeZoneOr(timezone),
      digest_time: DIGEST_TIME,
    };
  }
}
