import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.service.js';
import { WidgetEventsRepository } from './widget-events.repository.js';

const QUEUE = 'widget-events-prune';
const PRUNE_EVERY_S = 60 * 60;
/**
 * How long raw widget events are kept. Analytics and Insights read only the rollups, kept for good; the raw events
 * serve a session's own rules (what it sent before, the day it first saw the widget), an order's attribution to the
 * session that bought (orders arrive days later at most), and a customer's erasure. A session lives as long as its
 * browser tab, so 90 days is far beyond all three, and holds a busy store's table to a quarter of a year.
 */
export const WIDGET_EVENTS_RETENTION_DAYS = 90;
/** Rows deleted per statement: short transactions that never hold a store's beacons back for long. */
const BATCH = 10_000;

/** Deletes raw widget events past the retention, hourly, a store and a batch at a time; the rollups stay. */
@Injectable()
export class WidgetEventsPrune implements OnModuleInit {
  private readonly logger = new Logger(WidgetEventsPrune.name);

  constructor(
    private readonly events: WidgetEventsRepository,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(QUEUE, {
      handle: async (_payload, { signal }) => {
        const deleted = await this.prune(new Date(), signal);
        if (deleted) this.logger.log({ deleted }, 'Pruned raw widget events past their retention');
      },
    });
    this.jobs.every(QUEUE, PRUNE_EVERY_S);
  }

  /** Deletes every event older than the retention at `now`; how many. */
  async prune(now = new Date(), signal?: AbortSignal): Promise<number> {
    const before = new Date(now.getTime() - WIDGET_EVENTS_RETENTION_DAYS * 86_400_000);
    let deleted = 0;
    for (const merchantId of await this.events.storesWithEventsBefore(before)) {
      for (;;) {
        if (signal?.aborted) return deleted;
        const batch = await this.events.deleteBefore(merchantId, before, BATCH);
        deleted += batch;
        if (batch < BATCH) break;
      }
    }
    return deleted;
  }
}
