import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetScriptModule } from '../widget-script/widget-script.module.js';
import { IncentivesRepository } from './incentives/incentives.repository.js';
import { PlatformDiscountsModule } from './incentives/platform-discounts.js';
import { ReviewIncentives } from './incentives/review-incentives.service.js';
import { MailSuppressionsRepository } from './mail-suppressions.repository.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { ReviewRequestLinksRepository } from './review-request-links.repository.js';
import { ReviewRequestPageController } from './review-request-page.controller.js';
import { ReviewRequestPageService } from './review-request-page.service.js';
import { ReviewRequestReaders } from './review-request-readers.js';
import { ReviewRequestScheduler } from './review-request-scheduler.service.js';
import { ReviewRequestSender } from './review-request-sender.service.js';
import { ReviewRequestSettingsService } from './review-request-settings.service.js';
import { ReviewRequestSubscriptions } from './review-request-subscriptions.js';
import { ReviewRequestsController } from './review-requests.controller.js';
import { ReviewRequestsRepository } from './review-requests.repository.js';
import { ReviewRequestsService } from './review-requests.service.js';

/** Review requests (issue 24): mails to buyers after their orders, reminders, the hosted review page's links. */
@Module({
  imports: [
    AccountsModule,
    AuthModule,
    BillingModule,
    MailModule,
    PlatformDiscountsModule,
    ReviewsModule,
    StorefrontModule,
    WidgetScriptModule,
  ],
  controllers: [ReviewRequestsController, ReviewRequestPageController],
  providers: [
    ReviewRequestsRepository,
    MailSuppressionsRepository,
    MailSuppressionsService,
    ReviewRequestSettingsService,
    ReviewRequestScheduler,
    ReviewRequestSender,
    ReviewRequestSubscriptions,
    ReviewRequestsService,
    ReviewRequestLinksRepository,
    ReviewRequestPageService,
    IncentivesRepository,
    ReviewIncentives,
    ReviewRequestReaders,
  ],
  exports: [ReviewRequestsRepository, MailSuppressionsService, ReviewRequestSettingsService, ReviewRequestSender],
})
export class ReviewRequestsModule {}
