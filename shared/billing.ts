import { z } from 'zod';
import { BENEFIT_KEYS, UPGRADE_REASONS, type TBenefitKey } from './upgrade-reasons.js';
export * from './upgrade-reasons.js';

// The API contract of billing (SPEC §3 Plan, Subscription, Payment method, Usage details; §7 Billing; DESIGN §6.3–§6.4):
// plans and their limits, subscriptions through Stripe or Shopify, payment methods (ids only: cards are entered in
// Stripe Elements and never reach this server).

const count = z.int().nonnegative();

/** SPEC §3 Limit info: one meter. `max` is null when unlimited. */
export const ZUsageMeter = z
  .object({
    current: count,
    max: count.nullable(),
    unlimited: z.boolean(),
    /** Of `max`, rounded down, at most 100; 0 when unlimited. */
    percentage: z.int().min(0).max(100),
    reached_limit: z.boolean(),
  })
  .meta({ id: 'UsageMeter' });
export type TUsageMeter = z.output<typeof ZUsageMeter>;

export const ZLimitInfo = z
  .object({ active_reviews: ZUsageMeter, total_reviews: ZUsageMeter })
  .meta({ id: 'LimitInfo' });
export type TLimitInfo = z.output<typeof ZLimitInfo>;

/** The body of a 403 `plan_limit`. */
export const ZPlanLimitError = z
  .object({ detail: z.string(), code: z.literal('plan_limit'), limit_info: ZLimitInfo })
  .meta({ id: 'PlanLimitError' });
export type TPlanLimitError = z.output<typeof ZPlanLimitError>;

export interface TPlan {
  id: string;
  code: string;
  name: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  formatted_amount: string;
  frequency: 'month' | 'year';
  free: boolean;
  max_active_reviews: number | null;
  max_total_reviews: number | null;
  /** Review requests a month; null = unlimited. */
  max_monthly_requests: number | null;
  unlimited_active_reviews: boolean;
  status: 'active' | 'inactive';
  features: TBenefitKey[];
}

/** A meter of the usage details: a meter without `reached_limit`. */
const ZUsageCount = ZUsageMeter.omit({ reached_limit: true }).meta({ id: 'UsageCount' });

/** GET /api/reviews/usage_details/ (SPEC §3 Usage details). */
export const ZUsageDetails = z
  .object({
    show_upgrade_prompt: z.boolean(),
    is_free_plan: z.boolean(),
    current_plan: z.object({ id: z.uuid(), name: z.string(), code: z.string() }).meta({ id: 'CurrentPlan' }),
    usage: z.object({ active_reviews: ZUsageCount, total_reviews: ZUsageCount }),
    /** The next plans up (at most two), cheapest first. */
    upgrade_plans: z.array(
      z
        .object({
          id: z.uuid(),
          name: z.string(),
          currency: z.string(),
          /** Integer minor units. */
          amount: count,
          frequency: z.enum(['month', 'year']),
          unlimited_active_reviews: z.boolean(),
          max_active_reviews: count.nullable(),
        })
        .meta({ id: 'UpgradePlan' }),
    ),
    recommendations: z.object({ primary_reason: z.enum(UPGRADE_REASONS), benefits: z.array(z.enum(BENEFIT_KEYS)) }),
    /** The subscription's standing: 'grace' after a failed payment, until `grace_ends_at` (dashboard banner). */
    billing_status: z.enum(['free', 'active', 'trialing', 'grace', 'canceling']),
    grace_ends_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'UsageDetails' });
export type TUsageDetails = z.output<typeof ZUsageDetails>;

