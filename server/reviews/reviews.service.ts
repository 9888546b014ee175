import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import type {
  TPage,
  TReview,
  TReviewHistory,
  TReviewStats,
  TTopProduct,
  ZReviewListQuery,
  ZReviewUpdate,
} from '../../shared/reviews.js';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import type { TUsageDetails } from '../../shared/billing.js';
import { PlanLimitsService } from '../billing/plan-limits.service.js';
import { ApiError } from '../common/api-error.js';
import type { RenderReads } from '../database/render-reads.js';
import { DomainEvents } from '../events/domain-events.js';
import { ProductsRepository } from '../products/products.repository.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { MediaUrls } from '../media/media-urls.js';
import { PlatformRatingsService, type RatingsTouched } from '../platform-ratings/platform-ratings.service.js';
import { ReviewPublication } from './review-publication.js';
import { ReviewHistoryRepository } from './review-history.repository.js';
import { mapReview, mapStatusChange, type MediaUrl } from './reviews.mapper.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { listPage } from '../common/list-page.js';
import { REVIEWS_PAGE_SIZE } from '../../shared/constants.js';

/** The merchant's reviews: lists, counts, edits and history (moderation: ReviewModerationService). */
@Injectable()
export class ReviewsService implements OnModuleInit {
  private readonly mediaUrl: MediaUrl;

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly limits: PlanLimitsService,
    private readonly products: ProductsRepository,
    private readonly storefront: StorefrontCache,
    private readonly analytics: AnalyticsCache,
    private readonly historyRows: ReviewHistoryRepository,
    urls: MediaUrls,
    private readonly readers: ServerReaders,
    private readonly publication: ReviewPublication,
    private readonly events: DomainEvents,
    private readonly platformRatings: PlatformRatingsService,
  ) {
    // Signed: the dashboard plays every review's media, published or not.
    this.mediaUrl = (key) => urls.forDashboard(key);
  }

  onModuleInit(): void {
    // The reviews page's first list and counts, drawn with the page (the API routes' permission).
    this.readers.register(
      'reviews',
      'moderate_reviews',
      (merchantId, _user, reads) => (query) =>
        this.listOf(merchantId, { ...query, page_size: REVIEWS_PAGE_SIZE, search: query.search || undefined }, reads),
    );
    this.readers.register(
      'reviewStats',
      'moderate_reviews',
      (merchantId, _user, reads) => () => this.statsOf(merchantId, reads),
    );
  }

  list(auth: WorkspaceContext, query: z.output<typeof ZReviewListQuery>): Promise<TPage<TReview>> {
    return this.listOf(storeOf(auth).id, query);
  }

  private async listOf(
    merchantId: string,
    query: z.output<typeof ZReviewListQuery>,
    reads?: RenderReads,
  ): Promise<TPage<TReview>> {
    const { count, rows } = await this.reviews.list(
      merchantId,
      {
        page: query.page,
        pageSize: query.page_size,
        status: query.status,
        search: query.search || undefined,
        flagged: query.flagged,
      },
      reads,
    );
    return listPage(
      '/api/reviews/',
      query,
      count,
      rows.map((row) => mapReview(row, this.mediaUrl)),
    );
  }

  /** The review as the API answers it, for work outside a request (outgoing webhooks); null when it is gone. */
  async find(merchantId: string, id: string): Promise<TReview | null> {
    const row = await this.reviews.find(merchantId, id);
    return row && mapReview(row, this.mediaUrl);
  }

  async get(auth: WorkspaceContext, id: string): Promise<TReview> {
    const row = await this.reviews.find(storeOf(auth).id, id);
    if (!row) throw ApiError.notFound('No review with this id in your store.');
    return mapReview(row, this.mediaUrl);
  }

  /** The review's moderation history: 404 unless the review is this store's. */
  async history(auth: WorkspaceContext, id: string): Promise<TReviewHistory> {
    const merchantId = storeOf(auth).id;
    if (!(await this.reviews.find(merchantId, id))) throw ApiError.notFound('No review with this id in your store.');
    return { results: (await this.historyRows.changes(merchantId, id)).map(mapStatusChange) };
  }

  stats(auth: WorkspaceContext): Promise<TReviewStats> {
    return this.statsOf(storeOf(auth).id);
  }

  private async statsOf(merchantId: string, reads?: RenderReads): Promise<TReviewStats> {
    const { counts, averageRating } = await this.reviews.stats(merchantId, reads);
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

  async update(auth: WorkspaceContext, id: string, patch: z.output<typeof ZReviewUpdate>): Promise<TReview> {
    const merchantId = storeOf(auth).id;
    let productId: string | undefined;
    if (patch.product_id !== undefined) {
      const product = await this.products.findByExternalId(merchantId, patch.product_id);
      if (!product) throw ApiError.validation({ product_id: ['No product with this id in your store.'] });
      productId = product.id;
    }
    // The product it leaves, when it moves: that one's rating changes too.
    const before = productId ? await this.reviews.find(merchantId, id) : null;
    const updated = await this.reviews.update(merchantId, id, {
      comment: patch.comment,
      rating: patch.rating,
      productId,
    });
    if (!updated) throw ApiError.notFound('No review with this id in your store.');
    await this.changed(merchantId, { reviewIds: [id], productIds: before ? [before.review.productId] : [] });
    if (patch.comment !== undefined || productId) {
      // Saved already: a subscriber's failure (logged) leaves the old flags, not an error answer.
      await this.events.emit('review.edited', { merchantId, reviewId: id }).catch(() => undefined);
    }
    return this.get(auth, id);
  }

  /**
   * Shoppers and the dashboard both see a review change at once; the platforms' product ratings follow for the
   * reviews `touched` names (whose rating or publication changed).
   */
  async changed(merchantId: string, touched?: RatingsTouched): Promise<void> {
    await Promise.all([
      this.storefront.invalidate(merchantId),
      this.analytics.reviewsChanged(merchantId),
      this.publication.changed(merchantId),
      touched ? this.platformRatings.changed(merchantId, touched) : undefined,
    ]);
  }

  usageDetails(auth: WorkspaceContext): Promise<TUsageDetails> {
    return this.limits.usageDetails(storeOf(auth).id);
  }
}
