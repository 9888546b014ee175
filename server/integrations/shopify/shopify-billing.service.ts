import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SHOPIFY_TRIAL_DAYS } from '../../../shared/constants.js';
import type { TShopifyCheckoutSession } from '../../../shared/billing.js';
import { isConnected } from '../../accounts/accounts.mapper.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { BillingMerchantsRepository } from '../../billing/billing-merchants.repository.js';
import { PlatformBillings, type PlatformBilling } from '../../billing/platform-billing.js';
import type { PlanRow } from '../../billing/plans.repository.js';
import {
  SubscriptionsRepository,
  type SubscriptionRow,
  type SubscriptionStatus,
} from '../../billing/subscriptions.repository.js';
import { ApiError } from '../../common/api-error.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PlatformError } from '../platform-error.js';
import { StoreTokens } from '../store-tokens.js';
import {
  APP_SUBSCRIPTION_CREATE,
  APP_SUBSCRIPTION_STATUS,
  type TAppSubscriptionCreate,
  type TAppSubscriptionStatus,
} from './shopify.graphql.js';
import { ShopifyClient } from './shopify.client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const STATUS: Record<NonNullable<TAppSubscriptionStatus['node']>['status'], SubscriptionStatus> = {
  ACTIVE: 'active',
  ACCEPTED: 'incomplete',
  PENDING: 'incomplete',
  FROZEN: 'past_due',
  CANCELLED: 'canceled',
  DECLINED: 'canceled',
  EXPIRED: 'canceled',
};

/**
 * Shopify bills its stores (SPEC §4: always its hosted checkout; §9: a 14-day free trial, once per store): an app
 * subscription the merchant approves on Shopify, confirmed with Shopify's API when they come back and whenever
 * Shopify reports a change (`app_subscriptions/update`).
 */
@Injectable()
export class ShopifyBilling implements PlatformBilling, OnModuleInit {
  readonly platform = 'shopify' as const;
  private readonly logger = new Logger(ShopifyBilling.name);

  constructor(
    private readonly client: ShopifyClient,
    private readonly tokens: StoreTokens,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly merchants: BillingMerchantsRepository,
    private readonly registry: PlatformBillings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  bills(merchant: MerchantRow): boolean {
    return merchant.platform === 'shopify' && merchant.externalStoreId !== null && isConnected(merchant);
  }

  trialDays(merchant: MerchantRow): number {
    return merchant.shopifyTrialUsedAt ? 0 : SHOPIFY_TRIAL_DAYS;
  }

  async checkout(merchant: MerchantRow, plan: PlanRow, returnUrl: string): Promise<TShopifyCheckoutSession> {
    const back = new URL('/api/billing/shopify/return/', this.config.publicUrl);
    back.searchParams.set('next', returnUrl);
    let created: TAppSubscriptionCreate['appSubscriptionCreate'];
    try {
      ({ appSubscriptionCreate: created } = await this.client.graphql<TAppSubscriptionCreate>(
        merchant.externalStoreId as string,
        this.tokens.open(merchant),
        APP_SUBSCRIPTION_CREATE,
        {
          name: plan.name,
          returnUrl: back.href,
          test: this.config.shopify.billingTest,
          trialDays: this.trialDays(merchant),
          lineItems: [
            {
              plan: {
                appRecurringPricingDetails: {
                  price: { amount: plan.amount / 100, currencyCode: plan.currency.toUpperCase() },
                  interval: plan.frequency === 'year' ? 'ANNUAL' : 'EVERY_30_DAYS',
                },
              },
            },
          ],
        },
      ));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      this.logger.warn({ err: error, merchantId: merchant.id }, 'Shopify refused a checkout');
      throw new ApiError(502, {
        detail: 'Shopify could not start the checkout. Please try again.',
        code: 'platform_error',
      });
    }
    if (!created.appSubscription || !created.confirmationUrl || created.userErrors.length) {
      throw ApiError.badRequest(created.userErrors[0]?.message ?? 'Shopify refused the checkout.', 'platform_refused');
    }
    await this.subscriptions.applyReport({
      merchantId: merchant.id,
      planId: plan.id,
      provider: 'shopify',
      providerSubscriptionId: created.appSubscription.id,
      providerItemId: null,
      status: 'incomplete',
      currentPeriodEnd: null,
      trialEndsAt: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      at: new Date(),
    });
    return { confirmation_url: created.confirmationUrl, id: created.appSubscription.id };
  }

  /** Reads the app subscription from Shopify and records it; the store's other subscriptions end when it starts. */
  async sync(merchant: MerchantRow, gid: string, at = new Date()): Promise<SubscriptionRow | null> {
    const known = await this.subscriptions.findByProviderId('shopify', gid);
    if (!known || known.merchantId !== merchant.id) return null;
    const { node } = await this.client.graphql<TAppSubscriptionStatus>(
      merchant.externalStoreId as string,
      this.tokens.open(merchant),
      APP_SUBSCRIPTION_STATUS,
      { id: gid },
    );
    if (!node) return null;
    const trialEndsAt = node.trialDays ? new Date(new Date(node.createdAt).getTime() + node.trialDays * DAY_MS) : null;
    const active = node.status === 'ACTIVE';
    const row = await this.subscriptions.applyReport({
      merchantId: merchant.id,
      planId: known.planId,
      provider: 'shopify',
      providerSubscriptionId: gid,
      providerItemId: null,
      status: active && trialEndsAt && trialEndsAt > new Date() ? 'trialing' : STATUS[node.status],
      currentPeriodEnd: node.currentPeriodEnd ? new Date(node.currentPeriodEnd) : null,
      trialEndsAt,
      cancelAtPeriodEnd: false,
      canceledAt: STATUS[node.status] === 'canceled' ? at : null,
      at,
    });
    if (row && active) {
      await this.subscriptions.cancelOthers(merchant.id, 'shopify', row.id);
      if (node.trialDays) await this.merchants.markShopifyTrialUsed(merchant.id);
    }
    return row;
  }
}
