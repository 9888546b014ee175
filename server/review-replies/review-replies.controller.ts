import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ZReviewReply, type TReview } from '../../shared/reviews.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ReviewRepliesService } from './review-replies.service.js';

@Controller('api/reviews')
export class ReviewRepliesController {
  constructor(private readonly replies: ReviewRepliesService) {}

  @Put(':id/reply/')
  @Authenticated('moderate_reviews')
  reply(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZReviewReply)) body: z.output<typeof ZReviewReply>,
  ): Promise<TReview> {
    return this.replies.reply(requireWorkspace(auth), id, body);
  }

  @Delete(':id/reply/')
  @HttpCode(204)
  @Authenticated('moderate_reviews')
  removeReply(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.replies.removeReply(requireWorkspace(auth), id);
  }

  @Post(':id/pin/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  pin(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.replies.pin(requireWorkspace(auth), id, true);
  }

  @Post(':id/unpin/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  unpin(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.replies.pin(requireWorkspace(auth), id, false);
  }
}
