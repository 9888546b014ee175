import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import Stripe from 'stripe';
import { startFakeStripe, TEST_CARDS, type FakeStripe } from '../fakes/stripe.js';

// The fake Stripe on its own, spoken to through the real SDK (as the app does), plain fetch (the pages, and the
// calls Stripe.js makes) and a webhook receiver that verifies signatures with the SDK: the app's billing tests rely
// on it behaving like this.

const SECRET = 'sk_test_fakeSecretKey0000000000001234';
const WEBHOOK_SECRET = 'whsec_fakeWebhookSecret000000000000';
const PRICES = [
  { id: 'price_starter', unitAmount: 1900, currency: 'usd', interval: 'month' as const },
  { id: 'price_growth', unitAmount: 4900, currency: 'usd', interval: 'month' as const },
];

let fake: FakeStripe;
let stripe: Stripe;
let receiver: Server;
let received: Array<{ event: Stripe.Event; raw: string; timestamp: number }> = [];

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, prices: PRICES });
  stripe = sdk(SECRET);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['stripe-signature']);
      try {
        const event = stripe.webhooks.constructEvent(raw, header, WEBHOOK_SECRET);
        received.push({ event, raw, timestamp: Number(/t=(\d+)/.exec(header)?.[1]) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        res.writeHead(400).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe/`);
});
beforeEach(() => {
  received = [];
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function sdk(key: string): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** What Stripe.js sends to confirm a SetupIntent with a card typed in the card Element. */
function confirmFromBrowser(clientSecret: string, number: string, extra: Record<string, string> = {}) {
  const id = clientSecret.split('_secret_')[0];
  return fetch(`${fake.url}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://dashboard.test' },
    body: new URLSearchParams({
      client_secret: clientSecret,
      key: fake.publishableKey,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2039',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Ada Lovelace',
      ...extra,
    }),
  });
}

async function checkout(customer: string, options: { trialDays?: number } = {}) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_starter', quantity: 1 }],
    success_url: 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing',
    client_reference_id: 'merchant-1',
    metadata: { merchant_id: 'merchant-1' },
    subscription_data: { metadata: { plan_id: 'starter' }, trial_period_days: options.trialDays },
  });
}

/** A customer with an active starter subscription, bought through the checkout page. */
async function subscribed() {
  const customer = await stripe.customers.create({ email: 'shop@example.com', name: 'Shop' });
  const session = await checkout(customer.id);
  await fake.completeCheckout(session.id);
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(subscription as string);
}

describe('fake Stripe API', () => {
  it('refuses a wrong or missing key with 401 and an unknown id with 404, in Stripe shapes', async () => {
    await expect(sdk('sk_test_wrongKey000000000000wxyz').customers.create({})).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const wrong = await fetch(`${fake.url}/v1/customers`, { headers: { authorization: 'Bearer sk_test_nope1234' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****1234' },
    });
    expect((await fetch(`${fake.url}/v1/customers/cus_1`)).status).toBe(401);
    const publishable = await fetch(`${fake.url}/v1/customers/cus_1`, {
      headers: { authorization: `Bearer ${fake.publishableKey}` },
    });
    expect(publishable.status).toBe(401);

    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_missing'",
    });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ statusCode: 404 });
    const raw = await fetch(`${fake.url}/v1/subscriptions/sub_missing`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(await raw.json()).toEqual({
      error: expect.objectContaining({
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such subscription: 'sub_missing'",
        param: 'id',
      }),
    });
  });

  it('creates, reads, updates and deletes customers, and replays an idempotent create', async () => {
    const before = Math.floor(Date.now() / 1000);
    const customer = await stripe.customers.create({
      email: 'owner@shop.example',
      name: 'My Shop',
      metadata: { merchant_id: 'merchant-1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'owner@shop.example',
      name: 'My Shop',
      livemode: false,
      metadata: { merchant_id: 'merchant-1' },
      invoice_settings: { default_payment_method: null },
    });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]+$/);
    expect(customer.created).toBeGreaterThanOrEqual(before);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      status: 200,
      body: { email: 'owner@shop.example', name: 'My Shop', metadata: { merchant_id: 'merchant-1' } },
    });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: customer.email });

    const card = fake.addCard(customer.id, { card: 'mastercard' });
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card.id },
      metadata: { plan: 'starter', merchant_id: '' },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(card.id);
    expect(updated.metadata).toEqual({ plan: 'starter' });
    const stranger = await stripe.customers.create({ email: 'other@shop.example' });
    await expect(
      stripe.customers.update(stranger.id, { invoice_settings: { default_payment_method: card.id } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });

    const removed = await stripe.customers.del(stranger.id);
    expect(removed).toEqual({ id: stranger.id, object: 'customer', deleted: true });
    expect(await stripe.customers.retrieve(stranger.id)).toMatchObject({ id: stranger.id, deleted: true });

    const first = await stripe.customers.create({ email: 'once@shop.example' }, { idempotencyKey: 'create-once' });
    const again = await stripe.customers.create({ email: 'once@shop.example' }, { idempotencyKey: 'create-once' });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ email: 'x@y.z' }, { idempotencyKey: 'create-once' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });
});