/** SPEC §4 Checkout: how the dashboard buys a plan. */
export const CHECKOUT_KINDS = ['SHOPIFY_CHECKOUT', 'NEW_SUBSCRIPTION', 'PLAN_CHANGE'] as const;
export type TCheckoutKind = (typeof CHECKOUT_KINDS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** SPEC §3 Subscription, with what the billing page shows of its state. */
export interface TSubscription {
  id: string;
  provider: 'stripe' | 'shopify';
  status: TSubscriptionStatus;
  current_plan: { plan: TPlan };
  plan_usage: TLimitInfo;
  subscription_plans: Array<{ plan: { id: string }; status: TSubscriptionStatus }>;
  current_period_end: string | null;
  trial_ends_at: string | null;
  /** Cancelled, ending at `current_period_end`; the plan holds until then. */
  cancel_at_period_end: boolean;
  /** A failed payment: the plan holds until `grace_ends_at`, then Free applies. */
  past_due_since: string | null;
  grace_ends_at: string | null;
}

/** GET /api/billing/subscriptions/get_active_subscription/: the subscription, or `{}` when there is none. */
export type TActiveSubscription = TSubscription | Record<string, never>;

/** GET /api/billing/subscriptions/current_usage/: the plan in force and what the store uses of it. */
export interface TCurrentUsage {
  plan: TPlan;
  usage: TLimitInfo;
  /** Review request mails asked for this calendar month (UTC), skipped ones left out, against the plan's quota. */
  review_requests_this_month: TUsageMeter;
  /** Why the plan is what it is: a subscription in good standing, a grace period, or none (Free). */
  billing_status: TUsageDetails['billing_status'];
  grace_ends_at: string | null;
}

/** GET /api/billing/config/: how this store pays, and what the page needs to take a card. */
export interface TBillingConfig {
  /** `shopify`: Shopify bills (hosted checkout); `stripe`: cards through Stripe; `none`: billing not configured. */
  provider: 'stripe' | 'shopify' | 'none';
  stripe: { publishable_key: string; js_url: string } | null;
  shopify_trial_days: number;
  /** The store has had Shopify's free trial already (it is granted once per store). */
  shopify_trial_used: boolean;
  grace_days: number;
}

const required = 'This field is required.';
const id = z.uuid({ error: 'Not a plan id.' });
const url = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(2000)
  .pipe(z.url({ error: 'Not a URL.' }));

/** POST /api/billing/checkout/create-checkout-session/ for a Shopify store (SPEC §7). */
export const ZShopifyCheckout = z.object({ plan_id: id, return_url: url });
/** … for other platforms, with header `X-Payment-Platform: stripe`. */
export const ZStripeCheckout = z.object({
  product_id: id,
  platform: z.literal('stripe', { error: 'Only stripe is supported.' }),
  success_url: url,
  cancel_url: url,
  quantity: z.coerce
    .number()
    .int()
    .refine((n) => n === 1, 'One subscription at a time.')
    .default(1),
});
export type TShopifyCheckout = z.input<typeof ZShopifyCheckout>;
export type TStripeCheckout = z.input<typeof ZStripeCheckout>;

export interface TShopifyCheckoutSession {
  confirmation_url: string;
  id: string;
}

export interface TStripeCheckoutSession {
  url: string;
  id: string;
}

export const ZChangePlan = z.object({ new_plan_id: id });
export type TChangePlan = z.input<typeof ZChangePlan>;

/** SPEC §3 Payment method. */
export interface TPaymentMethod {
  id: string;
  customer_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** Charged for the subscription. */
  is_default: boolean;
}

/** POST …/payment-methods/create_payment_method: a SetupIntent the page confirms with Stripe Elements. */
export interface TSetupIntent {
  id: string;
  client_secret: string;
  customer_id: string;
}

const stripeId = (prefix: string) =>
  z
    .string({ error: required })
    .trim()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,100}$`), 'Not a Stripe id.');
export const ZAttachPaymentMethod = z.object({ payment_method_id: stripeId('pm'), customer_id: stripeId('cus') });
export const ZDeletePaymentMethod = z.object({ payment_method_id: stripeId('pm') });
export const ZPaymentMethodsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
export type TAttachPaymentMethod = z.input<typeof ZAttachPaymentMethod>;
export type TDeletePaymentMethod = z.input<typeof ZDeletePaymentMethod>;
