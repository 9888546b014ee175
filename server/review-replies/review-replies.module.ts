import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ReviewRequestsModule } from '../review-requests/review-requests.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { ReviewRepliesController } from './review-replies.controller.js';
import { ReviewRepliesRepository } from './review-replies.repository.js';
import { ReviewRepliesService } from './review-replies.service.js';

/** Issue 25, the merchant's voice: public replies to reviews (mailed on request) and pinned reviews. */
@Module({
  imports: [AuthModule, MailModule, ReviewRequestsModule, ReviewsModule],
  controllers: [ReviewRepliesController],
  providers: [ReviewRepliesRepository, ReviewRepliesService],
})
export class ReviewRepliesModule {}
