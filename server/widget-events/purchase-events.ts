import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { DomainEvents } from '../events/domain-events.js';
import { WidgetEventsRepository } from './widget-events.repository.js';

/**
 * An order whose cart carried a widget session (Shopify's cart attribute) is that session's purchase of each product
 * in it: recorded once per order as `purchase` events, which the conversion rate prefers to add-to-cart clicks.
 * Sessions the widget never reported are ignored, so a made-up attribute counts for nothing.
 */
@Injectable()
export class PurchaseEvents implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly widgetEvents: WidgetEventsRepository,
    private readonly analytics: AnalyticsCache,
  ) {}

  onModuleInit(): void {
    this.events.on('order.recorded', async ({ merchantId, sessionId, productExternalIds, firstSeen }) => {
      if (!firstSeen || !sessionId || !productExternalIds.length) return;
      if (!(await this.widgetEvents.knowsSession(merchantId, sessionId))) return;
      // The server's own record of an order: nothing to screen.
      await this.widgetEvents.record(
        merchantId,
        sessionId,
        productExternalIds.map((productExternalId) => ({ type: 'purchase', productExternalId })),
        (batch) => batch,
      );
      await this.analytics.eventsRecorded(merchantId);
    });
  }
}
