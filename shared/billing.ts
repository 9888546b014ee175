import { z } from 'zod';
import { ZListOf } from './accounts.js';
import { BENEFIT_KEYS, UPGRADE_REASONS } from './upgrade-reasons.js';
export * from './upgrade-reasons.js';

// The API contract of billing (SPEC §3 Plan, Subscription, Payment method, Usage details; §7 Billing; DESIGN §6.3–§6.4):
// plans and their limits, subscriptions through Stripe or Shopify, payment methods (ids only: cards are entered in
// Stripe Elements and never reach this server).

const count = z.int().nonnegative();
const timestamp = z.iso.datetime({ offset: true });

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

export const PLAN_FREQUENCIES = ['month', 'year'] as const;
export const PLAN_STATUSES = ['active', 'inactive'] as const;

export const ZPlan = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    /** Integer minor units. */
    amount: count,
    /** ISO 4217, lower-case (`usd`). */
    currency: z.string(),
    /** `amount` for display (`$19.00`). */
    formatted_amount: z.string(),
    frequency: z.enum(PLAN_FREQUENCIES),
    free: z.boolean(),
    /** Approved reviews at once; null = unlimited. */
    max_active_reviews: count.nullable(),
    /** Reviews kept (not deleted); null = unlimited. */
    max_total_reviews: count.nullable(),
    /** Review requests a month; null = unlimited. */
    max_monthly_requests: count.nullable(),
    unlimited_active_reviews: z.boolean(),
    status: z.enum(PLAN_STATUSES),
    features: z.array(z.enum(BENEFIT_KEYS)),
  })
  .meta({ id: 'Plan' });
export type TPlan = z.output<typeof ZPlan>;

/** GET /api/billing/plans/, sorted by amount. */
export const ZPlanList = ZListOf(ZPlan).meta({ id: 'PlanList' });

/** Why the plan in force is what it is: a subscription in good standing, a grace period, a cancellation, or Free. */
export const BILLING_STATUSES = ['free', 'active', 'trialing', 'grace', 'canceling'] as const;

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
          frequency: z.enum(PLAN_FREQUENCIES),
          unlimited_active_reviews: z.boolean(),
          max_active_reviews: count.nullable(),
        })
        .meta({ id: 'UpgradePlan' }),
    ),
    recommendations: z.object({ primary_reason: z.enum(UPGRADE_REASONS), benefits: z.array(z.enum(BENEFIT_KEYS)) }),
    /** The subscription's standing: 'grace' after a failed payment, until `grace_ends_at` (dashboard banner). */
    billing_status: z.enum(BILLING_STATUSES),
    grace_ends_at: timestamp.nullable(),
  })
  .meta({ id: 'UsageDetails' });
export type TUsageDetails = z.output<typeof ZUsageDetails>;