describe('fake Stripe Checkout', () => {
  it('creates a session, shows its page, and Pay completes it after the app has the webhooks, in order', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@shop.example', name: 'Buyer' });
    const session = await checkout(customer.id);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'merchant-1',
      metadata: { merchant_id: 'merchant-1' },
      subscription: null,
      payment_status: 'unpaid',
      success_url: 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/billing',
      url: `${fake.url}/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      line_items: [{ price: 'price_starter', quantity: '1' }],
      subscription_data: { metadata: { plan_id: 'starter' } },
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://app.test/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });

    const page = await fetch(session.url!);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Subscribe to Starter</title>');
    expect(html).toContain('$19.00 per month');
    expect(html).toMatch(/<button type="submit" data-testid="stripe-pay">Pay<\/button>/);
    expect(html).toContain('<a href="http://app.test/billing" data-testid="stripe-cancel">Cancel</a>');

    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/billing/success?session_id=${session.id}`);
    expect(received.map(({ event }) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(received.map(({ event }) => event.id)).toEqual(fake.events.slice(-3).map((event) => event.id));
    expect(fake.deliveries.slice(-3).map((delivery) => delivery.status)).toEqual([200, 200, 200]);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      trial_end: null,
      metadata: { plan_id: 'starter' },
    });
    expect(subscription.id).toMatch(/^sub_/);
    const [item] = subscription.items.data;
    expect(item).toMatchObject({ object: 'subscription_item', quantity: 1, price: { id: 'price_starter' } });
    expect(item.price).toMatchObject({ unit_amount: 1900, currency: 'usd', recurring: { interval: 'month' } });
    expect(item.id).toMatch(/^si_/);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);

    const [completed, created, invoicePaid] = received.map(({ event }) => event);
    expect(completed).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(completed.data.object).toMatchObject({ id: session.id, status: 'complete', subscription: subscription.id });
    expect(created.data.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect(invoicePaid.data.object).toMatchObject({
      id: subscription.latest_invoice,
      status: 'paid',
      amount_paid: 1900,
      customer: customer.id,
      parent: { subscription_details: { subscription: subscription.id } },
    });

    const pm = subscription.default_payment_method as string;
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: pm },
    });
    expect(await stripe.paymentMethods.retrieve(pm)).toMatchObject({
      customer: customer.id,
      card: { brand: 'visa', last4: '4242' },
    });
    const again = await fetch(`${fake.url}/checkout/${session.id}`, { method: 'POST', redirect: 'manual' });
    expect(again.headers.get('location')).toBe(paid.headers.get('location'));
    expect(fake.subscriptions().filter((sub) => sub.customer === customer.id)).toHaveLength(1);
  });

  it('holds the webhooks while deferred, and starts a trial when asked', async () => {
    const customer = await stripe.customers.create({ email: 'trial@shop.example' });
    const session = await checkout(customer.id, { trialDays: 14 });
    expect(await (await fetch(session.url!)).text()).toContain('14 days free, then $19.00 per month.');
    fake.deferWebhooks(true);
    try {
      const res = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(received).toEqual([]);
      const done = await stripe.checkout.sessions.retrieve(session.id);
      expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
      const sub = await stripe.subscriptions.retrieve(done.subscription as string);
      expect(sub.status).toBe('trialing');
      expect(sub.trial_end! - sub.trial_start!).toBe(14 * 86_400);
      const flushed = await fake.flushWebhooks();
      expect(flushed.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
        ['checkout.session.completed', 200],
        ['customer.subscription.created', 200],
        ['invoice.paid', 200],
      ]);
      expect(received.map(({ event }) => event.type)).toHaveLength(3);
    } finally {
      fake.deferWebhooks(false);
    }
  });
});

