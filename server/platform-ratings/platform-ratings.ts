import { Injectable } from '@nestjs/common';
import type { MerchantRow } from '../accounts/accounts.repository.js';

/** A product's published reviews as its platform is told them: `average` is null when it has none. */
export interface ProductRating {
  /** Our product's id. */
  productId: string;
  /** The platform's product id. */
  externalId: string;
  average: number | null;
  count: number;
}

/**
 * A store platform that keeps products' own rating fields (Shopify's `reviews.rating` metafields, Tienda Nube's
 * product metafields) or its own reviews (BigCommerce's), so the theme's stars and other apps show our ratings. `push`
 * sets what it is given, each product's whole state (idempotent: a repeated job sets the same values).
 */
export interface PlatformRatings {
  readonly platform: MerchantRow['platform'];
  /** Whether this store is connected to the platform, with a token to call it. */
  serves(merchant: MerchantRow): boolean;
  push(merchant: MerchantRow, ratings: ProductRating[]): Promise<void>;
}

/**
 * The store's token does not carry the access the ratings need (installed before the app asked for it): nothing a
 * retry fixes, only a reconnect. The job logs it and ends.
 */
export class RatingsNotPermitted extends Error {
  constructor(readonly missing: string) {
    super(`The store's access does not include ${missing}: reconnect the store to sync ratings.`);
    this.name = 'RatingsNotPermitted';
  }
}

/** Platforms register here (one line in their module); the reviews know none of them by name. */
@Injectable()
export class PlatformRatingsRegistry {
  private readonly platforms: PlatformRatings[] = [];

  register(platform: PlatformRatings): void {
    this.platforms.push(platform);
  }

  get platformNames(): Array<MerchantRow['platform']> {
    return this.platforms.map((platform) => platform.platform);
  }

  of(merchant: MerchantRow): PlatformRatings | null {
    return (
      this.platforms.find((platform) => platform.platform === merchant.platform && platform.serves(merchant)) ?? null
    );
  }
}
