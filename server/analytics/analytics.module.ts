import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AnalyticsCache } from './analytics-cache.js';
import { AnalyticsSubscriptions } from './analytics-subscriptions.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';

/** The dashboard's metrics, review activity and top products (SPEC §7 Analytics), from rollups, cached per store. */
@Module({
  imports: [AuthModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsCache, AnalyticsRepository, AnalyticsService, AnalyticsSubscriptions],
  exports: [AnalyticsCache, AnalyticsRepository, AnalyticsService],
})
export class AnalyticsModule {}
