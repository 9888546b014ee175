import type { PageContextServer } from 'vike/types';
import { billingQueryKey, PAYMENT_METHODS_LIMIT } from '../../../../api/billing';
import { outsideRead } from '../../../../api/outsideRead';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';

/**
 * The plan, its usage and the plans on sale, and for the owner how the store pays, its subscription and (paying by
 * card) its cards, read in process on the server: the page arrives whole instead of a placeholder that the plan then
 * pushes down, and the cards no longer push the plans down once they come. Without a reader, after a failed read, or
 * while Stripe is slow to list the cards, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { billingPlans, currentUsage, billingConfig, activeSubscription, paymentMethods } = pageContext.serverApi ?? {};
  if (!currentUsage) return undefined;
  // How the store pays decides whether the page lists cards (as the page asks for them).
  const config = await billingConfig?.().catch(() => undefined);
  return prefetched([
    { queryKey: billingQueryKey('usage'), queryFn: currentUsage },
    ...(billingPlans
      ? [{ queryKey: billingQueryKey('plans'), queryFn: async () => (await billingPlans()).results }]
      : []),
    ...(activeSubscription ? [{ queryKey: billingQueryKey('subscription'), queryFn: activeSubscription }] : []),
    ...(config ? [{ queryKey: billingQueryKey('config'), queryFn: async () => config }] : []),
    ...(config?.provider === 'stripe' && paymentMethods
      ? [
          {
            queryKey: billingQueryKey('payment-methods'),
            queryFn: async () => (await outsideRead(paymentMethods(PAYMENT_METHODS_LIMIT))).results,
          },
        ]
      : []),
  ]);
}
