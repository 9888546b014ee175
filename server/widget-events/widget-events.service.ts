import { Injectable } from '@nestjs/common';
import { ZWidgetEvents } from '../../shared/storefront.js';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { ApiError } from '../common/api-error.js';
import { zodFields } from '../common/error-body.js';
import { RateLimits } from '../rate-limits/rate-limits.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { admitBeacons, EVENT_BATCHES_PER_IP, EVENT_BATCHES_PER_STORE, NEW_SESSIONS_PER_IP } from './beacon-rules.js';
import { WidgetEventsRepository } from './widget-events.repository.js';

@Injectable()
export class WidgetEventsService {
  constructor(
    private readonly events: WidgetEventsRepository,
    private readonly storefront: StorefrontService,
    private readonly analytics: AnalyticsCache,
    private readonly limits: RateLimits,
  ) {}

  /**
   * `body` is JSON text when sent by `sendBeacon` (text/plain), an object when sent as application/json. Anyone can
   * send beacons, so only what a real widget would send is stored (beacon-rules.ts); the rest is dropped quietly and
   * `recorded` says how many were kept.
   */
  async record(body: unknown, ip: string): Promise<{ recorded: number }> {
    await this.limits.consume(EVENT_BATCHES_PER_IP, ip);
    const parsed = ZWidgetEvents.safeParse(typeof body === 'string' ? parseJson(body) : body);
    if (!parsed.success) throw ApiError.validation(zodFields(parsed.error));
    const { merchant_id, session_id, events } = parsed.data;
    const store = await this.storefront.findStore(merchant_id);
    if (!store) throw ApiError.notFound('No store with this id.', 'unknown_store');
    await this.limits.consume(EVENT_BATCHES_PER_STORE, store.id);
    const recorded = await this.events.record(
      store.id,
      session_id,
      events.map((event) => ({ type: event.type, productExternalId: event.product_id, reviewId: event.review_id })),
      async (batch, sent) => {
        if (sent.size === 0) {
          if ((await this.limits.hit(NEW_SESSIONS_PER_IP, `${store.id}:${ip}`)).isBlocked) return [];
        }
        return admitBeacons(batch, sent);
      },
    );
    if (recorded) await this.analytics.eventsRecorded(store.id);
    return { recorded };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The body is not valid JSON.', 'invalid_json');
  }
}
