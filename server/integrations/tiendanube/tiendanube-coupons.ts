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
import { TiendaNubeStoreOf } from './tiendanube-store.js';
import { TiendaNubeClient } from './tiendanube.client.js';

/**
 * Review incentives on Tienda Nube: a coupon usable once (scope write_coupons). A code the store already has is
 * refused as "taken", which is this code made by an earlier attempt.
 */
@Injectable()
export class TiendaNubeCoupons implements PlatformDiscounts, OnModuleInit {
  readonly platform = 'tiendanube' as const;

  constructor(
    private readonly client: TiendaNubeClient,
    private readonly storeOf: TiendaNubeStoreOf,
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
      await this.client.post(this.storeOf.of(merchant), '/coupons', {
        code: spec.code,
        type: spec.valueType === 'percentage' ? 'percentage' : 'absolute',
        value: spec.valueType === 'percentage' ? spec.value.toFixed(2) : fromMinorUnits(spec.value, spec.currency),
        valid: true,
        max_uses: 1,
        start_date: spec.startsAt.toISOString().slice(0, 10),
        end_date: spec.endsAt.toISOString().slice(0, 10),
      });
    } catch (error) {
      const taken = error instanceof PlatformError && error.status === 422 && /already been taken/.test(error.message);
      if (!taken) throw error;
    }
  }
}
