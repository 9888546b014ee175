import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { reviewVotes, reviews, widgetEvents } from '../database/schema.js';

export interface CastVote {
  merchantId: string;
  reviewId: string;
  sessionId: string;
  addressHash: string;
}

/** Shoppers' "helpful" votes and each review's count of them, written together. */
@Injectable()
export class HelpfulVotesRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Counts the vote unless the session already voted on the review, its address already cast `perAddress` votes on
   * it, or `admit` (told whether the store knows the session: beacons or votes) refuses. Null when the store shows no
   * such review (another store's, unpublished, deleted). Votes of one review and address are serialised, so the
   * ceiling is exact.
   */
  async vote(
    vote: CastVote,
    perAddress: number,
    admit: (knownSession: boolean) => Promise<boolean>,
  ): Promise<{ counted: boolean; helpfulCount: number } | null> {
    return this.database.db.transaction(async (tx) => {
      const [review] = await tx
        .select({ helpfulCount: reviews.helpfulCount })
        .from(reviews)
        .where(
          and(
            eq(reviews.id, vote.reviewId),
            eq(reviews.merchantId, vote.merchantId),
            eq(reviews.status, 'approved'),
            isNull(reviews.deletedAt),
          ),
        );
      if (!review) return null;
      const refused = { counted: false, helpfulCount: review.helpfulCount };
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`vote:${vote.reviewId}:${vote.addressHash}`}, 0))`,
      );
      const [already] = await tx
        .select({ at: reviewVotes.at })
        .from(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, vote.reviewId), eq(reviewVotes.sessionId, vote.sessionId)));
      if (already) return refused;
      const [{ fromAddress }] = await tx
        .select({ fromAddress: count() })
        .from(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, vote.reviewId), eq(reviewVotes.addressHash, vote.addressHash)));
      if (fromAddress >= perAddress) return refused;
      const [known] = await tx
        .select({ one: sql`1` })
        .from(widgetEvents)
        .where(and(eq(widgetEvents.merchantId, vote.merchantId), eq(widgetEvents.sessionId, vote.sessionId)))
        .unionAll(
          tx
            .select({ one: sql`1` })
            .from(reviewVotes)
            .where(and(eq(reviewVotes.merchantId, vote.merchantId), eq(reviewVotes.sessionId, vote.sessionId))),
        )
        .limit(1);
      if (!(await admit(!!known))) return refused;
      // Two tabs of one session racing: the primary key keeps one vote.
      const inserted = await tx
        .insert(reviewVotes)
        .values(vote)
        .onConflictDoNothing()
        .returning({ at: reviewVotes.at });
      if (!inserted.length) return refused;
      const [updated] = await tx
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
        .where(eq(reviews.id, vote.reviewId))
        .returning({ helpfulCount: reviews.helpfulCount });
      return { counted: true, helpfulCount: updated.helpfulCount };
    });
  }

  /** A customer's erasure: their sessions' votes go; the counts they added, which name nobody, stay. */
  async deleteSessions(merchantId: string, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    await this.database.db
      .delete(reviewVotes)
      .where(and(eq(reviewVotes.merchantId, merchantId), inArray(reviewVotes.sessionId, sessionIds)));
  }
}
