import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { reviewStatusChanges, users } from '../database/schema.js';

export type StatusChangeRow = typeof reviewStatusChanges.$inferSelect;
export interface StatusChangeWithActor {
  change: StatusChangeRow;
  /** Null once the account is gone. */
  actor: { id: string; firstName: string; lastName: string; email: string } | null;
}

/** The moderation audit (review_status_changes), written by ReviewsRepository.moderate. */
@Injectable()
export class ReviewHistoryRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** A review's status changes, oldest first, with who made each. */
  async changes(merchantId: string, reviewId: string): Promise<StatusChangeWithActor[]> {
    const rows = await this.database.db
      .select({
        change: reviewStatusChanges,
        actorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(reviewStatusChanges)
      .leftJoin(users, eq(users.id, reviewStatusChanges.actorUserId))
      .where(and(eq(reviewStatusChanges.merchantId, merchantId), eq(reviewStatusChanges.reviewId, reviewId)))
      .orderBy(asc(reviewStatusChanges.at), asc(reviewStatusChanges.id));
    return rows.map(({ change, actorId, firstName, lastName, email }) => ({
      change,
      actor: actorId ? { id: actorId, firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' } : null,
    }));
  }
}
