import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetEventsController } from './widget-events.controller.js';
import { WidgetEventsRepository } from './widget-events.repository.js';
import { WidgetEventsService } from './widget-events.service.js';

/** View, play and add-to-cart beacons from the widget, rolled up per day for analytics. */
@Module({
  imports: [AnalyticsModule, AuthModule, StorefrontModule],
  controllers: [WidgetEventsController],
  providers: [WidgetEventsRepository, WidgetEventsService],
})
export class WidgetEventsModule {}
