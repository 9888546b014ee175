import type Stripe from 'stripe';
import type { TPaymentMethod } from '../../../shared/billing.js';
import type { SubscriptionStatus } from '../subscriptions.repository.js';

/** Stripe's subscription statuses in ours: unpaid is a failed payment like past_due; expired attempts are over. */
const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'incomplete',
};

export function statusOf(subscription: Stripe.Subscription): SubscriptionStatus {
  return STATUS[subscription.status] ?? 'incomplete';
}

export const seconds = (value: number | null | undefined): Date | null => (value ? new Date(value * 1000) : null);

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * When the paid period ends: on the subscription's item since API version 2025-03-31.basil, on the subscription itself
 * in events built for an older version (the version a webhook endpoint is pinned to decides the shape).
 */
export function periodEnd(subscription: Stripe.Subscription, item: Stripe.SubscriptionItem): Date | null {
  const legacy = 'current_period_end' in subscription ? subscription.current_period_end : null;
  return seconds(item.current_period_end ?? (typeof legacy === 'number' ? legacy : null));
}

/** The subscription an invoice bills (its parent in current API versions, a field of its own before). */
export function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

export function mapPaymentMethod(method: Stripe.PaymentMethod, defaultId: string | null): TPaymentMethod | null {
  const customer = idOf(method.customer);
  if (!method.card || !customer) return null;
  return {
    id: method.id,
    customer_id: customer,
    brand: method.card.brand,
    last4: method.card.last4,
    exp_month: method.card.exp_month,
    exp_year: method.card.exp_year,
    is_default: method.id === defaultId,
  };
}
