import { createHash, randomBytes } from 'node:crypto';

// The Stripe objects the fake keeps, in the shapes of the API version the SDK pins (subscription periods on the
// items, an invoice's subscription under `parent.subscription_details`), with the test cards and Stripe's errors.

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface StripeObject {
  id: string;
  object: string;
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface FakePrice extends StripeObject {
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: Interval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
}

export interface FakeCustomer extends StripeObject {
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface FakeCheckoutSession extends StripeObject {
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'subscription';
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string;
  ui_mode: 'hosted';
  /** The fake's own checkout page while open; null once complete, as on Stripe. */
  url: string | null;
}

export interface FakeSubscriptionItem extends StripeObject {
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  price: FakePrice;
  quantity: number;
  subscription: string;
  tax_rates: unknown[];
}

export interface FakeSubscription extends StripeObject {
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  items: ListObject<FakeSubscriptionItem> & { total_count: number };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  test_clock: null;
  trial_end: number | null;
  trial_start: number | null;
}

export interface FakeInvoiceLine extends StripeObject {
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { proration: boolean; subscription: string; subscription_item: string };
  };
  period: { end: number; start: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string } };
  quantity: number;
}

export interface FakeInvoice extends StripeObject {
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  description: null;
  hosted_invoice_url: null;
  lines: ListObject<FakeInvoiceLine> & { total_count: number };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: null;
  };
  subtotal: number;
  total: number;
}

export interface FakeCard {
  brand: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit';
  last4: string;
  networks: { available: string[]; preferred: null };
  wallet: null;
}

export interface FakePaymentMethod extends StripeObject {
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: null;
    email: string | null;
    name: string | null;
    phone: null;
  };
  card: FakeCard;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  [extra: string]: unknown;
}

export interface FakeSetupIntent extends StripeObject {
  object: 'setup_intent';
  allowed_payment_method_types: string[] | null;
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  last_setup_error: StripeErrorBody | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

/** An error the API answers: `{ error }` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

export function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
    ...(param ? { param } : {}),
  });
}

/** An unknown id: 404 when it is the request's own object (in the path), 400 when a parameter names it. */
export function noSuch(kind: string, id: string, param = 'id'): ApiError {
  const error = invalid(`No such ${kind}: '${id}'`, param, 'resource_missing');
  return param === 'id' ? new ApiError(404, error.error) : error;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** `cus_…`, `sub_…`, `cs_test_…`: letters and digits after the prefix, as Stripe's. */
export const newId = (prefix: string) => `${prefix}_${randomAlphanumeric(prefix === 'cs_test' ? 58 : 24)}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One billing interval later; a month (or year) later clamps to the month's last day, as Stripe does. */
export function addInterval(seconds: number, interval: Interval, count = 1): number {
  if (interval === 'day') return seconds + count * 86_400;
  if (interval === 'week') return seconds + count * 7 * 86_400;
  const date = new Date(seconds * 1000);
  const months = (interval === 'month' ? 1 : 12) * count;
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export interface FakePriceInput {
  id: string;
  /** In the currency's minor unit (cents). */
  unitAmount: number;
  currency: string;
  interval: Interval;
  /** Shown on the checkout page; from the id by default (`price_starter` → "Starter"). */
  nickname?: string;
}

export function priceObject(input: FakePriceInput, created: number): FakePrice {
  const base = input.id.replace(/^price_/, '');
  return {
    id: input.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: input.currency.toLowerCase(),
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: input.nickname ?? base.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
    product: `prod_${base.replace(/[^A-Za-z0-9]/g, '')}`,
    recurring: {
      interval: input.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: input.unitAmount,
  };
}

/** "$19.00", "¥1,900": an amount in minor units. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** Stripe's test card numbers the fake knows (https://docs.stripe.com/testing). */
export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  /** Declined: card_declined / generic_decline, "Your card was declined." */
  declined: '4000000000000002',
  /** Declined: expired_card. */
  expired: '4000000000000069',
  /** Declined: incorrect_cvc. */
  incorrectCvc: '4000000000000127',
} as const;

interface CardErrorInput {
  code: string;
  message: string;
  decline_code?: string;
  param?: string;
}

const DECLINES: Record<string, CardErrorInput> = {
  [TEST_CARDS.declined]: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  [TEST_CARDS.expired]: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  [TEST_CARDS.incorrectCvc]: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    param: 'cvc',
  },
};

/** Magic payment method ids of test mode: attaching one attaches a new card of that kind. */
export const MAGIC_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: TEST_CARDS.visa,
  pm_card_mastercard: TEST_CARDS.mastercard,
  pm_card_amex: TEST_CARDS.amex,
};

export function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^(6011|65)/.test(number)) return 'discover';
  if (/^4/.test(number)) return 'visa';
  return 'unknown';
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string;
}

const cardError = (error: CardErrorInput): StripeErrorBody => ({
  type: 'card_error',
  ...error,
  doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`,
});

