import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { PurchaseEvents } from './purchase-events.js';
import { WidgetEventsController } from './widget-events.controller.js';
import { WidgetEventsRepository } from './widget-events.repository.js';
import { WidgetEventsService } from './widget-events.service.js';

/** View, play and add-to-cart beacons from the widget, and purchases from orders, rolled up per day for analytics. */
@Module({
  imports: [AnalyticsModule, AuthModule, StorefrontModule],
  controllers: [WidgetEventsController],
  providers: [WidgetEventsRepository, WidgetEventsService, PurchaseEvents],
  exports: [WidgetEventsRepository],
})
export class WidgetEventsModule {}
