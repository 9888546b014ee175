import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type {
  TBillingConfig,
  TCurrentUsage,
  TPaymentMethod,
  TPlan,
  TSetupIntent,
  TStripeCheckoutSession,
  TSubscription,
} from '../../shared/billing.js';
import { subscriptions, webhookEvents } from '../../server/database/schema.js';
import { WebhookInbox } from '../../server/inbox/webhook-inbox.service.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { startFakeStripe, type FakeStripe, type FakeStripeOutage } from '../fakes/stripe.js';
import { PUBLIC_URL, registerOwner, seedOwner, type Agent, type RegisteredOwner } from '../support/accounts.js';
import { inboxIdle } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

const PRICES = { starter: 'price_starter', growth: 'price_growth', scale: 'price_scale' };
const DAY_MS = 24 * 60 * 60 * 1000;

let stripe: FakeStripe;
let t: TestApp;
let http: ReturnType<typeof request>;
let plans: Record<string, TPlan>;

/** The billing environment pointing at the fake Stripe. */
function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    PUBLIC_URL,
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_JS_URL: fake.jsUrl,
    STRIPE_PRICE_IDS: Object.entries(PRICES)
      .map(([code, price]) => `${code}=${price}`)
      .join(','),
  };
}

beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: 'sk_test_fake123',
    webhookSecret: 'whsec_fake123',
    prices: [
      { id: PRICES.starter, unitAmount: 1900, currency: 'usd', interval: 'month' },
      { id: PRICES.growth, unitAmount: 4900, currency: 'usd', interval: 'month' },
      { id: PRICES.scale, unitAmount: 14900, currency: 'usd', interval: 'month' },
    ],
  });
  t = await startTestApp({ env: stripeEnv(stripe) });
  // Listening, so the fake Stripe can deliver its webhooks.
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/stripe/`);
  http = request(t.app.getHttpServer());
  const owner = await registerOwner(t);
  const list = (await owner.agent.get('/api/billing/plans/').expect(200)).body.results as TPlan[];
  plans = Object.fromEntries(list.map((plan) => [plan.code, plan]));
});
afterAll(async () => {
  await t.close();
  // The last test stops it already.
  await stripe.close().catch(() => undefined);
});

const checkoutBody = (plan: TPlan, overrides: Record<string, unknown> = {}) => ({
  product_id: plan.id,
  platform: 'stripe',
  success_url: `${PUBLIC_URL}/billing/success`,
  cancel_url: `${PUBLIC_URL}/billing/cancel`,
  quantity: 1,
  ...overrides,
});

const startCheckout = (agent: Agent, plan: TPlan, overrides: Record<string, unknown> = {}) =>
  agent
    .post('/api/billing/checkout/create-checkout-session/')
    .set('X-Payment-Platform', 'stripe')
    .send(checkoutBody(plan, overrides));

const usage = async (agent: Agent) =>
  (await agent.get('/api/billing/subscriptions/current_usage/').expect(200)).body as TCurrentUsage;
const active = async (agent: Agent) =>
  (await agent.get('/api/billing/subscriptions/get_active_subscription/').expect(200)).body as TSubscription;

/**
 * A store that bought `plan` through Stripe Checkout (the fake's Pay), webhooks processed. Signed up through the API by
 * default; sign-up allows 20 a client an hour and this file uses them all, so further tests seed their owner.
 */
async function subscribed(
  plan: TPlan = plans.starter,
  signUp: (app: TestApp) => Promise<RegisteredOwner> = registerOwner,
) {
  const owner = await signUp(t);
  const session = (await startCheckout(owner.agent, plan).expect(200)).body as TStripeCheckoutSession;
  await stripe.completeCheckout(session.id);
  await inboxIdle(t);
  const subscription = await active(owner.agent);
  const providerId = stripe.subscriptions().find((s) => s.metadata.merchant_id === owner.merchantId)!.id;
  return { ...owner, session, subscription, providerId };
}

describe('plans and configuration', () => {
  it('lists the plans by amount with their display price, and how this store pays', async () => {
    const owner = await registerOwner(t);
    const list = (await owner.agent.get('/api/billing/plans/?status=active').expect(200)).body.results as TPlan[];
    expect(list.map((plan) => [plan.code, plan.formatted_amount, plan.free])).toEqual([
      ['free', '$0.00', true],
      ['starter', '$19.00', false],
      ['growth', '$49.00', false],
      ['scale', '$149.00', false],
    ]);
    expect(list[3]).toMatchObject({ max_active_reviews: null, unlimited_active_reviews: true, frequency: 'month' });
    expect((await owner.agent.get('/api/billing/config/').expect(200)).body).toEqual({
      provider: 'stripe',
      stripe: { publishable_key: stripe.publishableKey, js_url: stripe.jsUrl },
      shopify_trial_days: 0,
      shopify_trial_used: false,
      grace_days: 7,
    } satisfies TBillingConfig);
  });
});

describe('Stripe checkout', () => {
  it('creates a subscription checkout for the store’s one Stripe customer, on this site’s return pages', async () => {
    const owner = await registerOwner(t);
    const first = (await startCheckout(owner.agent, plans.starter).expect(200)).body as TStripeCheckoutSession;
    const second = (await startCheckout(owner.agent, plans.growth).expect(200)).body as TStripeCheckoutSession;
    expect(first.url).toMatch(new RegExp(`^${stripe.url}/checkout/`));
    const [a, b] = stripe.sessions().filter((s) => s.id === first.id || s.id === second.id);
    expect(a.customer).toBe(b.customer);
    expect(stripe.customers().filter((c) => c.metadata.merchant_id === owner.merchantId)).toHaveLength(1);
    expect(a).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.merchantId,
      success_url: `${PUBLIC_URL}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/billing/cancel`,
      metadata: { merchant_id: owner.merchantId, plan_id: plans.starter.id },
    });
  });

  it('refuses foreign return pages, unknown or free plans, other quantities, and Shopify’s body for a card store', async () => {
    const { agent } = await registerOwner(t);
    const foreign = await startCheckout(agent, plans.starter, { success_url: 'https://evil.example/ok' }).expect(400);
    expect(foreign.body.fields.success_url).toEqual([`Only addresses on ${PUBLIC_URL} are accepted.`]);
    await startCheckout(agent, plans.starter, { cancel_url: 'javascript:alert(1)' }).expect(400);
    expect((await startCheckout(agent, plans.free).expect(400)).body.fields.product_id).toEqual([
      'The Free plan needs no checkout.',
    ]);
    await startCheckout(agent, plans.starter, { product_id: '00000000-0000-4000-8000-000000000000' }).expect(400);
    await startCheckout(agent, plans.starter, { quantity: 3 }).expect(400);
    const shopifyBody = await agent
      .post('/api/billing/checkout/create-checkout-session/')
      .send({ plan_id: plans.starter.id, return_url: `${PUBLIC_URL}/billing/success` })
      .expect(400);
    expect(shopifyBody.body.code).toBe('wrong_checkout');
  });

  it('activates the plan when Stripe reports the completed checkout, once however often it is delivered', async () => {
    const { agent, session, subscription, providerId } = await subscribed(plans.starter);
    expect(subscription).toMatchObject({
      provider: 'stripe',
      status: 'active',
      current_plan: { plan: { code: 'starter' } },
      cancel_at_period_end: false,
      grace_ends_at: null,
    });
    expect(new Date(subscription.current_period_end!).getTime()).toBeGreaterThan(Date.now() + 25 * DAY_MS);
    expect(await usage(agent)).toMatchObject({ plan: { code: 'starter' }, billing_status: 'active' });
    expect(stripe.sessions().find((s) => s.id === session.id)?.status).toBe('complete');

    const completed = stripe.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === session.id,
    )!;
    const again = await stripe.resend(completed.id);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ detail: 'duplicate' });
    const rows = await databaseOf(t)
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerId));
    expect(rows).toHaveLength(1);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged, stale or unsigned delivery with 400 and stores nothing', async () => {
    const before = await databaseOf(t).select().from(webhookEvents).where(eq(webhookEvents.provider, 'stripe'));
    const forged = await stripe.emit('invoice.paid', { id: 'in_forged', object: 'invoice' }, { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({
      detail: 'The webhook signature is not valid.',
      code: 'invalid_signature',
    });
    const stale = await stripe.emit(
      'invoice.paid',
      { id: 'in_stale', object: 'invoice' },
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    expect(stale.status).toBe(400);
    await http.post('/api/webhooks/stripe/').set('content-type', 'application/json').send('{"id":"evt_x"}').expect(400);
    const after = await databaseOf(t).select().from(webhookEvents).where(eq(webhookEvents.provider, 'stripe'));
    expect(after.length).toBe(before.length);
  });

  it('ignores an older subscription update delivered after a newer one', async () => {
    const { agent, providerId } = await subscribed(plans.growth);
    const current = stripe.subscriptions().find((s) => s.id === providerId)!;
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const old = await stripe.emit(
      'customer.subscription.updated',
      { ...current, status: 'canceled' },
      { created: anHourAgo },
    );
    expect(old.status).toBe(200);
    await inboxIdle(t);
    expect(await usage(agent)).toMatchObject({ plan: { code: 'growth' }, billing_status: 'active' });
  });

  it('records the period end of an event built for an API version older than 2025-03-31.basil', async () => {
    const { agent, providerId } = await subscribed(plans.starter, seedOwner);
    const current = stripe.subscriptions().find((s) => s.id === providerId)!;
    const [item] = current.items.data;
    const renewed = item.current_period_end + 30 * 86_400;
    // Before basil the period sat on the subscription, and its items had none.
    const { current_period_start: _start, current_period_end: _end, ...legacyItem } = item;
    const legacy = {
      ...current,
      current_period_start: item.current_period_end,
      current_period_end: renewed,
      items: { ...current.items, data: [legacyItem] },
    };
    const delivered = await stripe.emit('customer.subscription.updated', legacy, { apiVersion: '2025-02-24.acacia' });
    expect(delivered.status).toBe(200);
    await inboxIdle(t);
    expect((await active(agent)).current_period_end).toBe(new Date(renewed * 1000).toISOString());
  });
});

describe('plan changes and subscription states', () => {
  it('changes plan in place with proration; the new limits apply at once', async () => {
    const store = await subscribed(plans.starter);
    const item = stripe.subscriptions().find((s) => s.id === store.providerId)!.items.data[0].id;
    const changed = await store.agent
      .post(`/api/billing/subscriptions/${store.subscription.id}/change_plan/`)
      .send({ new_plan_id: plans.growth.id })
      .expect(200);
    expect((changed.body as TSubscription).current_plan.plan.code).toBe('growth');
    expect(stripe.priceChanges.at(-1)).toMatchObject({
      subscription: store.providerId,
      item,
      from: PRICES.starter,
      to: PRICES.growth,
      prorationBehavior: 'create_prorations',
    });
    expect((await usage(store.agent)).plan.code).toBe('growth');
    await stripe.settled();
    await inboxIdle(t);
    expect((await usage(store.agent)).plan.code).toBe('growth');
  });

  it('refuses the current plan, an unknown plan and another store’s subscription', async () => {
    const store = await subscribed(plans.starter);
    const path = `/api/billing/subscriptions/${store.subscription.id}/change_plan/`;
    expect(
      (await store.agent.post(path).send({ new_plan_id: plans.starter.id }).expect(400)).body.fields.new_plan_id,
    ).toEqual(['This is already your plan.']);
    await store.agent.post(path).send({ new_plan_id: '00000000-0000-4000-8000-000000000000' }).expect(400);
    await store.agent.post(path).send({ new_plan_id: 'not-a-uuid' }).expect(400);
    const other = await registerOwner(t);
    await other.agent.post(path).send({ new_plan_id: plans.growth.id }).expect(404);
  });

  it('downgrading to Free cancels at the period’s end; the plan holds until Stripe ends it', async () => {
    const store = await subscribed(plans.scale);
    stripe.deferWebhooks(true);
    await store.agent
      .post(`/api/billing/subscriptions/${store.subscription.id}/change_plan/`)
      .send({ new_plan_id: plans.free.id })
      .expect(200);
    // In force at once, before Stripe's event confirms it.
    expect(await usage(store.agent)).toMatchObject({ plan: { code: 'scale' }, billing_status: 'canceling' });
    stripe.deferWebhooks(false);
    await stripe.flushWebhooks();
    await stripe.settled();
    await inboxIdle(t);
    expect(stripe.subscriptions().find((s) => s.id === store.providerId)?.cancel_at_period_end).toBe(true);
    expect(await usage(store.agent)).toMatchObject({ plan: { code: 'scale' }, billing_status: 'canceling' });
    await stripe.endSubscription(store.providerId);
    await inboxIdle(t);
    expect(await usage(store.agent)).toMatchObject({ plan: { code: 'free' }, billing_status: 'free' });
    expect((await store.agent.get('/api/billing/subscriptions/get_active_subscription/').expect(200)).body).toEqual({});
  });

  it('a failed payment keeps the plan for the grace period, then Free; a payment restores it', async () => {
    const store = await subscribed(plans.starter);
    await stripe.failPayment(store.providerId);
    await inboxIdle(t);
    const grace = await usage(store.agent);
    expect(grace).toMatchObject({ plan: { code: 'starter' }, billing_status: 'grace' });
    expect(new Date(grace.grace_ends_at!).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    // The dashboard's banner reads it with the upgrade card's data.
    expect((await store.agent.get('/api/reviews/usage_details/').expect(200)).body).toMatchObject({
      billing_status: 'grace',
      grace_ends_at: grace.grace_ends_at,
    });
    // A second failed attempt does not restart the grace period.
    await stripe.failPayment(store.providerId);
    await inboxIdle(t);
    expect((await usage(store.agent)).grace_ends_at).toBe(grace.grace_ends_at);

    await databaseOf(t)
      .update(subscriptions)
      .set({ pastDueSince: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(subscriptions.providerSubscriptionId, store.providerId));
    expect(await usage(store.agent)).toMatchObject({ plan: { code: 'free' }, billing_status: 'free' });

    await stripe.payInvoice(store.providerId);
    await inboxIdle(t);
    expect(await usage(store.agent)).toMatchObject({ plan: { code: 'starter' }, billing_status: 'active' });
  });

  it('a downgrade below usage keeps every approved review and refuses new approvals until usage fits', async () => {
    const store = await subscribed(plans.starter);
    const ids = await seedReviews(t, store.merchantId, 8, { productId: 'mug' });
    for (const id of ids.slice(0, 7)) await store.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await store.agent
      .post(`/api/billing/subscriptions/${store.subscription.id}/change_plan/`)
      .send({ new_plan_id: plans.free.id })
      .expect(200);
    await stripe.endSubscription(store.providerId);
    await inboxIdle(t);
    const refused = await store.agent.post(`/api/reviews/${ids[7]}/approve/`).expect(403);
    expect(refused.body.limit_info.active_reviews).toMatchObject({ current: 7, max: 5, reached_limit: true });
    expect((await store.agent.get('/api/reviews/?status=approved').expect(200)).body.count).toBe(7);
  });

  it('lifts the limit modal’s refusal as soon as the upgrade is paid', async () => {
    const owner = await registerOwner(t);
    const ids = await seedReviews(t, owner.merchantId, 6, { productId: 'lamp' });
    for (const id of ids.slice(0, 5)) await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await owner.agent.post(`/api/reviews/${ids[5]}/approve/`).expect(403);
    const session = (await startCheckout(owner.agent, plans.starter).expect(200)).body as TStripeCheckoutSession;
    await stripe.completeCheckout(session.id);
    await inboxIdle(t);
    await owner.agent.post(`/api/reviews/${ids[5]}/approve/`).expect(200);
  });
});

describe('payment methods', () => {
  /** What Stripe.js does with the page's card Element: confirm the SetupIntent straight with Stripe. */
  async function confirmCard(
    intent: TSetupIntent,
    number: string,
  ): Promise<{ status: number; body: { payment_method?: string; error?: { code: string } } }> {
    const params = new URLSearchParams({
      client_secret: intent.client_secret,
      key: stripe.publishableKey,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
      'payment_method_data[card][cvc]': '123',
    });
    const res = await fetch(`${stripe.url}/v1/setup_intents/${intent.id}/confirm`, { method: 'POST', body: params });
    return { status: res.status, body: (await res.json()) as { payment_method?: string; error?: { code: string } } };
  }

  it('saves a card through a SetupIntent, makes it the default, lists and deletes it', async () => {
    const store = await subscribed(plans.starter);
    const intent = (await store.agent.post('/api/billing/payment-methods/create_payment_method/').expect(200))
      .body as TSetupIntent;
    expect(intent.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    const declined = await confirmCard(intent, '4000000000000002');
    expect(declined.body.error?.code).toBe('card_declined');
    const confirmed = await confirmCard(intent, '5555555555554444');
    expect(confirmed.status).toBe(200);
    const attached = await store.agent
      .post('/api/billing/payment-methods/attach_payment_method/')
      .send({ payment_method_id: confirmed.body.payment_method, customer_id: intent.customer_id })
      .expect(200);
    expect(attached.body).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: true });
    expect(stripe.subscriptions().find((s) => s.id === store.providerId)?.default_payment_method).toBe(
      confirmed.body.payment_method,
    );

    const list = (await store.agent.get('/api/billing/payment-methods/list_payment_methods/?limit=10').expect(200)).body
      .results as TPaymentMethod[];
    expect(list.map((m) => [m.brand, m.last4, m.is_default])).toEqual([
      ['mastercard', '4444', true],
      ['visa', '4242', false],
    ]);
    await store.agent
      .post('/api/billing/payment-methods/delete_payment_method/')
      .send({ payment_method_id: list[1].id })
      .expect(204);
    const left = (await store.agent.get('/api/billing/payment-methods/list_payment_methods/').expect(200)).body.results;
    expect(left.map((m: TPaymentMethod) => m.last4)).toEqual(['4444']);
  });

  it('never touches another store’s customer or card', async () => {
    const a = await subscribed(plans.starter);
    const b = await subscribed(plans.starter);
    const aCard = stripe.paymentMethodsOf(stripe.sessions().find((s) => s.id === a.session.id)!.customer as string)[0];
    const bIntent = (await b.agent.post('/api/billing/payment-methods/create_payment_method/').expect(200))
      .body as TSetupIntent;
    const aCustomer = aCard.customer as string;
    expect(
      (
        await b.agent
          .post('/api/billing/payment-methods/attach_payment_method/')
          .send({ payment_method_id: aCard.id, customer_id: aCustomer })
          .expect(403)
      ).body.code,
    ).toBe('not_your_customer');
    await b.agent
      .post('/api/billing/payment-methods/attach_payment_method/')
      .send({ payment_method_id: aCard.id, customer_id: bIntent.customer_id })
      .expect(404);
    await b.agent
      .post('/api/billing/payment-methods/delete_payment_method/')
      .send({ payment_method_id: aCard.id })
      .expect(404);
    expect(stripe.paymentMethodsOf(aCustomer).map((m) => m.id)).toContain(aCard.id);
    await b.agent
      .post('/api/billing/payment-methods/delete_payment_method/')
      .send({ payment_method_id: 'not-an-id' })
      .expect(400);
  });
});

describe('when Stripe is out of reach', () => {
  let store: Awaited<ReturnType<typeof subscribed>>;
  let fresh: RegisteredOwner;
  let customer: string;
  let card: string;
  beforeAll(async () => {
    store = await subscribed(plans.starter);
    fresh = await registerOwner(t);
    customer = stripe.sessions().find((s) => s.id === store.session.id)!.customer as string;
    card = stripe.paymentMethodsOf(customer)[0].id;
  });
  afterEach(() => stripe.setOutage(null));

  const changePlan = (plan: TPlan) =>
    store.agent.post(`/api/billing/subscriptions/${store.subscription.id}/change_plan/`).send({ new_plan_id: plan.id });
  /** Every billing call that talks to Stripe. */
  const calls: Array<[string, () => request.Test]> = [
    ['a first checkout (making the customer)', () => startCheckout(fresh.agent, plans.growth)],
    ['a checkout', () => startCheckout(store.agent, plans.growth)],
    ['a card form (SetupIntent)', () => store.agent.post('/api/billing/payment-methods/create_payment_method/')],
    [
      'attaching a card',
      () =>
        store.agent
          .post('/api/billing/payment-methods/attach_payment_method/')
          .send({ payment_method_id: card, customer_id: customer }),
    ],
    [
      'removing a card',
      () => store.agent.post('/api/billing/payment-methods/delete_payment_method/').send({ payment_method_id: card }),
    ],
    ['a plan change', () => changePlan(plans.growth)],
    ['a cancellation (back to Free)', () => changePlan(plans.free)],
  ];

  it.each<[string, number, FakeStripeOutage]>([
    ['answers 500', 502, { status: 500 }],
    ['answers 503', 502, { status: 503 }],
    ['is behind a proxy answering an HTML 502', 502, { status: 502, html: true }],
    ['rate-limits (429)', 503, { status: 429 }],
    ['drops the connection', 503, 'drop'],
  ])(
    'Stripe %s: every call answers %i payment_provider_unavailable with Retry-After; nothing changes',
    async (_n, status, outage) => {
      stripe.setOutage(outage);
      for (const [name, call] of calls) {
        const res = await call();
        expect([name, res.status, res.body.code, res.headers['retry-after']]).toEqual([
          name,
          status,
          'payment_provider_unavailable',
          '30',
        ]);
        expect(res.body.detail).toMatch(/^Stripe, the payment provider, .+ Please try again in a minute\.$/);
      }
      // SPEC §8: a card list that cannot be read is an empty list.
      expect(
        (await store.agent.get('/api/billing/payment-methods/list_payment_methods/').expect(200)).body.results,
      ).toEqual([]);
      stripe.setOutage(null);
      expect(await usage(store.agent)).toMatchObject({ plan: { code: 'starter' }, billing_status: 'active' });
      expect(stripe.paymentMethodsOf(customer).map((method) => method.id)).toContain(card);
      expect(stripe.customers().filter((c) => c.metadata.merchant_id === fresh.merchantId)).toEqual([]);
    },
  );

  it('a checkout completed while Stripe cannot be read is kept, and applied once it can', async () => {
    const owner = await registerOwner(t);
    const session = (await startCheckout(owner.agent, plans.growth).expect(200)).body as TStripeCheckoutSession;
    stripe.deferWebhooks(true);
    await stripe.completeCheckout(session.id);
    stripe.deferWebhooks(false);
    stripe.setOutage('drop');
    const [completed] = await stripe.flushWebhooks();
    expect([completed.event.type, completed.status]).toEqual(['checkout.session.completed', 200]);
    await inboxIdle(t);
    const [kept] = await databaseOf(t)
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, completed.event.id));
    expect(kept).toMatchObject({ processedAt: null, attempts: 1 });
    expect(kept.lastError).toMatch(/^Stripe, the payment provider, cannot be reached/);

    stripe.setOutage(null);
    await databaseOf(t)
      .update(webhookEvents)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookEvents.eventId, completed.event.id));
    await t.app.get(WebhookInbox).drainSoon();
    await inboxIdle(t);
    const [done] = await databaseOf(t)
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, completed.event.id));
    expect(done.processedAt).not.toBeNull();
    expect(await usage(owner.agent)).toMatchObject({ plan: { code: 'growth' }, billing_status: 'active' });
  });

  it('once Stripe answers again, the same calls go through', async () => {
    stripe.setOutage({ status: 503 });
    await changePlan(plans.growth).expect(502);
    stripe.setOutage(null);
    await changePlan(plans.growth).expect(200);
    expect((await usage(store.agent)).plan.code).toBe('growth');
  });
});

describe('without Stripe', () => {
  it('explains that billing is not configured, the Free plan applies, and nothing fails', async () => {
    const bare = await startTestApp({ env: { PUBLIC_URL } });
    try {
      const owner = await registerOwner(bare);
      expect(((await owner.agent.get('/api/billing/config/').expect(200)).body as TBillingConfig).provider).toBe(
        'none',
      );
      expect((await owner.agent.get('/api/billing/subscriptions/current_usage/').expect(200)).body.plan.code).toBe(
        'free',
      );
      expect(
        (await owner.agent.get('/api/billing/payment-methods/list_payment_methods/').expect(200)).body.results,
      ).toEqual([]);
      const own = (await owner.agent.get('/api/billing/plans/').expect(200)).body.results as TPlan[];
      const refused = await owner.agent
        .post('/api/billing/checkout/create-checkout-session/')
        .set('X-Payment-Platform', 'stripe')
        .send(checkoutBody(own.find((plan) => plan.code === 'starter')!))
        .expect(404);
      expect(refused.body).toEqual({
        detail: 'Billing is not configured on this server.',
        code: 'billing_not_configured',
      });
      await request(bare.app.getHttpServer()).post('/api/webhooks/stripe/').send('{}').expect(404);
    } finally {
      await bare.close();
    }
  });

  it('with nothing listening where Stripe was: card lists are empty, and calls answer 503 with Retry-After', async () => {
    const store = await subscribed(plans.starter);
    await stripe.close();
    expect(
      (await store.agent.get('/api/billing/payment-methods/list_payment_methods/').expect(200)).body.results,
    ).toEqual([]);
    const refused = await startCheckout(store.agent, plans.growth).expect(503);
    expect(refused.body.code).toBe('payment_provider_unavailable');
    expect(refused.headers['retry-after']).toBe('30');
  });
});
