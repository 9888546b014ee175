import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ModerationModule } from '../moderation/moderation.module.js';
import { ReviewRequestsModule } from '../review-requests/review-requests.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { QuestionReaders } from './question-readers.js';
import { QuestionsPublicController } from './questions-public.controller.js';
import { QuestionsController } from './questions.controller.js';
import { QuestionsRepository } from './questions.repository.js';
import { QuestionsRoutes } from './questions.routes.js';
import { QuestionsSubscriptions } from './questions-subscriptions.js';
import { QuestionsService } from './questions.service.js';

/** Issue 25, shoppers who ask: questions from the widget, the merchant's answers on the /questions page. */
@Module({
  imports: [AuthModule, MailModule, ModerationModule, ReviewRequestsModule, ReviewsModule, StorefrontModule],
  controllers: [QuestionsPublicController, QuestionsController],
  providers: [QuestionReaders, QuestionsRepository, QuestionsService, QuestionsRoutes, QuestionsSubscriptions],
  exports: [QuestionsRepository],
})
export class QuestionsModule {}
