import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DomainEvents } from '../events/domain-events.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { PlatformRatingsRegistry, RatingsNotPermitted } from './platform-ratings.js';
import { PlatformRatingsRepository } from './platform-ratings.repository.js';

const QUEUE = 'platform-ratings';
/** A product changing without a pause still reaches its platform this many delays after its first change. */
const MAX_WAIT_DELAYS = 6;

export interface RatingsTouched {
  /** Reviews that changed: their products' ratings may have. */
  reviewIds?: readonly string[];
  /** Products whose reviews changed otherwise (a review moved away from it). */
  productIds?: readonly string[];
  /** Only products with an approved review (a catalogue sync names every product). */
  rated?: boolean;
}

/**
 * Keeps products' ratings on their platform in step with their published reviews: every change to a review queues a
 * job for its product, keyed by store and product and debounced (PLATFORM_RATINGS_DELAY_MS after the last change, at
 * most six delays after the first), so a burst of approvals makes one call per product with the state after it.
 */
@Injectable()
export class PlatformRatingsService implements OnModuleInit {
  private readonly logger = new Logger(PlatformRatingsService.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly registry: PlatformRatingsRegistry,
    private readonly repository: PlatformRatingsRepository,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ merchantId: string; productId: string }>(QUEUE, {
      handle: ({ merchantId, productId }) => this.sync(merchantId, productId),
      // One store's calls one at a time: the platforms' rate limits are per store.
      oneJobPerGroup: true,
      concurrency: 2,
      attempts: 6,
    });
    // A catalogue sync (an install or a reconnect, which may have brought the scope) or a product's update: its
    // rated products are checked again; only what differs on the platform is written.
    this.events.on('catalog.changed', ({ merchantId, productIds }) =>
      this.changed(merchantId, { productIds, rated: true }),
    );
  }

  /** After reviews changed (committed). Never fails the change: a lost queueing is logged. */
  async changed(merchantId: string, touched: RatingsTouched): Promise<void> {
    try {
      const productIds = await this.repository.platformProducts(merchantId, this.registry.platformNames, touched);
      await this.jobs.enqueueMany(
        QUEUE,
        productIds.map((productId) => ({
          payload: { merchantId, productId },
          key: `${merchantId}:${productId}`,
          group: merchantId,
        })),
        {
          delayMs: this.config.platformRatingsDelayMs,
          debounce: { maxWaitMs: MAX_WAIT_DELAYS * this.config.platformRatingsDelayMs },
        },
      );
    } catch (err) {
      this.logger.warn({ err, merchantId }, 'Could not queue the platform ratings; the next change will');
    }
  }

  async sync(merchantId: string, productId: string): Promise<void> {
    const merchant = await this.repository.merchant(merchantId);
    const platform = merchant && this.registry.of(merchant);
    // Uninstalled or erased since: nothing to tell.
    if (!merchant || !platform) return;
    const found = await this.repository.rating(merchantId, productId);
    if (!found || found.product.source !== 'platform' || found.product.archivedAt) return;
    try {
      await platform.push(merchant, [found.rating]);
    } catch (error) {
      if (error instanceof RatingsNotPermitted) {
        this.logger.warn({ merchantId, productId, missing: error.missing }, 'Platform ratings skipped: no access');
        // The integration's page says so, until a write goes through (after the merchant grants the scope).
        await this.repository.refused(merchantId, new Date());
        return;
      }
      throw error;
    }
    if (merchant.ratingsRefusedAt) await this.repository.refused(merchantId, null);
  }
}
