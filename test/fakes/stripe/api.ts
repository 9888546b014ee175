import { bool, expand, int, list, metadataUpdate, nullable, obj, required, str, type Params } from './form.js';
import {
  ApiError,
  addInterval,
  cardRefusal,
  changedFields,
  customerObject,
  invalid,
  invoiceObject,
  MAGIC_PAYMENT_METHODS,
  newId,
  noSuch,
  nowSeconds,
  paymentMethodObject,
  priceObject,
  randomAlphanumeric,
  subscriptionObject,
  TEST_CARDS,
  type CardInput,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeInvoice,
  type FakePaymentMethod,
  type FakePrice,
  type FakePriceInput,
  type FakeSetupIntent,
  type FakeSubscription,
  type ListObject,
  type Metadata,
  type StripeObject,
} from './objects.js';

// The fake's state and the REST API over it (the calls the app makes, /v1/…), plus the state changes behind the
// checkout page and the test helpers. Every answer is a copy: callers never hold the live objects.

/** Which key authorized the call: the secret key (the app) or the publishable key (Stripe.js in the browser). */
export type KeyKind = 'secret' | 'publishable';

export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  key: KeyKind;
}

/** An event the change calls for, sent once the response is out. */
export interface PendingEvent {
  type: string;
  object: StripeObject;
  previous?: Record<string, unknown>;
}

export interface ApiAnswer {
  body: unknown;
  events?: PendingEvent[];
}

/** A price change through `subscriptions.update`, with the proration behaviour asked for. */
export interface FakePriceChange {
  subscription: string;
  item: string;
  from: string;
  to: string;
  prorationBehavior: string;
}

interface SessionDetails {
  price: string;
  quantity: number;
  trialDays: number | null;
  subscriptionMetadata: Metadata;
}

type Handler = (id: string, params: Params, key: KeyKind) => ApiAnswer;

const PUBLISHABLE_REFUSED = new ApiError(401, {
  type: 'invalid_request_error',
  message:
    'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of ' +
    'your API keys at https://dashboard.stripe.com/account/apikeys.',
});

const PRORATIONS = ['create_prorations', 'none', 'always_invoice'];

