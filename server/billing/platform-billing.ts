import { Injectable } from '@nestjs/common';
import type { TPlatform } from '../../shared/accounts.js';
import type { TShopifyCheckoutSession } from '../../shared/billing.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import type { PlanRow } from './plans.repository.js';

/** A store platform that bills its merchants itself (SPEC §4: Shopify always uses its hosted checkout). */
export interface PlatformBilling {
  readonly platform: TPlatform;
  /** Whether this store is billed by its platform (connected to it). */
  bills(merchant: MerchantRow): boolean;
  trialDays(merchant: MerchantRow): number;
  checkout(merchant: MerchantRow, plan: PlanRow, returnUrl: string): Promise<TShopifyCheckoutSession>;
}

/** Platforms register their billing here (one line in their module); billing knows none of them by name. */
@Injectable()
export class PlatformBillings {
  private readonly billings: PlatformBilling[] = [];

  register(billing: PlatformBilling): void {
    this.billings.push(billing);
  }

  of(merchant: MerchantRow): PlatformBilling | null {
    return this.billings.find((billing) => billing.platform === merchant.platform && billing.bills(merchant)) ?? null;
  }
}
