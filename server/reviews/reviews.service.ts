import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import type {
  TPage,
  TReview,
  TReviewStats,
  TTopProduct,
  ZReviewListQuery,
  ZReviewUpdate,
} from '../../shared/reviews.js';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import type { TUsageDetails } from '../../shared/billing.js';
import { PlanLimitsService } from '../billing/plan-limits.service.js';
import type { PlanRow } from '../billing/plans.repository.js';
import type { ReviewUsage } from '../billing/usage.js';
import { ApiError } from '../common/api-error.js';
import { ProductsRepository } from '../products/products.repository.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { mapReview, type MediaUrl } from './reviews.mapper.js';
import { ReviewsRepository, type ReviewChange, type ReviewRow } from './reviews.repository.js';

/** Where a page link points: the same query with another page number. */
function pageLink(path: string, query: z.output<typeof ZReviewListQuery>, page: number): string {
  const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) });
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  return `${path}?${params}`;
}

function refused(detail: string, code = 'invalid_transition'): ApiError {
  return ApiError.badRequest(detail, code);
}

/** The merchant's reviews and the moderation rules of DESIGN §6.1–§6.3. */
@Injectable()
export class ReviewsService {
  private readonly mediaUrl: MediaUrl;

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly limits: PlanLimitsService,
    private readonly products: ProductsRepository,
    private readonly storefront: StorefrontCache,
    private readonly analytics: AnalyticsCache,
    @Inject(MEDIA_STORAGE) storage: MediaStorage,
  ) {
    this.mediaUrl = (key) => storage.urlOf(key);
  }

  async list(auth: WorkspaceContext, query: z.output<typeof ZReviewListQuery>): Promise<TPage<TReview>> {
    const { count, rows } = await this.reviews.list(storeOf(auth).id, {
      page: query.page,
      pageSize: query.page_size,
      status: query.status,
      search: query.search || undefined,
    });
    const path = '/api/reviews/';
    return {
      count,
      next: query.page * query.page_size < count ? pageLink(path, query, query.page + 1) : null,
      previous:
        query.page > 1
          ? pageLink(path, query, Math.min(query.page - 1, Math.ceil(count / query.page_size) || 1))
          : null,
      results: rows.map((row) => mapReview(row, this.mediaUrl)),
    };
  }

  async get(auth: WorkspaceContext, id: string): Promise<TReview> {
    const row = await this.reviews.find(storeOf(auth).id, id);
    if (!row) throw ApiError.notFound('No review with this id in your store.');
    return mapReview(row, this.mediaUrl);
  }

  async stats(auth: WorkspaceContext): Promise<TReviewStats> {
    const { counts, averageRating } = await this.reviews.stats(storeOf(auth).id);
    return {
      total: counts.pending + counts.approved + counts.rejected,
      ...counts,
      average_rating: averageRating === null ? null : Math.round(averageRating * 10) / 10,
    };
  }

  async topProducts(auth: WorkspaceContext, limit: number): Promise<TListOf<TTopProduct>> {
    const rows = await this.reviews.topProducts(storeOf(auth).id, limit);
    return {
      results: rows.map(({ product, reviews }) => ({
        product_id: product.externalId,
        name: product.name,
        image: product.imageUrl,
        reviews,
      })),
    };
  }

  approve(auth: WorkspaceContext, id: string): Promise<TReview> {
    return this.moderate(auth, id, async (review, usage, plan) => {
      if (review.deletedAt) throw refused('Restore the deleted review first.');
      if (review.status === 'approved') throw refused('The review is already approved.');
      this.limits.assertRoom(await usage(), plan, 'active');
      return { status: 'approved', event: { from: review.status, to: 'approved' } };
    });
  }

  reject(auth: WorkspaceContext, id: string): Promise<TReview> {
    return this.moderate(auth, id, async (review) => {
      if (review.deletedAt) throw refused('Restore the deleted review first.');
      if (review.status === 'rejected') throw refused('The review is already rejected.');
      return { status: 'rejected', event: { from: review.status, to: 'rejected' } };
    });
  }

  /** A deleted review comes back as it was (within the plan); a rejected one goes back to pending. */
  restore(auth: WorkspaceContext, id: string): Promise<TReview> {
    return this.moderate(auth, id, async (review, usage, plan) => {
      if (review.deletedAt) {
        const current = await usage();
        this.limits.assertRoom(current, plan, 'total');
        if (review.status === 'approved') this.limits.assertRoom(current, plan, 'active');
        return { deletedAt: null, event: { from: 'deleted', to: review.status } };
      }
      if (review.status === 'approved') throw refused('Setting to pending is not supported', 'pending_not_supported');
      if (review.status === 'pending') throw refused('The review is already pending.');
      return { status: 'pending', event: { from: 'rejected', to: 'pending' } };
    });
  }

  /** Soft delete (DESIGN §6.2): off the store at once, purged for good after 30 days. */
  async remove(auth: WorkspaceContext, id: string): Promise<void> {
    await this.moderate(auth, id, async (review) => {
      if (review.deletedAt) throw refused('The review is already deleted.');
      return { deletedAt: new Date(), event: { from: review.status, to: 'deleted' } };
    });
  }

  async update(auth: WorkspaceContext, id: string, patch: z.output<typeof ZReviewUpdate>): Promise<TReview> {
    const merchantId = storeOf(auth).id;
    let productId: string | undefined;
    if (patch.product_id !== undefined) {
      const product = await this.products.findByExternalId(merchantId, patch.product_id);
      if (!product) throw ApiError.validation({ product_id: ['No product with this id in your store.'] });
      productId = product.id;
    }
    const updated = await this.reviews.update(merchantId, id, {
      comment: patch.comment,
      rating: patch.rating,
      productId,
    });
    if (!updated) throw ApiError.notFound('No review with this id in your store.');
    await this.changed(merchantId);
    return this.get(auth, id);
  }

  /** Shoppers and the dashboard both see a review change at once. */
  private async changed(merchantId: string): Promise<void> {
    await Promise.all([this.storefront.invalidate(merchantId), this.analytics.reviewsChanged(merchantId)]);
  }

  usageDetails(auth: WorkspaceContext): Promise<TUsageDetails> {
    return this.limits.usageDetails(storeOf(auth).id);
  }

  private async moderate(
    auth: WorkspaceContext,
    id: string,
    decide: (review: ReviewRow, usage: () => Promise<ReviewUsage>, plan: PlanRow) => Promise<ReviewChange>,
  ): Promise<TReview> {
    const merchantId = storeOf(auth).id;
    const plan = await this.limits.planOf(merchantId);
    const updated = await this.reviews.moderate(merchantId, id, auth.user.id, (review, usage) =>
      decide(review, usage, plan),
    );
    if (!updated) throw ApiError.notFound('No review with this id in your store.');
    await this.changed(merchantId);
    return this.get(auth, id);
  }
}