export function createStore(options: { prices: FakePriceInput[]; checkoutUrl: (sessionId: string) => string }) {
  const created = nowSeconds();
  const prices = new Map<string, FakePrice>(options.prices.map((input) => [input.id, priceObject(input, created)]));
  const customers = new Map<string, FakeCustomer>();
  const deletedCustomers = new Set<string>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const sessionDetails = new Map<string, SessionDetails>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  /** Payment methods once detached, which Stripe never lets be attached again. */
  const detached = new Set<string>();
  const priceChanges: FakePriceChange[] = [];
  const stores: Map<string, StripeObject>[] = [
    prices,
    customers,
    sessions,
    subscriptions,
    invoices,
    paymentMethods,
    setupIntents,
  ];

  function need<T>(store: Map<string, T>, id: string, kind: string, param = 'id'): T {
    const found = store.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  function lookup(id: string): StripeObject | undefined {
    for (const store of stores) {
      const found = store.get(id);
      if (found) return found;
    }
    return undefined;
  }

  /** A copy of `value` with the request's `expand[]` applied. */
  function answer(value: StripeObject | ListObject<StripeObject>, params: Params, events?: PendingEvent[]) {
    const lineItems = (target: Params, field: string) => {
      const details =
        target.object === 'checkout.session' && field === 'line_items' && sessionDetails.get(String(target.id));
      if (!details) return undefined;
      const price = prices.get(details.price)!;
      const data = [
        {
          id: `li_${randomAlphanumeric(24)}`,
          object: 'item',
          amount_subtotal: price.unit_amount * details.quantity,
          amount_total: price.unit_amount * details.quantity,
          currency: price.currency,
          description: price.nickname,
          price: structuredClone(price),
          quantity: details.quantity,
        },
      ];
      return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${String(target.id)}/line_items` };
    };
    return { body: expand(value, list(params, 'expand'), lookup, lineItems), events };
  }

  function page<T extends StripeObject>(items: T[], params: Params, url: string): ListObject<T> {
    const limit = int(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100.', 'limit');
    const after = str(params, 'starting_after');
    const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
    if (after && start === 0) throw invalid(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    return { object: 'list', data: items.slice(start, start + limit), has_more: items.length > start + limit, url };
  }

  // Customers.

  function createCustomer(params: Params): FakeCustomer {
    const customer = customerObject(
      {
        email: nullable(params, 'email') ?? null,
        name: nullable(params, 'name') ?? null,
        description: nullable(params, 'description') ?? null,
        phone: nullable(params, 'phone') ?? null,
      },
      metadataUpdate(params),
      nowSeconds(),
    );
    customers.set(customer.id, customer);
    return customer;
  }

  function updateCustomer(id: string, params: Params): FakeCustomer {
    const customer = need(customers, id, 'customer');
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      const value = nullable(params, field);
      if (value !== undefined) customer[field] = value;
    }
    customer.metadata = metadataUpdate(params, customer.metadata);
    const settings = obj(params, 'invoice_settings');
    const pm = settings ? nullable(settings, 'default_payment_method') : undefined;
    if (pm) ownPaymentMethod(customer.id, pm, 'invoice_settings[default_payment_method]');
    if (pm !== undefined) customer.invoice_settings.default_payment_method = pm;
    return customer;
  }

  /** As on Stripe: its subscriptions end at once and its payment methods are detached. */
  function deleteCustomer(id: string): ApiAnswer {
    need(customers, id, 'customer');
    const events: PendingEvent[] = [];
    for (const sub of subscriptions.values()) {
      if (sub.customer !== id || sub.status === 'canceled') continue;
      end(sub.id, 'cancellation_requested');
      events.push({ type: 'customer.subscription.deleted', object: structuredClone(sub) });
    }
    for (const pm of paymentMethods.values()) if (pm.customer === id) pm.customer = null;
    customers.delete(id);
    deletedCustomers.add(id);
    return { body: { id, object: 'customer', deleted: true }, events };
  }

  /** A payment method of this customer's, or the 400 Stripe answers. */
  function ownPaymentMethod(customerId: string, id: string, param: string): FakePaymentMethod {
    const pm = need(paymentMethods, id, 'PaymentMethod', param);
    if (pm.customer !== customerId) {
      throw invalid(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        param,
      );
    }
    return pm;
  }

  // Payment methods.

  function createCard(card: CardInput, name: string | null, email: string | null): FakePaymentMethod {
    const pm = paymentMethodObject(card, { name, email }, nowSeconds());
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function attach(pm: FakePaymentMethod, customerId: string, param = 'id'): void {
    if (detached.has(pm.id)) {
      throw invalid(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a ' +
          'Customer, and may not be used again.',
        param,
      );
    }
    if (pm.customer && pm.customer !== customerId) {
      throw invalid('The payment method you provided has already been attached to a customer.', param);
    }
    pm.customer = customerId;
  }

  function detach(id: string): FakePaymentMethod {
    const pm = need(paymentMethods, id, 'PaymentMethod');
    if (!pm.customer) {
      throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    }
    const customer = customers.get(pm.customer);
    if (customer?.invoice_settings.default_payment_method === id)
      customer.invoice_settings.default_payment_method = null;
    for (const sub of subscriptions.values()) if (sub.default_payment_method === id) sub.default_payment_method = null;
    pm.customer = null;
    detached.add(id);
    return pm;
  }

  /** Newest first (insertion order breaks ties within a second). */
  function paymentMethodsOf(customerId: string | null, type?: string): FakePaymentMethod[] {
    return [...paymentMethods.values()]
      .filter((pm) => pm.customer === customerId && (!type || pm.type === type))
      .reverse();
  }

  function listPaymentMethods(customerId: string | null, params: Params) {
    if (customerId) need(customers, customerId, 'customer', 'customer');
    const url = customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods';
    return page(paymentMethodsOf(customerId, str(params, 'type')), params, url);
  }

  // Checkout.

  function createSession(params: Params): FakeCheckoutSession {
    const mode = required(params, 'mode');
    if (mode !== 'subscription') throw invalid(`This fake serves mode=subscription only, not ${mode}.`, 'mode');
    const customerId = str(params, 'customer');
    if (customerId) need(customers, customerId, 'customer', 'customer');
    const successUrl = required(params, 'success_url');
    const items = list(params, 'line_items');
    if (items.length !== 1 || typeof items[0] !== 'object') {
      throw invalid('This fake takes exactly one line item.', 'line_items');
    }
    const line = items[0] as Params;
    const price = need(prices, required(line, 'price', 'line_items[0][price]'), 'price', 'line_items[0][price]');
    const quantity = int(line, 'quantity', 'line_items[0][quantity]') ?? 1;
    const subscriptionData = obj(params, 'subscription_data') ?? {};
    const trialDays = int(subscriptionData, 'trial_period_days', 'subscription_data[trial_period_days]') ?? null;
    const now = nowSeconds();
    const id = newId('cs_test');
    const amount = trialDays ? 0 : price.unit_amount * quantity;
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(params, 'cancel_url') ?? null,
      client_reference_id: str(params, 'client_reference_id') ?? null,
      created: now,
      currency: price.currency,
      customer: customerId ?? null,
      customer_details: null,
      customer_email: str(params, 'customer_email') ?? null,
      expires_at: now + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: metadataUpdate(params),
      mode: 'subscription',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      ui_mode: 'hosted',
      url: options.checkoutUrl(id),
    };
    sessions.set(id, session);
    sessionDetails.set(id, {
      price: price.id,
      quantity,
      trialDays,
      subscriptionMetadata: metadataUpdate(subscriptionData),
    });
    return session;
  }

  /** Pay on the checkout page: a visa card, the subscription and its first invoice, paid. */
  function completeSession(id: string) {
    const session = need(sessions, id, 'checkout.session');
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status}.`);
    const details = sessionDetails.get(id)!;
    const customer = session.customer
      ? customers.get(session.customer)!
      : createCustomer({ email: session.customer_email ?? '' });
    const year = new Date().getUTCFullYear() + 3;
    const pm = createCard(
      { number: TEST_CARDS.visa, expMonth: 12, expYear: year, cvc: '123' },
      customer.name,
      customer.email,
    );
    attach(pm, customer.id);
    customer.invoice_settings.default_payment_method = pm.id;
    const price = prices.get(details.price)!;
    const now = nowSeconds();
    const subscription = subscriptionObject(
      {
        customer: customer.id,
        price,
        quantity: details.quantity,
        trialDays: details.trialDays,
        metadata: details.subscriptionMetadata,
        defaultPaymentMethod: pm.id,
      },
      now,
    );
    subscriptions.set(subscription.id, subscription);
    const invoice = invoiceObject(subscription, customer, 'subscription_create', session.amount_total, true, now);
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    Object.assign(session, {
      customer: customer.id,
      customer_details: { email: customer.email, name: customer.name },
      invoice: invoice.id,
      payment_status: details.trialDays ? 'no_payment_required' : 'paid',
      status: 'complete',
      subscription: subscription.id,
      url: null,
    });
    return { session, subscription, invoice };
  }

  // Subscriptions.

  function updateSubscription(id: string, params: Params): ApiAnswer {
    const sub = need(subscriptions, id, 'subscription');
    const before = structuredClone(sub);
    const allowed = ['metadata', 'cancellation_details', 'expand'];
    if (sub.status === 'canceled' && Object.keys(params).some((key) => !allowed.includes(key))) {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const proration = str(params, 'proration_behavior') ?? 'create_prorations';
    if (!PRORATIONS.includes(proration)) {
      throw invalid(`Invalid proration_behavior: must be one of ${PRORATIONS.join(', ')}`, 'proration_behavior');
    }
    list(params, 'items').forEach((entry, index) => {
      const item = typeof entry === 'object' && entry !== null ? (entry as Params) : {};
      const itemId = required(item, 'id', `items[${index}][id]`);
      const target = sub.items.data.find((known) => known.id === itemId);
      if (!target) throw invalid(`No such subscription item: '${itemId}'`, `items[${index}][id]`, 'resource_missing');
      if (item.deleted !== undefined) throw invalid('This fake does not remove items.', `items[${index}][deleted]`);
      const quantity = int(item, 'quantity', `items[${index}][quantity]`);
      if (quantity !== undefined) target.quantity = quantity;
      const priceId = str(item, 'price');
      if (!priceId) return;
      const price = need(prices, priceId, 'price', `items[${index}][price]`);
      const from = target.price;
      target.price = structuredClone(price);
      priceChanges.push({ subscription: id, item: itemId, from: from.id, to: price.id, prorationBehavior: proration });
      if (from.recurring.interval !== price.recurring.interval && sub.status !== 'trialing') {
        const now = nowSeconds();
        target.current_period_start = now;
        target.current_period_end = addInterval(now, price.recurring.interval);
        sub.billing_cycle_anchor = now;
      }
    });
    const cancel = bool(params, 'cancel_at_period_end');
    if (cancel !== undefined) {
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
      sub.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
    }
    const pm = nullable(params, 'default_payment_method');
    if (pm) ownPaymentMethod(sub.customer, pm, 'default_payment_method');
    if (pm !== undefined) sub.default_payment_method = pm;
    if (str(params, 'trial_end') === 'now' && sub.status === 'trialing') {
      sub.trial_end = nowSeconds();
      sub.status = 'active';
    }
    sub.metadata = metadataUpdate(params, sub.metadata);
    const previous = changedFields(before, sub);
    const events = Object.keys(previous).length
      ? [{ type: 'customer.subscription.updated', object: structuredClone(sub), previous }]
      : [];
    return answer(sub, params, events);
  }

  /** Ends the subscription now: `cancel` (the API) or its end after a cancellation or failed payments. */
  function end(id: string, reason: string): FakeSubscription {
    const sub = need(subscriptions, id, 'subscription');
    if (sub.status === 'canceled') throw invalid(`This subscription is already canceled: '${id}'`);
    const now = nowSeconds();
    sub.status = 'canceled';
    sub.canceled_at ??= now;
    sub.ended_at = now;
    sub.cancellation_details.reason = reason;
    return sub;
  }

  function customerOf(sub: FakeSubscription): FakeCustomer {
    return customers.get(sub.customer)!;
  }

  /** The next period's invoice: the item moves on one interval. */
  function renew(sub: FakeSubscription, paid: boolean): FakeInvoice {
    const item = sub.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval);
    if (sub.cancel_at_period_end) sub.cancel_at = item.current_period_end;
    const amount = item.price.unit_amount * item.quantity;
    const invoice = invoiceObject(sub, customerOf(sub), 'subscription_cycle', amount, paid, nowSeconds());
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** A renewal (or its retry) fails: past_due, the invoice open. */
  function failPayment(id: string) {
    const sub = need(subscriptions, id, 'subscription');
    if (sub.status === 'canceled') throw new Error(`Subscription ${id} is canceled`);
    const before = structuredClone(sub);
    const latest = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
    let invoice: FakeInvoice;
    if (latest?.status === 'open') {
      invoice = latest;
      invoice.attempt_count++;
      invoice.next_payment_attempt = nowSeconds() + 3 * 86_400;
    } else invoice = renew(sub, false);
    sub.status = 'past_due';
    return { invoice, subscription: sub, previous: changedFields(before, sub) };
  }

  /** The open invoice is paid, or else a renewal succeeds: active again. */
  function payInvoice(id: string) {
    const sub = need(subscriptions, id, 'subscription');
    if (sub.status === 'canceled') throw new Error(`Subscription ${id} is canceled`);
    const before = structuredClone(sub);
    const latest = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
    let invoice: FakeInvoice;
    if (latest?.status === 'open') {
      invoice = latest;
      const now = nowSeconds();
      Object.assign(invoice, {
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        next_payment_attempt: null,
        status: 'paid',
        status_transitions: { ...invoice.status_transitions, paid_at: now },
      });
    } else invoice = renew(sub, true);
    sub.status = 'active';
    return { invoice, subscription: sub, previous: changedFields(before, sub) };
  }

  function endSubscription(id: string) {
    const sub = need(subscriptions, id, 'subscription');
    const reason = sub.status === 'past_due' && !sub.cancel_at_period_end ? 'payment_failed' : 'cancellation_requested';
    return { subscription: end(id, reason) };
  }

  // Setup intents.

  function createSetupIntent(params: Params): FakeSetupIntent {
    const customer = str(params, 'customer');
    if (customer) need(customers, customer, 'customer', 'customer');
    // `allowed_payment_method_types` in current API versions, `payment_method_types` before.
    const types = [...list(params, 'allowed_payment_method_types'), ...list(params, 'payment_method_types')];
    if (types.some((type) => type !== 'card'))
      throw invalid('This fake saves cards only.', 'allowed_payment_method_types');
    const usage = str(params, 'usage') ?? 'off_session';
    if (usage !== 'off_session' && usage !== 'on_session') throw invalid(`Invalid usage: ${usage}`, 'usage');
    const id = newId('seti');
    const intent: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      allowed_payment_method_types: types.length ? ['card'] : null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomAlphanumeric(32)}`,
      created: nowSeconds(),
      customer: customer ?? null,
      description: str(params, 'description') ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: metadataUpdate(params),
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage,
    };
    setupIntents.set(id, intent);
    return intent;
  }

  /** With the publishable key (Stripe.js), the client secret stands in for the secret key. */
  function intentFor(id: string, params: Params, key: KeyKind): FakeSetupIntent {
    const intent = need(setupIntents, id, 'setupintent');
    if (key === 'publishable' && str(params, 'client_secret') !== intent.client_secret) {
      throw invalid(
        'The client_secret provided does not match the client_secret associated with the SetupIntent.',
        'client_secret',
      );
    }
    return intent;
  }

  function confirmSetupIntent(id: string, params: Params, key: KeyKind): FakeSetupIntent {
    const intent = intentFor(id, params, key);
    if (intent.status !== 'requires_payment_method') {
      throw new ApiError(400, {
        ...invalid(
          `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
          undefined,
          'setup_intent_unexpected_state',
        ).error,
        setup_intent: structuredClone(intent),
      });
    }
    let pm: FakePaymentMethod;
    const existing = str(params, 'payment_method');
    if (existing) pm = need(paymentMethods, existing, 'PaymentMethod', 'payment_method');
    else {
      const data = obj(params, 'payment_method_data') ?? {};
      if (str(data, 'type') !== 'card') {
        throw invalid(
          'Missing required param: payment_method_data[type].',
          'payment_method_data[type]',
          'parameter_missing',
        );
      }
      const card = obj(data, 'card') ?? {};
      const year = Number(str(card, 'exp_year'));
      const input: CardInput = {
        number: (str(card, 'number') ?? '').replace(/\D/g, ''),
        expMonth: Number(str(card, 'exp_month')),
        expYear: year < 100 ? 2000 + year : year,
        cvc: str(card, 'cvc'),
      };
      const refusal = cardRefusal(input);
      if (refusal) {
        intent.last_setup_error = refusal;
        throw new ApiError(402, { ...refusal, setup_intent: structuredClone(intent) });
      }
      const billing = obj(data, 'billing_details') ?? {};
      pm = createCard(input, nullable(billing, 'name') ?? null, nullable(billing, 'email') ?? null);
    }
    if (intent.customer) attach(pm, intent.customer, 'payment_method');
    Object.assign(intent, { last_setup_error: null, payment_method: pm.id, status: 'succeeded' });
    return intent;
  }

  // Routes: `:id` is the path's id.

  const secret =
    (handler: Handler): Handler =>
    (id, params, key) => {
      if (key !== 'secret') throw PUBLISHABLE_REFUSED;
      return handler(id, params, key);
    };
  const routes: Array<[string, RegExp, Handler]> = [
    ['GET', /^\/v1\/prices\/([^/]+)$/, secret((id, p) => answer(need(prices, id, 'price'), p))],
    ['POST', /^\/v1\/customers$/, secret((_, p) => answer(createCustomer(p), p))],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)$/,
      secret((id, p) =>
        deletedCustomers.has(id)
          ? { body: { id, object: 'customer', deleted: true } }
          : answer(need(customers, id, 'customer'), p),
      ),
    ],
    ['DELETE', /^\/v1\/customers\/([^/]+)$/, secret((id) => deleteCustomer(id))],
    ['POST', /^\/v1\/customers\/([^/]+)$/, secret((id, p) => answer(updateCustomer(id, p), p))],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      secret((id, p) => answer(listPaymentMethods(need(customers, id, 'customer').id, p), p)),
    ],
    ['POST', /^\/v1\/checkout\/sessions$/, secret((_, p) => answer(createSession(p), p))],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      secret((id, p) => answer(need(sessions, id, 'checkout.session'), p)),
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      secret((_, p) => {
        const customer = str(p, 'customer');
        const status = str(p, 'status');
        const matching = [...subscriptions.values()].reverse().filter((sub) => {
          if (customer && sub.customer !== customer) return false;
          return status === 'all' || (status ? sub.status === status : sub.status !== 'canceled');
        });
        return answer(page(matching, p, '/v1/subscriptions'), p);
      }),
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, secret((id, p) => answer(need(subscriptions, id, 'subscription'), p))],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, secret((id, p) => updateSubscription(id, p))],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      secret((id, p) => {
        const sub = end(id, 'cancellation_requested');
        return answer(sub, p, [{ type: 'customer.subscription.deleted', object: structuredClone(sub) }]);
      }),
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, secret((id, p) => answer(need(invoices, id, 'invoice'), p))],
    ['POST', /^\/v1\/setup_intents$/, secret((_, p) => answer(createSetupIntent(p), p))],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (id, p, key) => answer(intentFor(id, p, key), p)],
    ['POST', /^\/v1\/setup_intents\/([^/]+)\/confirm$/, (id, p, key) => answer(confirmSetupIntent(id, p, key), p)],
    ['GET', /^\/v1\/payment_methods$/, secret((_, p) => answer(listPaymentMethods(str(p, 'customer') ?? null, p), p))],
    [
      'GET',
      /^\/v1\/payment_methods\/([^/]+)$/,
      secret((id, p) => answer(need(paymentMethods, id, 'PaymentMethod'), p)),
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      secret((id, p) => {
        const customer = need(customers, required(p, 'customer'), 'customer', 'customer');
        const magic = MAGIC_PAYMENT_METHODS[id];
        const year = new Date().getUTCFullYear() + 3;
        const pm = magic
          ? createCard({ number: magic, expMonth: 12, expYear: year }, null, null)
          : need(paymentMethods, id, 'PaymentMethod');
        attach(pm, customer.id);
        return answer(pm, p);
      }),
    ],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, secret((id, p) => answer(detach(id), p))],
  ];

  /** Answers one API call: `{ body }`, or throws ApiError. */
  function handle({ method, path, params, key }: ApiRequest): ApiAnswer {
    for (const [verb, pattern, handler] of routes) {
      const match = pattern.exec(path);
      if (match && verb === method) return handler(decodeURIComponent(match[1] ?? ''), params, key);
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). This fake serves the calls in test/fakes/README.md.`,
    });
  }

  return {
    prices,
    customers,
    sessions,
    sessionDetails,
    subscriptions,
    invoices,
    paymentMethods,
    setupIntents,
    priceChanges,
    handle,
    completeSession,
    failPayment,
    payInvoice,
    endSubscription,
    paymentMethodsOf,
    createCard,
    attach,
  };
}

export type Store = ReturnType<typeof createStore>;
