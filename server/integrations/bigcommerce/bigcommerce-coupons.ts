import { Injectable, type OnModuleInit } from '@nestjs/common';
import { fromMinorUnits } from '../../common/money.js';
import { isConnected } from '../../accounts/accounts.mapper.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import {
  PlatformDiscountsRegistry,
  type DiscountSpec,
  type PlatformDiscounts,
} from '../../review-requests/incentives/platform-discounts.js';
import { PlatformError } from '../platform-error.js';
import { BigCommerceCredentialsOf } from './bigcommerce-credentials.js';
import { BigCommerceClient } from './bigcommerce.client.js';

/**
 * Review incentives on BigCommerce: a v2 coupon, usable once, on every category (id 0). A code the store already
 * has answers 409, which is this code made by an earlier attempt.
 */
@Injectable()
export class BigCommerceCoupons implements PlatformDiscounts, OnModuleInit {
  readonly platform = 'bigcommerce' as const;

  constructor(
    private readonly client: BigCommerceClient,
    private readonly credentials: BigCommerceCredentialsOf,
    private readonly registry: PlatformDiscountsRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  serves(merchant: MerchantRow): boolean {
    return merchant.externalStoreId !== null && isConnected(merchant);
  }

  async create(merchant: MerchantRow, spec: DiscountSpec): Promise<void> {
    try {
      await this.client.post(this.credentials.of(merchant), '/v2/coupons', {
        name: `${spec.title} ${spec.code}`,
        code: spec.code,
        type: spec.valueType === 'percentage' ? 'percentage_discount' : 'per_total_discount',
        amount: spec.valueType === 'percentage' ? String(spec.value) : fromMinorUnits(spec.value, spec.currency),
        enabled: true,
        // RFC 2822, as the v2 API writes dates.
        expires: spec.endsAt.toUTCString().replace('GMT', '+0000'),
        max_uses: 1,
        max_uses_per_customer: 1,
        applies_to: { entity: 'categories', ids: [0] },
      });
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status !== 409) throw error;
    }
  }
}
