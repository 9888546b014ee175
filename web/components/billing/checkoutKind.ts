import type { TActiveSubscription, TBillingConfig, TCheckoutKind, TPaymentMethod } from '../../../shared/billing.js';

/**
 * SPEC §4 Checkout: Shopify stores always use Shopify's hosted checkout; other stores without a subscription or
 * without a saved card go through a new (Stripe) subscription checkout; otherwise the plan changes in place.
 */
export function checkoutKind(
  config: Pick<TBillingConfig, 'provider'>,
  subscription: TActiveSubscription | undefined,
  paymentMethods: TPaymentMethod[] | undefined,
): TCheckoutKind {
  if (config.provider === 'shopify') return 'SHOPIFY_CHECKOUT';
  const subscribed = !!subscription && 'id' in subscription && subscription.provider === 'stripe';
  return subscribed && (paymentMethods?.length ?? 0) > 0 ? 'PLAN_CHANGE' : 'NEW_SUBSCRIPTION';
}