describe('fake Stripe subscriptions', () => {
  it('replaces the price of the item it names, keeping its id, and records the proration', async () => {
    const sub = await subscribed();
    const itemId = sub.items.data[0].id;
    received = [];
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: itemId, price: 'price_growth' }],
      proration_behavior: 'create_prorations',
    });
    expect(updated.items.data).toHaveLength(1);
    expect(updated.items.data[0]).toMatchObject({ id: itemId, price: { id: 'price_growth', unit_amount: 4900 } });
    expect(fake.priceChanges.at(-1)).toEqual({
      subscription: sub.id,
      item: itemId,
      from: 'price_starter',
      to: 'price_growth',
      prorationBehavior: 'create_prorations',
    });
    await fake.settled();
    expect(received.map(({ event }) => event.type)).toEqual(['customer.subscription.updated']);
    expect(received[0].event.data).toMatchObject({ previous_attributes: { items: expect.any(Object) } });
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: itemId, price: 'price_nope' }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'items[0][price]' });
  });

  it('cancels at period end and back, then cancels now', async () => {
    const sub = await subscribed();
    const end = sub.items.data[0].current_period_end;
    const canceling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    const kept = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).toBeGreaterThan(0);
    await expect(stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 400,
    });
    await fake.settled();
    expect(received.slice(-3).map(({ event }) => event.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });

  it('fails, pays and ends subscriptions with the events Stripe sends', async () => {
    const sub = await subscribed();
    received = [];
    const failed = await fake.failPayment(sub.id);
    expect(failed.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    const pastDue = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(pastDue).toMatchObject({ status: 'past_due', latest_invoice: { status: 'open', amount_due: 1900 } });
    expect(received[1].event.data).toMatchObject({ previous_attributes: { status: 'active' } });

    const paid = await fake.payInvoice(sub.id);
    expect(paid.map((delivery) => delivery.event.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');

    const ended = await fake.endSubscription(sub.id);
    expect(ended.map((delivery) => delivery.event.type)).toEqual(['customer.subscription.deleted']);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'canceled' });
  });
});

