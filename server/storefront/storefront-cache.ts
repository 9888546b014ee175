import { Injectable } from '@nestjs/common';
import { VersionedKeys } from '../cache/versioned-keys.js';

/**
 * What storefronts read (widget configuration, public reviews) is cached per store in the shared cache
 * (Redis when configured). Any change a shopper could see bumps the store's version, so every instance
 * serves the new answer at once.
 */
@Injectable()
export class StorefrontCache {
  constructor(private readonly keys: VersionedKeys) {}

  private tenant(merchantId: string): string {
    return `storefront:${merchantId}`;
  }

  wrap<T>(
    merchantId: string,
    parts: Array<string | number>,
    ttlSeconds: number,
    compute: () => Promise<T>,
  ): Promise<T> {
    return this.keys.wrapStamped(this.tenant(merchantId), parts, ttlSeconds, compute);
  }

  async invalidate(merchantId: string): Promise<void> {
    await this.keys.bump(this.tenant(merchantId));
  }
}
