import { Module } from '@nestjs/common';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetScriptModule } from '../widget-script/widget-script.module.js';
import { ReviewRequestLinksRepository } from './review-request-links.repository.js';
import { ReviewRequestPageController } from './review-request-page.controller.js';
import { ReviewRequestPageService } from './review-request-page.service.js';

/** Review requests (issue 24): mails to buyers after their orders, reminders, the hosted review page's links. */
@Module({
  imports: [ReviewsModule, StorefrontModule, WidgetScriptModule],
  controllers: [ReviewRequestPageController],
  providers: [ReviewRequestLinksRepository, ReviewRequestPageService],
})
export class ReviewRequestsModule {}
