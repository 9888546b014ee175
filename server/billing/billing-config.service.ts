import { Inject, Injectable } from '@nestjs/common';
import type { TBillingConfig } from '../../shared/billing.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PlatformBillings } from './platform-billing.js';
import { StripeBilling } from './stripe/stripe-billing.service.js';

/** How the current store pays, for the billing page (SPEC §4: Shopify stores always use Shopify's checkout). */
@Injectable()
export class BillingConfigService {
  constructor(
    private readonly stripe: StripeBilling,
    private readonly platforms: PlatformBillings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  of(auth: WorkspaceContext): Promise<TBillingConfig> {
    return this.forStore(storeOf(auth));
  }

  async forStore(merchant: MerchantRow): Promise<TBillingConfig> {
    const platform = this.platforms.of(merchant);
    const stripe = this.stripe.publishable;
    return {
      provider: platform ? 'shopify' : stripe ? 'stripe' : 'none',
      stripe: platform ? null : stripe,
      shopify_trial_days: platform?.trialDays(merchant) ?? 0,
      shopify_trial_used: merchant.shopifyTrialUsedAt !== null,
      grace_days: this.config.billing.graceDays,
    };
  }
}
