import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { MediaModule } from '../media/media.module.js';
import { ProductsModule } from '../products/products.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { ReviewUploadController } from './review-upload.controller.js';
import { ReviewUploadService } from './review-upload.service.js';
import { ReviewsPurgeService } from './reviews-purge.service.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

@Module({
  imports: [AnalyticsModule, AuthModule, BillingModule, MediaModule, ProductsModule, StorefrontModule],
  controllers: [ReviewUploadController, ReviewsController],
  providers: [ReviewsRepository, ReviewsService, ReviewUploadService, ReviewsPurgeService],
  exports: [ReviewsRepository, ReviewsService],
})
export class ReviewsModule {}
