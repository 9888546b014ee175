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
const REVIEWS_PER_PAGE = 250;

/** A review of the store's own, as the Catalog API lists them. */
interface NativeReview {
  id: number;
  email: string;
  name: string;
  rating: number;
  date_reviewed: string;
}
interface NativeReviewPage {
  data: NativeReview[];
  meta: { pagination?: { total_pages: number } };
}

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
    const copyOf = (review: PublishedReview) =>
      copies.find((c) => c.reviewId === review.id && c.externalProductId === externalId);
    // Copies made before an instance died, before their ids were stored: found again, not made twice.
    const unclaimed = wanted.some((review) => !copyOf(review))
      ? await this.unclaimed(credentials, externalId, new Set(copies.map((c) => c.externalReviewId)))
      : [];
    for (const review of wanted) {
      const body = nativeReview(review);
      const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
      const copy = copyOf(review);
      if (copy?.digest === digest) continue;
      let externalReviewId = copy?.externalReviewId ?? adopt(unclaimed, body);
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

  /** The product's reviews on BigCommerce that no copy of ours names (the merchant's own, or a lost copy's). */
  private async unclaimed(
    credentials: ReturnType<BigCommerceCredentialsOf['of']>,
    externalId: string,
    claimed: Set<string>,
  ): Promise<NativeReview[]> {
    const found: NativeReview[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = await this.client.get<NativeReviewPage>(
        credentials,
        `/v3/catalog/products/${encodeURIComponent(externalId)}/reviews?limit=${REVIEWS_PER_PAGE}&page=${page}`,
      );
      found.push(...answer.data.filter((review) => !claimed.has(String(review.id))));
      pages = answer.meta.pagination?.total_pages ?? 1;
    }
    return found;
  }
}

/**
 * The id of an unclaimed review that is this copy (same reviewer, stars and date to the second: what we sent), taken
 * out of `unclaimed` so no two copies take one.
 */
function adopt(unclaimed: NativeReview[], body: ReturnType<typeof nativeReview>): string | undefined {
  const second = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const at = unclaimed.findIndex(
    (native) =>
      (native.email || '') === (body.email || '') &&
      (native.name || '') === (body.name || '') &&
      native.rating === body.rating &&
      second(native.date_reviewed) === second(body.date_reviewed),
  );
  return at === -1 ? undefined : String(unclaimed.splice(at, 1)[0].id);
}
