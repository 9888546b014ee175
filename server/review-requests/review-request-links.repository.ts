import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import type { Transaction } from '../reviews/reviews.repository.js';
import { merchants, reviewRequestProducts, reviewRequests, reviews } from '../database/schema.js';

export type LinkedRequest = Pick<
  typeof reviewRequests.$inferSelect,
  'id' | 'merchantId' | 'status' | 'locale' | 'customerName' | 'customerEmail' | 'expiresAt' | 'openedAt'
>;
export interface LinkedStore {
  storeId: string;
  storeName: string;
  storeDomain: string | null;
  disconnectedAt: Date | null;
}
export interface LinkedProduct {
  productExternalId: string;
  name: string;
  url: string | null;
  imageUrl: string | null;
  reviewId: string | null;
  /** The review made through the link, while it exists. */
  review: { rating: number; comment: string } | null;
}
export interface RequestLink {
  request: LinkedRequest;
  store: LinkedStore;
  products: LinkedProduct[];
}

/**
 * What a review request's link (the hosted review page `/r/{token}`, the unsubscribe page `/u/{token}`) reads and
 * changes. The link's token is the only key a shopper holds: each lookup is by its hash, and every change after it
 * names the request's store.
 */
@Injectable()
export class ReviewRequestLinksRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /** The request a token hash names, its store and its products in the mail's order; null when none. */
  async findByTokenHash(tokenHash: string): Promise<RequestLink | null> {
    const [row] = await this.db
      .select({
        request: {
          id: reviewRequests.id,
          merchantId: reviewRequests.merchantId,
          status: reviewRequests.status,
          locale: reviewRequests.locale,
          customerName: reviewRequests.customerName,
          customerEmail: reviewRequests.customerEmail,
          expiresAt: reviewRequests.expiresAt,
          openedAt: reviewRequests.openedAt,
        },
        store: {
          storeId: merchants.storeId,
          storeName: merchants.storeName,
          storeDomain: merchants.storeDomain,
          disconnectedAt: merchants.disconnectedAt,
        },
      })
      .from(reviewRequests)
      .innerJoin(merchants, eq(merchants.id, reviewRequests.merchantId))
      .where(eq(reviewRequests.tokenHash, tokenHash))
      .limit(1);
    if (!row) return null;
    const products = await this.db
      .select({
        productExternalId: reviewRequestProducts.productExternalId,
        name: reviewRequestProducts.name,
        url: reviewRequestProducts.url,
        imageUrl: reviewRequestProducts.imageUrl,
        reviewId: reviewRequestProducts.reviewId,
        rating: reviews.rating,
        comment: reviews.comment,
      })
      .from(reviewRequestProducts)
      .leftJoin(reviews, and(eq(reviews.id, reviewRequestProducts.reviewId), isNull(reviews.deletedAt)))
      .where(
        and(
          eq(reviewRequestProducts.merchantId, row.request.merchantId),
          eq(reviewRequestProducts.requestId, row.request.id),
        ),
      )
      .orderBy(asc(reviewRequestProducts.position), asc(reviewRequestProducts.productExternalId));
    return {
      ...row,
      products: products.map(({ rating, comment, ...product }) => ({
        ...product,
        review: rating === null ? null : { rating, comment: comment ?? '' },
      })),
    };
  }

  /**
   * The first opening of the link: the funnel counts it; a request that was only sent moves to `opened`. True when
   * this was the first.
   */
  async markOpened(merchantId: string, requestId: string, at: Date): Promise<boolean> {
    const [row] = await this.db
      .update(reviewRequests)
      .set({
        openedAt: sql`coalesce(${reviewRequests.openedAt}, ${at.toISOString()}::timestamptz)`,
        status: sql`case when ${reviewRequests.status} = 'sent' then 'opened' else ${reviewRequests.status} end`,
      })
      .where(and(eq(reviewRequests.merchantId, merchantId), eq(reviewRequests.id, requestId)))
      .returning({ first: sql<boolean>`${reviewRequests.openedAt} = ${at.toISOString()}::timestamptz` });
    return row?.first === true;
  }

  /**
   * Ties the review to the request's product, unless another review already is (false then), in the transaction that
   * makes the review. The request is `reviewed` from its first review on, and sends nothing more.
   */
  async markProductReviewed(
    tx: Transaction,
    merchantId: string,
    requestId: string,
    productExternalId: string,
    reviewId: string,
    at: Date,
  ): Promise<boolean> {
    const marked = await tx
      .update(reviewRequestProducts)
      .set({ reviewId, reviewedAt: at })
      .where(
        and(
          eq(reviewRequestProducts.merchantId, merchantId),
          eq(reviewRequestProducts.requestId, requestId),
          eq(reviewRequestProducts.productExternalId, productExternalId),
          isNull(reviewRequestProducts.reviewId),
        ),
      )
      .returning({ id: reviewRequestProducts.id });
    if (!marked.length) return false;
    await tx
      .update(reviewRequests)
      .set({
        status: 'reviewed',
        sendAt: null,
        reviewedAt: sql`coalesce(${reviewRequests.reviewedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.id, requestId),
          // An unsubscribed buyer who still reviews stays unsubscribed: the status says why nothing is sent.
          inArray(reviewRequests.status, ['scheduled', 'sent', 'opened', 'failed', 'reviewed']),
        ),
      );
    return true;
  }
}
