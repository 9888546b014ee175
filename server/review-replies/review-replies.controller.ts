import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ZReview, ZReviewReply, type TReview } from '../../shared/reviews.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ReviewRepliesService } from './review-replies.service.js';

@Controller('api/reviews')
export class ReviewRepliesController {
  constructor(private readonly replies: ReviewRepliesService) {}

  @Put(':id/reply/')
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, { description: 'The review with its reply (mailed to the reviewer when `notify` asked).' })
  reply(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZReviewReply)) body: z.output<typeof ZReviewReply>,
  ): Promise<TReview> {
    return this.replies.reply(requireWorkspace(auth), id, body);
  }

  @Delete(':id/reply/')
  @HttpCode(204)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(null, { description: 'The reply is removed.' })
  removeReply(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.replies.removeReply(requireWorkspace(auth), id);
  }

  @Post(':id/pin/')
  @HttpCode(200)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, { description: 'The review, pinned: it comes first on the storefront.' })
  pin(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.replies.pin(requireWorkspace(auth), id, true);
  }

  @Post(':id/unpin/')
  @HttpCode(200)
  @KeyScope('reviews:write')
  @Authenticated('moderate_reviews')
  @Answers(ZReview, { description: 'The review, no longer pinned.' })
  unpin(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReview> {
    return this.replies.pin(requireWorkspace(auth), id, false);
  }
}
