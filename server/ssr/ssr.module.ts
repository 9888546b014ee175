import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { SsrController } from './ssr.controller.js';
import { SsrService } from './ssr.service.js';

@Module({
  imports: [AnalyticsModule, AuthModule, ReviewsModule],
  controllers: [SsrController],
  providers: [SsrService],
  exports: [SsrService],
})
export class SsrModule {}
