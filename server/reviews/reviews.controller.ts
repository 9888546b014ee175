import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import { ZTopProductsLimit } from '../../shared/analytics.js';
import { ZPlanLimitError, ZUsageDetails, type TUsageDetails } from '../../shared/billing.js';
import { ZApiError } from '../../shared/errors.js';
import {
  ZMediaStatus,
  ZReview,
  ZReviewBulk,
  ZReviewBulkResult,
  ZReviewHistory,
  ZReviewListQuery,
  ZReviewPage,
  ZReviewStats,
  ZReviewUpdate,
  ZTopProductList,
  type TMediaStatus,
  type TPage,
  type TReview,
  type TReviewBulkResult,
  type TReviewHistory,
  type TReviewStats,
  type TTopProduct,
} from '../../shared/reviews.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Answers, type RouteAnswer } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ReviewMediaService } from './review-media.service.js';
import { ReviewModerationService } from './review-moderation.service.js';
import { ReviewsService } from './reviews.service.js';

const ZTopProductsQuery = z.object({ limit: ZTopProductsLimit });

/** Approving, or restoring, a review the plan has no room for: 403 `plan_limit` with the usage. */
const PLAN_LIMIT: RouteAnswer = {
  description:
    "The workspace is not the caller's or the caller's role lacks `moderate_reviews`; or (`plan_limit`, with " +
    '`limit_info`) the plan has no room for one more active or total review.',
  body: z.union([ZApiError, ZPlanLimitError]),
};

@Controller('api/reviews')
@KeyScope('reviews:read')
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly moderation: ReviewModerationService,
    private readonly media: ReviewMediaService,
  ) {}

  @Get('/')
  @Authenticated('moderate_reviews')
  @Answers(ZReviewPage, { description: 'The store’s reviews the filters match, newest first.' })
  list(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewListQuery)) query: z.output<typeof ZReviewListQuery>,
  ): Promise<TPage<TReview>> {
    return this.reviews.list(requireWorkspace(auth), query);
  }

  @Get('pending/')
  @Authenticated('moderate_reviews')
  @Answers(ZReviewPage, { description: 'The reviews waiting for moderation, newest first.' })
  pending(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewListQuery)) query: z.output<typeof ZReviewListQuery>,
  ): Promise<TPage<TReview>> {
    return this.reviews.list(requireWorkspace(auth), { ...query, status: 'pending' });
  }

  @Get('stats/')
  @Authenticated('moderate_reviews')
  @Answers(ZReviewStats)
  stats(@Auth() auth: AuthContext): Promise<TReviewStats> {
    return this.reviews.stats(requireWorkspace(auth));
  }

  @Get('top_products/')
  @Authenticated('moderate_reviews')
  @Answers(ZTopProductList)
  topProducts(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZTopProductsQuery)) query: z.output<typeof ZTopProductsQuery>,
  ): Promise<TListOf<TTopProduct>> {
    return this.reviews.topProducts(requireWorkspace(auth), query.limit);
  }

  @Get('usage_details/')
  @Authenticated('moderate_reviews')
  @Answers(ZUsageDetails)
  usageDetails(@Auth() auth: AuthContext): Promise<TUsageDetails> {
    return this.reviews.usageDetails(requireWorkspace(auth));
  }

  @Get('media_status/')
  @Authenticated('manage_store')
  @Answers(ZMediaStatus)
  mediaStatus(@Auth() auth: AuthContext): Promise<TMediaStatus> {
    return this.media.status(requireWorkspace(auth));
  }

  @Get(':id/')
  @Authenticated('moderate_reviews')
  @Answers(ZReview)
  get(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.reviews.get(requireWorkspace(auth), id);
  }

  @Get(':id/history/')
  @Authenticated('moderate_reviews')
  @Answers(ZReviewHistory)
  history(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewHistory> {
    return this.reviews.history(requireWorkspace(auth), id);
  }

  @Patch(':id/')
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, { description: 'The review, edited.' })
  update(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZReviewUpdate)) body: z.output<typeof ZReviewUpdate>,
  ): Promise<TReview> {
    return this.reviews.update(requireWorkspace(auth), id, body);
  }

  @Delete(':id/')
  @HttpCode(204)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(null, { description: 'Deleted (restorable for 30 days); 400 `invalid_transition` when it already is.' })
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.moderation.remove(requireWorkspace(auth), id);
  }

  @Post(':id/approve/')
  @HttpCode(200)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, { description: 'The review, approved.', answers: { 403: PLAN_LIMIT } })
  approve(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.moderation.approve(requireWorkspace(auth), id);
  }

  @Post(':id/reject/')
  @HttpCode(200)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, { description: 'The review, rejected.' })
  reject(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.moderation.reject(requireWorkspace(auth), id);
  }

  @Post(':id/restore/')
  @HttpCode(200)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, {
    description: 'The review, restored: a deleted one as it was, a rejected one to pending.',
    answers: { 403: PLAN_LIMIT },
  })
  restore(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.moderation.restore(requireWorkspace(auth), id);
  }

  @Post('bulk/')
  @HttpCode(200)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReviewBulkResult, { description: 'What the action did, counted by outcome.' })
  bulk(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZReviewBulk)) body: z.output<typeof ZReviewBulk>,
  ): Promise<TReviewBulkResult> {
    return this.moderation.bulk(requireWorkspace(auth), body);
  }
}
