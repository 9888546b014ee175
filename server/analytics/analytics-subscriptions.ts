import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { AnalyticsCache } from './analytics-cache.js';

/** The review-request funnel (Insights) follows requests sent, opened, reviewed and erased. */
@Injectable()
export class AnalyticsSubscriptions implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly cache: AnalyticsCache,
  ) {}

  onModuleInit(): void {
    const changed = ({ merchantId }: { merchantId: string }) => this.cache.requestsChanged(merchantId);
    this.events.on('requests.sent', changed);
    this.events.on('request.opened', changed);
    this.events.on('requests.reviewed', changed);
    this.events.on('requests.erased', changed);
  }
}