describe('fake Stripe cards', () => {
  it('confirms a SetupIntent from the browser: declined, then saved to the customer', async () => {
    const customer = await stripe.customers.create({ email: 'cards@shop.example' });
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(intent).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customer.id,
      payment_method: null,
      usage: 'off_session',
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));

    const declined = await confirmFromBrowser(intent.client_secret!, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await declined.json()) as { error: unknown }).error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method' });

    const forged = await confirmFromBrowser(intent.client_secret!, TEST_CARDS.visa, {
      client_secret: 'seti_x_secret_y',
    });
    expect(forged.status).toBe(400);

    const ok = await confirmFromBrowser(intent.client_secret!, '4242 4242 4242 4242');
    expect(ok.status).toBe(200);
    const confirmed = (await ok.json()) as { status: string; payment_method: string };
    expect(confirmed.status).toBe('succeeded');
    expect(fake.requests.at(-1)).toMatchObject({ origin: 'http://dashboard.test', status: 200 });
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: 'succeeded',
      payment_method: confirmed.payment_method,
    });
    expect(await stripe.paymentMethods.retrieve(confirmed.payment_method)).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039 },
      billing_details: { name: 'Ada Lovelace' },
    });
    expect((await confirmFromBrowser(intent.client_secret!, TEST_CARDS.visa)).status).toBe(400);
  });

  it('lists newest first, attaches and detaches payment methods', async () => {
    const customer = await stripe.customers.create({ email: 'wallet@shop.example' });
    const other = await stripe.customers.create({ email: 'other-wallet@shop.example' });
    const visa = fake.addCard(customer.id, { makeDefault: true });
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(mastercard).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });

    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 10 });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((pm) => pm.id)).toEqual([mastercard.id, visa.id]);
    const first = await stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 1 });
    expect(first.data.map((pm) => pm.id)).toEqual([mastercard.id]);
    expect(first.has_more).toBe(true);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(2);

    await expect(stripe.paymentMethods.attach(visa.id, { customer: other.id })).rejects.toMatchObject({
      statusCode: 400,
    });
    const detached = await stripe.paymentMethods.detach(visa.id);
    expect(detached.customer).toBeNull();
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings).toMatchObject({
      default_payment_method: null,
    });
    expect(fake.paymentMethodsOf(customer.id).map((pm) => pm.id)).toEqual([mastercard.id]);
    await expect(stripe.paymentMethods.attach(visa.id, { customer: customer.id })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('fake Stripe webhooks', () => {
  it('signs events the SDK verifies, resends the same event, and can forge a signature', async () => {
    const object = { id: 'sub_manual', object: 'subscription', status: 'active' };
    const sent = await fake.emit('customer.subscription.updated', object, { created: 1_700_000_000 });
    expect(sent.status).toBe(200);
    expect(sent.event).toMatchObject({ type: 'customer.subscription.updated', created: 1_700_000_000 });
    expect(sent.event.id).toMatch(/^evt_[A-Za-z0-9]+$/);
    expect(received[0].event).toMatchObject({ id: sent.event.id, data: { object } });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await fake.resend(sent.event.id);
    expect(again.status).toBe(200);
    expect(received.map(({ event }) => event.id)).toEqual([sent.event.id, sent.event.id]);
    expect(received[1].raw).toBe(received[0].raw);
    expect(received[1].timestamp).toBeGreaterThan(received[0].timestamp);

    const forged = await fake.emit('invoice.paid', { id: 'in_x', object: 'invoice' }, { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    const stale = await fake.emit('invoice.paid', { id: 'in_x', object: 'invoice' }, { timestamp: 1_700_000_000 });
    expect(stale.status).toBe(400);
    expect(received).toHaveLength(2);
  });
});

/** Just enough DOM for the stand-in: elements with attributes, children, values and events. */
class StubNode {
  readonly attributes = new Map<string, string>();
  readonly children: StubNode[] = [];
  parent: StubNode | null = null;
  value = '';
  textContent = '';
  private readonly listeners = new Map<string, Array<() => void>>();
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  appendChild(child: StubNode) {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  focus() {
    this.dispatch('focus');
  }
  blur() {
    this.dispatch('blur');
  }
  *walk(): Generator<StubNode> {
    yield this;
    for (const child of this.children) yield* child.walk();
  }
}

interface CardElement {
  mount(target: string): void;
  on(event: string, listener: (payload: Record<string, unknown>) => void): CardElement;
  clear(): void;
  destroy(): void;
}
type SetupResult = { setupIntent?: { id: string; status: string; payment_method: string }; error?: unknown };
interface StripeJs {
  elements(): { create(type: string): CardElement };
  confirmCardSetup(secret: string, data: { payment_method: { card: CardElement } }): Promise<SetupResult>;
}

describe('fake Stripe.js', () => {
  it('serves a script that defines window.Stripe, whose card Element confirms a SetupIntent', async () => {
    const res = await fetch(fake.jsUrl);
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const container = new StubNode('div');
    const document = {
      createElement: (tag: string) => new StubNode(tag),
      querySelector: (selector: string) => (selector === '#card' ? container : null),
    };
    const context = vm.createContext({ window: {}, document, fetch, URLSearchParams, setTimeout });
    vm.runInContext(await res.text(), context);
    const StripeJs = (context.window as { Stripe: (key: string) => StripeJs }).Stripe;
    expect(typeof StripeJs).toBe('function');
    expect(() => StripeJs('pk_test_someoneElse')).toThrow(/Invalid API Key/);

    const card = StripeJs(fake.publishableKey).elements().create('card');
    const changes: Array<Record<string, unknown>> = [];
    let ready = false;
    card.on('change', (event) => changes.push(event)).on('ready', () => (ready = true));
    card.mount('#card');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ready).toBe(true);
    const inputs = [...container.walk()].filter((node) => node.tagName === 'input');
    expect(inputs.map((input) => input.attributes.get('name'))).toEqual(['cardnumber', 'exp-date', 'cvc']);
    const labels = [...container.walk()].filter((node) => node.tagName === 'label');
    expect(labels.map((label) => label.attributes.get('for'))).toEqual(inputs.map((i) => i.attributes.get('id')));
    const type = (index: number, text: string) => {
      inputs[index].value = text;
      inputs[index].dispatch('input');
    };

    const customer = await stripe.customers.create({ email: 'elements@shop.example' });
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
    });
    type(0, '4242 4242 42');
    expect(await confirmCard()).toMatchObject({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });

    type(0, '4000000000000002');
    type(1, '1239');
    type(2, '123');
    expect(inputs.map((input) => input.value)).toEqual(['4000 0000 0000 0002', '12 / 39', '123']);
    expect(changes.at(-1)).toMatchObject({ complete: true, empty: false, brand: 'visa' });
    expect(await confirmCard()).toMatchObject({ error: { type: 'card_error', code: 'card_declined' } });

    type(0, TEST_CARDS.mastercard);
    const saved = await confirmCard();
    expect(saved.setupIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(fake.paymentMethodsOf(customer.id)).toMatchObject([
      { id: saved.setupIntent!.payment_method, card: { brand: 'mastercard', last4: '4444', exp_year: 2039 } },
    ]);
    card.destroy();

    function confirmCard() {
      return StripeJs(fake.publishableKey).confirmCardSetup(intent.client_secret!, { payment_method: { card } });
    }
  });
});
