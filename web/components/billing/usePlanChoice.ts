import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import type { TActiveSubscription, TBillingConfig, TPaymentMethod, TPlan } from '../../../shared/billing.js';
import { changePlan, refreshBilling, startShopifyCheckout, startStripeCheckout } from '../../api/billing';
import { useToast } from '../toast/ToastProvider';
import { billingError } from './billingError';
import { checkoutKind } from './checkoutKind';

/**
 * What choosing a plan does (SPEC §4): Shopify's hosted checkout, a new Stripe subscription through Checkout, or a
 * change in place after the merchant confirms it (`confirming`). Going back to Free is always a change in place.
 */
export function usePlanChoice(
  config: TBillingConfig | undefined,
  subscription: TActiveSubscription | undefined,
  methods: TPaymentMethod[] | undefined,
) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<TPlan | null>(null);
  const subscriptionId = subscription && 'id' in subscription ? subscription.id : null;

  const checkout = useMutation({
    mutationFn: async (plan: TPlan) => {
      const origin = window.location.origin;
      const url =
        config?.provider === 'shopify'
          ? (await startShopifyCheckout(plan.id, `${origin}/billing/success`)).confirmation_url
          : (await startStripeCheckout(plan.id, origin)).url;
      showToast(t('billing.checkout.redirecting'), 'info');
      window.location.assign(url);
    },
    onError: (error) => showToast(billingError(t, error, t('billing.checkout.failed')), 'error'),
  });

  const change = useMutation({
    mutationFn: (plan: TPlan) => changePlan(subscriptionId as string, plan.id),
    onSuccess: async (_answer, plan) => {
      setConfirming(null);
      showToast(plan.free ? t('billing.change.canceling') : t('billing.change.done', { plan: plan.name }), 'success');
      await refreshBilling(queryClient);
    },
    onError: (error) => showToast(billingError(t, error, t('billing.change.failed')), 'error'),
  });

  function choose(plan: TPlan) {
    if (!config) return;
    const kind = checkoutKind(config, subscription, methods);
    if (kind === 'PLAN_CHANGE' || (plan.free && subscriptionId && kind !== 'SHOPIFY_CHECKOUT')) setConfirming(plan);
    else if (!plan.free) checkout.mutate(plan);
  }

  return {
    choose,
    confirming,
    cancelConfirm: () => setConfirming(null),
    confirm: (plan: TPlan) => change.mutate(plan),
    isChanging: change.isPending,
    pendingId: checkout.isPending || checkout.isSuccess ? (checkout.variables?.id ?? null) : null,
  };
}
