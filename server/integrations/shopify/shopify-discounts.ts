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
import { StoreTokens } from '../store-tokens.js';
import { ShopifyClient } from './shopify.client.js';

/** An amount off the whole order, once, for anyone holding the code (scope write_discounts). */
const DISCOUNT_CODE_CREATE = `mutation DiscountCodeBasicCreate($discount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $discount) {
    codeDiscountNode { id }
    userErrors { field message code }
  }
}`;

interface TDiscountCodeCreate {
  discountCodeBasicCreate: {
    codeDiscountNode: { id: string } | null;
    userErrors: Array<{ field: string[] | null; message: string; code: string | null }>;
  };
}

/** Review incentives on Shopify: `discountCodeBasicCreate`, a single-use code off the order. */
@Injectable()
export class ShopifyDiscounts implements PlatformDiscounts, OnModuleInit {
  readonly platform = 'shopify' as const;

  constructor(
    private readonly client: ShopifyClient,
    private readonly tokens: StoreTokens,
    private readonly registry: PlatformDiscountsRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  serves(merchant: MerchantRow): boolean {
    return merchant.externalStoreId !== null && isConnected(merchant);
  }

  async create(merchant: MerchantRow, spec: DiscountSpec): Promise<void> {
    const value =
      spec.valueType === 'percentage'
        ? { percentage: spec.value / 100 }
        : { discountAmount: { amount: fromMinorUnits(spec.value, spec.currency), appliesOnEachItem: false } };
    const { discountCodeBasicCreate: answer } = await this.client.graphql<TDiscountCodeCreate>(
      merchant.externalStoreId as string,
      this.tokens.open(merchant),
      DISCOUNT_CODE_CREATE,
      {
        discount: {
          title: spec.title,
          code: spec.code,
          startsAt: spec.startsAt.toISOString(),
          endsAt: spec.endsAt.toISOString(),
          context: { all: 'ALL' },
          customerGets: { value, items: { all: true } },
          usageLimit: 1,
          appliesOncePerCustomer: true,
        },
      },
    );
    const refused = answer.userErrors.filter((error) => error.code !== 'TAKEN');
    if (refused.length || (!answer.codeDiscountNode && !answer.userErrors.length)) {
      throw new PlatformError('rejected', `Shopify refused the discount code: ${refused[0]?.message ?? 'no answer'}`);
    }
  }
}