/** SPEC §4 Checkout: how the dashboard buys a plan. */
export const CHECKOUT_KINDS = ['SHOPIFY_CHECKOUT', 'NEW_SUBSCRIPTION', 'PLAN_CHANGE'] as const;
export type TCheckoutKind = (typeof CHECKOUT_KINDS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** SPEC §3 Subscription, with what the billing page shows of its state. */
export const ZSubscription = z
  .object({
    id: z.uuid(),
    provider: z.enum(['stripe', 'shopify']),
    status: ZSubscriptionStatus,
    current_plan: z.object({ plan: ZPlan }),
    plan_usage: ZLimitInfo,
    subscription_plans: z.array(z.object({ plan: z.object({ id: z.uuid() }), status: ZSubscriptionStatus })),
    current_period_end: timestamp.nullable(),
    trial_ends_at: timestamp.nullable(),
    /** Cancelled, ending at `current_period_end`; the plan holds until then. */
    cancel_at_period_end: z.boolean(),
    /** A failed payment: the plan holds until `grace_ends_at`, then Free applies. */
    past_due_since: timestamp.nullable(),
    grace_ends_at: timestamp.nullable(),
  })
  .meta({ id: 'Subscription' });
export type TSubscription = z.output<typeof ZSubscription>;

/** GET /api/billing/subscriptions/get_active_subscription/: the subscription, or `{}` when there is none. */
export const ZActiveSubscription = z
  .union([ZSubscription, z.strictObject({}).meta({ id: 'NoSubscription' })])
  .meta({ id: 'ActiveSubscription' });
export type TActiveSubscription = z.output<typeof ZActiveSubscription>;

/** GET /api/billing/subscriptions/current_usage/: the plan in force and what the store uses of it. */
export const ZCurrentUsage = z
  .object({
    plan: ZPlan,
    usage: ZLimitInfo,
    /** Review request mails asked for this calendar month (UTC), skipped ones left out, against the plan's quota. */
    review_requests_this_month: ZUsageMeter,
    /** Why the plan is what it is: a subscription in good standing, a grace period, or none (Free). */
    billing_status: z.enum(BILLING_STATUSES),
    grace_ends_at: timestamp.nullable(),
  })
  .meta({ id: 'CurrentUsage' });
export type TCurrentUsage = z.output<typeof ZCurrentUsage>;

/** GET /api/billing/config/: how this store pays, and what the page needs to take a card. */
export const ZBillingConfig = z
  .object({
    /** `shopify`: Shopify bills (hosted checkout); `stripe`: cards through Stripe; `none`: billing not configured. */
    provider: z.enum(['stripe', 'shopify', 'none']),
    /** What Stripe Elements needs, when cards are taken here. */
    stripe: z.object({ publishable_key: z.string(), js_url: z.url() }).nullable(),
    shopify_trial_days: count,
    /** The store has had Shopify's free trial already (it is granted once per store). */
    shopify_trial_used: z.boolean(),
    /** How long a plan holds after a failed payment. */
    grace_days: count,
  })
  .meta({ id: 'BillingConfig' });
export type TBillingConfig = z.output<typeof ZBillingConfig>;

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

/** Where the merchant approves the charge in Shopify's admin; `id` is the charge's (`gid://shopify/AppSubscription/…`). */
export const ZShopifyCheckoutSession = z
  .object({ confirmation_url: z.url(), id: z.string() })
  .meta({ id: 'ShopifyCheckoutSession' });
export type TShopifyCheckoutSession = z.output<typeof ZShopifyCheckoutSession>;

/** Stripe Checkout's page, and its session id (`cs_…`). */
export const ZStripeCheckoutSession = z.object({ url: z.url(), id: z.string() }).meta({ id: 'StripeCheckoutSession' });
export type TStripeCheckoutSession = z.output<typeof ZStripeCheckoutSession>;

export const ZChangePlan = z.object({ new_plan_id: id });
export type TChangePlan = z.input<typeof ZChangePlan>;

/** SPEC §3 Payment method: a card, by Stripe's ids. */
export const ZPaymentMethod = z
  .object({
    /** `pm_…` */
    id: z.string(),
    /** `cus_…`: the store's Stripe customer. */
    customer_id: z.string(),
    /** `visa`, `mastercard`… as Stripe names them. */
    brand: z.string(),
    last4: z.string(),
    exp_month: z.int().min(1).max(12),
    exp_year: z.int(),
    /** Charged for the subscription. */
    is_default: z.boolean(),
  })
  .meta({ id: 'PaymentMethod' });
export type TPaymentMethod = z.output<typeof ZPaymentMethod>;

export const ZPaymentMethodList = ZListOf(ZPaymentMethod).meta({ id: 'PaymentMethodList' });

/** POST …/payment-methods/create_payment_method: a SetupIntent the page confirms with Stripe Elements. */
export const ZSetupIntent = z
  .object({ id: z.string(), client_secret: z.string(), customer_id: z.string() })
  .meta({ id: 'SetupIntent' });
export type TSetupIntent = z.output<typeof ZSetupIntent>;

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
