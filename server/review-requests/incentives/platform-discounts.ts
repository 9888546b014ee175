import { Injectable, Module } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';

/** A single-use discount code for one buyer, as the merchant's incentive setting describes it. */
export interface DiscountSpec {
  code: string;
  /** What the merchant sees in their platform's discount list. */
  title: string;
  valueType: 'percentage' | 'fixed_amount';
  /** Percent (1–100), or integer minor units of `currency`. */
  value: number;
  currency: string | null;
  startsAt: Date;
  endsAt: Date;
}

/**
 * A store platform that makes discount codes through its API (Shopify's discounts, BigCommerce's and Tienda Nube's
 * coupons). `create` is idempotent by code: a code the platform already holds (a retry after a lost answer) is
 * success, so a request's code is made once however often its job runs.
 */
export interface PlatformDiscounts {
  readonly platform: MerchantRow['platform'];
  /** Whether this store is connected to the platform, with a token to call it. */
  serves(merchant: MerchantRow): boolean;
  create(merchant: MerchantRow, spec: DiscountSpec): Promise<void>;
}

/** Platforms register here (one line in their module); incentives know none of them by name. */
@Injectable()
export class PlatformDiscountsRegistry {
  private readonly platforms: PlatformDiscounts[] = [];

  register(platform: PlatformDiscounts): void {
    this.platforms.push(platform);
  }

  of(merchant: MerchantRow): PlatformDiscounts | null {
    return (
      this.platforms.find((platform) => platform.platform === merchant.platform && platform.serves(merchant)) ?? null
    );
  }
}

@Module({ providers: [PlatformDiscountsRegistry], exports: [PlatformDiscountsRegistry] })
export class PlatformDiscountsModule {}
