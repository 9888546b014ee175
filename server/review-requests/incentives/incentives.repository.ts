import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { DATABASE } from '../../database/database.module.js';
import { reviewRequestProducts, reviewRequests, reviews } from '../../database/schema.js';

export type IncentiveRequest = Pick<
  typeof reviewRequests.$inferSelect,
  'id' | 'customerEmail' | 'customerName' | 'locale' | 'status' | 'incentiveCodeSealed' | 'incentiveSentAt'
>;

/** What review incentives read and write of a request; every method takes the store. */
@Injectable()
export class IncentivesRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async request(merchantId: string, requestId: string): Promise<IncentiveRequest | null> {
    const [row] = await this.db
      .select({
        id: reviewRequests.id,
        customerEmail: reviewRequests.customerEmail,
        customerName: reviewRequests.customerName,
        locale: reviewRequests.locale,
        status: reviewRequests.status,
        incentiveCodeSealed: reviewRequests.incentiveCodeSealed,
        incentiveSentAt: reviewRequests.incentiveSentAt,
      })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.merchantId, merchantId), eq(reviewRequests.id, requestId)));
    return row ?? null;
  }

  /** The requests these reviews were made through, with what each review brought. */
  async requestsOfReviews(
    merchantId: string,
    reviewIds: string[],
  ): Promise<Array<{ requestId: string; hasVideo: boolean; hasPhoto: boolean }>> {
    if (!reviewIds.length) return [];
    const rows = await this.db
      .select({ requestId: reviewRequestProducts.requestId, videoKey: reviews.videoKey, photoKey: reviews.photoKey })
      .from(reviewRequestProducts)
      .innerJoin(reviews, eq(reviews.id, reviewRequestProducts.reviewId))
      .where(
        and(
          eq(reviewRequestProducts.merchantId, merchantId),
          eq(reviews.merchantId, merchantId),
          inArray(reviewRequestProducts.reviewId, reviewIds),
        ),
      );
    return rows.map((row) => ({ requestId: row.requestId, hasVideo: !!row.videoKey, hasPhoto: !!row.photoKey }));
  }

  /**
   * Gives the request its code unless it has one: true when this call set it. Two workers racing for one request
   * (or a job run twice) end with the same single code.
   */
  async claimCode(merchantId: string, requestId: string, sealed: string): Promise<boolean> {
    const claimed = await this.db
      .update(reviewRequests)
      .set({ incentiveCodeSealed: sealed, updatedAt: new Date() })
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.id, requestId),
          isNull(reviewRequests.incentiveCodeSealed),
        ),
      )
      .returning({ id: reviewRequests.id });
    return claimed.length > 0;
  }

  /** Takes the request's one incentive mail: true for the single caller that may send it. */
  async claimSend(merchantId: string, requestId: string, at: Date): Promise<boolean> {
    const claimed = await this.db
      .update(reviewRequests)
      .set({ incentiveSentAt: at, updatedAt: at })
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.id, requestId),
          isNull(reviewRequests.incentiveSentAt),
        ),
      )
      .returning({ id: reviewRequests.id });
    return claimed.length > 0;
  }

  /** The mail did not go: the next attempt may send it. */
  async releaseSend(merchantId: string, requestId: string, at: Date): Promise<void> {
    await this.db
      .update(reviewRequests)
      .set({ incentiveSentAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.id, requestId),
          eq(reviewRequests.incentiveSentAt, at),
        ),
      );
  }
}
