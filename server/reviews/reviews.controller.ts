import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import { ZTopProductsLimit } from '../../shared/analytics.js';
import {
  ZReviewBulk,
  ZReviewListQuery,
  ZReviewUpdate,
  type TMediaStatus,
  type TPage,
  type TReview,
  type TReviewBulkResult,
  type TReviewHistory,
  type TReviewStats,
  type TTopProduct,
} from '../../shared/reviews.js';
import type { TUsageDetails } from '../../shared/billing.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ReviewMediaService } from './review-media.service.js';
import { ReviewModerationService } from './review-moderation.service.js';
import { ReviewsService } from './reviews.service.js';

const ZTopProductsQuery = z.object({ limit: ZTopProductsLimit });

@Controller('api/reviews')
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly moderation: ReviewModerationService,
    private readonly media: ReviewMediaService,
  ) {}

  @Get('/')
  @Authenticated('moderate_reviews')
  list(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewListQuery)) query: z.output<typeof ZReviewListQuery>,
  ): Promise<TPage<TReview>> {
    return this.reviews.list(requireWorkspace(auth), query);
  }

  @Get('pending/')
  @Authenticated('moderate_reviews')
  pending(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewListQuery)) query: z.output<typeof ZReviewListQuery>,
  ): Promise<TPage<TReview>> {
    return this.reviews.list(requireWorkspace(auth), { ...query, status: 'pending' });
  }

  @Get('stats/')
  @Authenticated('moderate_reviews')
  stats(@Auth() auth: AuthContext): Promise<TReviewStats> {
    return this.reviews.stats(requireWorkspace(auth));
  }

  @Get('top_products/')
  @Authenticated('moderate_reviews')
  topProducts(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZTopProductsQuery)) query: z.output<typeof ZTopProductsQuery>,
  ): Promise<TListOf<TTopProduct>> {
    return this.reviews.topProducts(requireWorkspace(auth), query.limit);
  }

  @Get('usage_details/')
  @Authenticated('moderate_reviews')
  usageDetails(@Auth() auth: AuthContext): Promise<TUsageDetails> {
    return this.reviews.usageDetails(requireWorkspace(auth));
  }

  @Get('media_status/')
  @Authenticated('manage_store')
  mediaStatus(@Auth() auth: AuthContext): Promise<TMediaStatus> {
    return this.media.status(requireWorkspace(auth));
  }

  @Get(':id/')
  @Authenticated('moderate_reviews')
  get(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.reviews.get(requireWorkspace(auth), id);
  }

  @Get(':id/history/')
  @Authenticated('moderate_reviews')
  history(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewHistory> {
    return this.reviews.history(requireWorkspace(auth), id);
  }

  @Patch(':id/')
  @Authenticated('moderate_reviews')
  update(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZReviewUpdate)) body: z.output<typeof ZReviewUpdate>,
  ): Promise<TReview> {
    return this.reviews.update(requireWorkspace(auth), id, body);
  }

  @Delete(':id/')
  @HttpCode(204)
  @Authenticated('moderate_reviews')
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.moderation.remove(requireWorkspace(auth), id);
  }

  @Post(':id/approve/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  approve(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.moderation.approve(requireWorkspace(auth), id);
  }

  @Post(':id/reject/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  reject(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.moderation.reject(requireWorkspace(auth), id);
  }

  @Post(':id/restore/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  restore(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.moderation.restore(requireWorkspace(auth), id);
  }

  @Post('bulk/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  bulk(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZReviewBulk)) body: z.output<typeof ZReviewBulk>,
  ): Promise<TReviewBulkResult> {
    return this.moderation.bulk(requireWorkspace(auth), body);
  }
}
