import { Injectable } from '@nestjs/common';
import { VersionedKeys } from '../cache/versioned-keys.js';

/** Long enough to matter, short enough that a missed bump (a direct database edit) heals on its own. */
const TTL_S = 600;

/**
 * Dashboard answers cached per store in the shared cache (Redis when configured), under three versions: one bumped
 * on every review change, one on every event batch, one when a review request is sent, opened, reviewed or erased,
 * so a moderation shows at once on every instance and a busy storefront's beacons only invalidate the conversion rate.
 */
@Injectable()
export class AnalyticsCache {
  constructor(private readonly keys: VersionedKeys) {}

  async reviewsChanged(merchantId: string): Promise<void> {
    await this.keys.bump(`analytics:reviews:${merchantId}`);
  }

  async eventsRecorded(merchantId: string): Promise<void> {
    await this.keys.bump(`analytics:events:${merchantId}`);
  }

  async requestsChanged(merchantId: string): Promise<void> {
    await this.keys.bump(`analytics:requests:${merchantId}`);
  }

  reviews<T>(merchantId: string, parts: Array<string | number>, compute: () => Promise<T>): Promise<T> {
    return this.keys.wrap(`analytics:reviews:${merchantId}`, parts, TTL_S, compute);
  }

  events<T>(merchantId: string, parts: Array<string | number>, compute: () => Promise<T>): Promise<T> {
    return this.keys.wrap(`analytics:events:${merchantId}`, parts, TTL_S, compute);
  }

  requests<T>(merchantId: string, parts: Array<string | number>, compute: () => Promise<T>): Promise<T> {
    return this.keys.wrap(`analytics:requests:${merchantId}`, parts, TTL_S, compute);
  }

  /** A value that follows several of the store's versions: one round trip on a hit, as the others. */
  across<T>(
    merchantId: string,
    kinds: Array<'reviews' | 'events' | 'requests'>,
    parts: Array<string | number>,
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = [`analytics:${kinds.join('+')}:${merchantId}`, ...parts].join(':');
    const tenants = kinds.map((kind) => `analytics:${kind}:${merchantId}`);
    return this.keys.wrapAll(tenants, key, TTL_S, compute);
  }
}
