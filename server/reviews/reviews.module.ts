import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { HealthModule } from '../health/health.module.js';
import { MediaModule } from '../media/media.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { PlatformRatingsModule } from '../platform-ratings/platform-ratings.module.js';
import { ProductsModule } from '../products/products.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { ReviewHistoryRepository } from './review-history.repository.js';
import { ReviewMediaJobs } from './review-media.jobs.js';
import { ReviewMediaRepository } from './review-media.repository.js';
import { ReviewMediaService } from './review-media.service.js';
import { ReviewModerationService } from './review-moderation.service.js';
import { ReviewPublication } from './review-publication.js';
import { ReviewResumableController } from './review-resumable.controller.js';
import { ReviewResumableService } from './review-resumable.service.js';
import { ReviewUploadController } from './review-upload.controller.js';
import { ReviewUploadService } from './review-upload.service.js';
import { ReviewsPurgeService } from './reviews-purge.service.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';
import { VerifiedPurchases } from './verified-purchases.js';

@Module({
  imports: [
    AnalyticsModule,
    AuthModule,
    BillingModule,
    HealthModule,
    MediaModule,
    OrdersModule,
    PlatformRatingsModule,
    ProductsModule,
    StorefrontModule,
  ],
  controllers: [ReviewUploadController, ReviewResumableController, ReviewsController],
  providers: [
    ReviewsRepository,
    ReviewHistoryRepository,
    ReviewsService,
    ReviewModerationService,
    ReviewMediaRepository,
    ReviewMediaService,
    ReviewMediaJobs,
    ReviewPublication,
    ReviewUploadService,
    ReviewResumableService,
    ReviewsPurgeService,
    VerifiedPurchases,
  ],
  exports: [ReviewsRepository, ReviewsService, ReviewModerationService, ReviewMediaJobs, ReviewUploadService],
})
export class ReviewsModule {}