/** What the card network says to saving this card: null when it may be saved. */
export function cardRefusal({ number, expMonth, expYear }: CardInput, now = new Date()): StripeErrorBody | null {
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return cardError({ code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' });
  }
  if (!(expMonth >= 1 && expMonth <= 12)) {
    return cardError({
      code: 'invalid_expiry_month',
      message: "Your card's expiration month is invalid.",
      param: 'exp_month',
    });
  }
  const year = now.getUTCFullYear();
  if (!(expYear > year || (expYear === year && expMonth >= now.getUTCMonth() + 1)) || expYear > year + 50) {
    return cardError({
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is invalid.",
      param: 'exp_year',
    });
  }
  if (DECLINES[number]) return cardError(DECLINES[number]);
  if (!(Object.values(TEST_CARDS) as string[]).includes(number)) {
    return cardError({
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test ' +
        'cards, visit: https://stripe.com/docs/testing.',
    });
  }
  return null;
}

export function paymentMethodObject(
  card: CardInput,
  details: { name: string | null; email: string | null },
  created: number,
): FakePaymentMethod {
  const brand = brandOf(card.number);
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: details.email, name: details.name, phone: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? 'pass' : null },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').replace(/[-_]/g, '').slice(0, 16),
      funding: 'credit',
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      wallet: null,
    },
    created,
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function customerObject(
  input: { email: string | null; name: string | null; description: string | null; phone: string | null },
  metadata: Metadata,
  created: number,
): FakeCustomer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    email: input.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export interface SubscriptionInput {
  customer: string;
  price: FakePrice;
  quantity: number;
  trialDays: number | null;
  metadata: Metadata;
  defaultPaymentMethod: string | null;
}

export function subscriptionObject(input: SubscriptionInput, now: number): FakeSubscription {
  const id = newId('sub');
  const trialEnd = input.trialDays ? now + input.trialDays * 86_400 : null;
  const { interval, interval_count: count } = input.price.recurring;
  const item: FakeSubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    created: now,
    current_period_end: trialEnd ?? addInterval(now, interval, count),
    current_period_start: now,
    discounts: [],
    metadata: {},
    price: structuredClone(input.price),
    quantity: input.quantity,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: trialEnd ?? now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: input.price.currency,
    customer: input.customer,
    default_payment_method: input.defaultPaymentMethod,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    trial_end: trialEnd,
    trial_start: trialEnd ? now : null,
  };
}

/** A subscription's invoice for its item's current period; `amount` 0 for a trial. */
export function invoiceObject(
  subscription: FakeSubscription,
  customer: FakeCustomer,
  reason: FakeInvoice['billing_reason'],
  amount: number,
  paid: boolean,
  now: number,
): FakeInvoice {
  const id = newId('in');
  const item = subscription.items.data[0];
  const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Fake Stripe (test mode)',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    hosted_invoice_url: null,
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: subscription.currency,
          description: `${item.quantity} × ${item.price.nickname} (at ${formatAmount(item.price.unit_amount, item.price.currency)} / ${item.price.recurring.interval})`,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { proration: false, subscription: subscription.id, subscription_item: item.id },
          },
          period: { end: item.current_period_end, start: item.current_period_start },
          pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product } },
          quantity: item.quantity,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : now + 3 * 86_400,
    number,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_end: now,
    period_start: now,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: paid ? now : null,
      voided_at: null,
    },
    subtotal: amount,
    total: amount,
  };
}

/** The top-level fields of `after` that differ from `before`, with their former values (`previous_attributes`). */
export function changedFields(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(old[key])) previous[key] = old[key] ?? null;
  }
  return previous;
}
