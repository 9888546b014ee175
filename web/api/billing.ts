import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TListOf } from '../../shared/accounts.js';
import type {
  TActiveSubscription,
  TBillingConfig,
  TCurrentUsage,
  TPaymentMethod,
  TPlan,
  TSetupIntent,
  TShopifyCheckoutSession,
  TStripeCheckoutSession,
} from '../../shared/billing.js';
import { apiFetch } from './client';
import { USAGE_DETAILS_QUERY_KEY } from './reviews';

// SPEC §7 Billing: the reads of the billing pages and the calls that buy, change and pay.

export const BILLING_QUERY_KEY = ['billing'] as const;
/** The billing page's reads, each under its own key (the server render fills them in). */
export const billingQueryKey = (name: 'config' | 'plans' | 'usage' | 'subscription' | 'payment-methods') =>
  [...BILLING_QUERY_KEY, name] as const;
/** The cards the billing page lists. */
export const PAYMENT_METHODS_LIMIT = 10;

export function useBillingConfig(enabled = true) {
  return useQuery({
    queryKey: billingQueryKey('config'),
    queryFn: () => apiFetch<TBillingConfig>('/api/billing/config/'),
    enabled,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: billingQueryKey('plans'),
    queryFn: async () => (await apiFetch<TListOf<TPlan>>('/api/billing/plans/?status=active')).results,
  });
}

export function useCurrentUsage(
  options: { refetchInterval?: (usage: TCurrentUsage | undefined) => number | false } = {},
) {
  const { refetchInterval } = options;
  return useQuery<TCurrentUsage>({
    queryKey: billingQueryKey('usage'),
    queryFn: () => apiFetch<TCurrentUsage>('/api/billing/subscriptions/current_usage/'),
    refetchInterval: refetchInterval && ((query) => refetchInterval(query.state.data)),
  });
}

export function useActiveSubscription(enabled = true) {
  return useQuery({
    queryKey: billingQueryKey('subscription'),
    queryFn: () => apiFetch<TActiveSubscription>('/api/billing/subscriptions/get_active_subscription/'),
    enabled,
  });
}

export function usePaymentMethods(enabled = true) {
  return useQuery({
    queryKey: billingQueryKey('payment-methods'),
    queryFn: async () =>
      (
        await apiFetch<TListOf<TPaymentMethod>>(
          `/api/billing/payment-methods/list_payment_methods/?limit=${PAYMENT_METHODS_LIMIT}`,
        )
      ).results,
    enabled,
  });
}

/** After any billing change: these pages, the upgrade widget and the limits it shows. */
export function refreshBilling(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: USAGE_DETAILS_QUERY_KEY }),
  ]);
}

export function startShopifyCheckout(planId: string, returnUrl: string): Promise<TShopifyCheckoutSession> {
  return apiFetch<TShopifyCheckoutSession>('/api/billing/checkout/create-checkout-session/', {
    method: 'POST',
    body: { plan_id: planId, return_url: returnUrl },
  });
}

export function startStripeCheckout(planId: string, origin: string): Promise<TStripeCheckoutSession> {
  return apiFetch<TStripeCheckoutSession>('/api/billing/checkout/create-checkout-session/', {
    method: 'POST',
    headers: { 'X-Payment-Platform': 'stripe' },
    body: {
      product_id: planId,
      platform: 'stripe',
      success_url: `${origin}/billing/success`,
      cancel_url: `${origin}/billing/cancel`,
      quantity: 1,
    },
  });
}

export function changePlan(subscriptionId: string, planId: string): Promise<TActiveSubscription> {
  return apiFetch<TActiveSubscription>(
    `/api/billing/subscriptions/${encodeURIComponent(subscriptionId)}/change_plan/`,
    { method: 'POST', body: { new_plan_id: planId } },
  );
}

export function createSetupIntent(): Promise<TSetupIntent> {
  return apiFetch<TSetupIntent>('/api/billing/payment-methods/create_payment_method/', { method: 'POST' });
}

export function attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<TPaymentMethod> {
  return apiFetch<TPaymentMethod>('/api/billing/payment-methods/attach_payment_method/', {
    method: 'POST',
    body: { payment_method_id: paymentMethodId, customer_id: customerId },
  });
}

export function deletePaymentMethod(paymentMethodId: string): Promise<void> {
  return apiFetch<void>('/api/billing/payment-methods/delete_payment_method/', {
    method: 'POST',
    body: { payment_method_id: paymentMethodId },
  });
}
