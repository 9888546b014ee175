import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { PurchaseEvents } from './purchase-events.js';
import { WidgetEventsPrune } from './widget-events-prune.js';
import { WidgetEventsController } from './widget-events.controller.js';
import { WidgetEventsRepository } from './widget-events.repository.js';
import { WidgetEventsService } from './widget-events.service.js';

/**
 * The widget's beacons (views, add-to-carts, the player's reports) and purchases from orders, rolled up per day for
 * analytics; raw events pruned past their retention.
 */
@Module({
  imports: [AnalyticsModule, AuthModule, StorefrontModule],
  controllers: [WidgetEventsController],
  providers: [WidgetEventsRepository, WidgetEventsService, PurchaseEvents, WidgetEventsPrune],
  exports: [WidgetEventsRepository],
})
export class WidgetEventsModule {}
