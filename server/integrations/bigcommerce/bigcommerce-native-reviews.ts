import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { isConnected } from '../../accounts/accounts.mapper.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import {
  PlatformRatingsRegistry,
  RatingsNotPermitted,
  type PlatformRatings,
  type ProductRating,
} from '../../platform-ratings/platform-ratings.js';
import { PlatformError } from '../platform-error.js';
import { BigCommerceCredentialsOf } from './bigcommerce-credentials.js';
import { BigCommerceReviewCopiesRepository } from './bigcommerce-review-copies.repository.js';
import { BigCommerceClient } from './bigcommerce.client.js';

/** What the Store API account needs to write product reviews. */
const SCOPE = 'Products (modify)';
const TITLE_MAX = 80;

type PublishedReview = Awaited<ReturnType<BigCommerceReviewCopiesRepository['published']>>[number];

/** A review as BigCommerce's Catalog API takes it. It wants a title: the text's first line, or the stars without one. */
export function nativeReview(review: PublishedReview) {
  const line = review.comment.trim().split(/\r?\n/)[0]?.trim() ?? '';
  const title =
    line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).replace(/\s+\S*$/, '')}…` : line || stars(review.rating);
  return {
    title,
    text: review.comment.trim(),
    status: 'approved',
    rating: review.rating,
    name: review.customerName,
    email: review.customerEmail,
    date_reviewed: review.createdAt.toISOString(),
  };
}

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/**
 * BigCommerce has no rating fields a theme reads: its stars come from the store's own product reviews. When the
 * merchant chooses it (Integrations → BigCommerce), each product's published reviews are copied there and kept in
 * step: created, changed when what was sent differs (a digest per copy), removed once no longer published, moved
 * with the review to another product, and all removed when the merchant turns the copies off.
 */
@Injectable()
export class BigCommerceNativeReviews implements PlatformRatings, OnModuleInit {
  readonly platform = 'bigcommerce' as const;

  constructor(
    private readonly client: BigCommerceClient,
    private readonly credentials: BigCommerceCredentialsOf,
    private readonly copies: BigCommerceReviewCopiesRepository,
    private readonly registry: PlatformRatingsRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  serves(merchant: MerchantRow): boolean {
    return merchant.externalStoreId !== null && isConnected(merchant);
  }

  async push(merchant: MerchantRow, ratings: ProductRating[]): Promise<void> {
    try {
      for (const rating of ratings) await this.pushProduct(merchant, rating);
    } catch (error) {
      if (error instanceof PlatformError && error.status === 403) throw new RatingsNotPermitted(SCOPE);
      throw error;
    }
  }

  private async pushProduct(merchant: MerchantRow, { productId, externalId }: ProductRating): Promise<void> {
    const credentials = this.credentials.of(merchant);
    const wanted = merchant.nativeReviews ? await this.copies.published(merchant.id, productId) : [];
    const copies = await this.copies.copies(
      merchant.id,
      productId,
      wanted.map((review) => review.id),
    );
    const path = (product: string, review?: string) =>
      `/v3/catalog/products/${encodeURIComponent(product)}/reviews${review ? `/${encodeURIComponent(review)}` : ''}`;
    const wantedIds = new Set(wanted.map((review) => review.id));
    for (const copy of copies) {
      const stays = wantedIds.has(copy.reviewId) && copy.externalProductId === externalId;
      if (stays) continue;
      await this.client.delete(credentials, path(copy.externalProductId, copy.externalReviewId));
      await this.copies.remove(merchant.id, copy.reviewId);
    }
    for (const review of wanted) {
      const body = nativeReview(review);
      const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
      const copy = copies.find((c) => c.reviewId === review.id && c.externalProductId === externalId);
      if (copy?.digest === digest) continue;
      let externalReviewId = copy?.externalReviewId;
      if (externalReviewId) {
        await this.client.put(credentials, path(externalId, externalReviewId), body);
      } else {
        const created = await this.client.post<{ data: { id: number } }>(credentials, path(externalId), body);
        externalReviewId = String(created.data.id);
      }
      await this.copies.save({
        reviewId: review.id,
        merchantId: merchant.id,
        productId,
        externalProductId: externalId,
        externalReviewId,
        digest,
      });
    }
  }
}
