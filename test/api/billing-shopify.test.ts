import { eq } from 'drizzle-orm';
import request from 'supertest';
import type {
  TBillingConfig,
  TCurrentUsage,
  TPlan,
  TShopifyCheckoutSession,
  TSubscription,
} from '../../shared/billing.js';
import { merchants, subscriptions } from '../../server/database/schema.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { inboxIdle, installedStore, pathOf, shopifyEnv, type InstalledStore } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let shopify: FakeShopify;
let t: TestApp;
let plans: Record<string, TPlan>;
beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'bill-key', apiSecret: 'bill-secret' });
  t = await startTestApp({ env: shopifyEnv(shopify) });
  const owner = await registerOwner(t);
  const list = (await owner.agent.get('/api/billing/plans/').expect(200)).body.results as TPlan[];
  plans = Object.fromEntries(list.map((plan) => [plan.code, plan]));
});
afterAll(async () => {
  await t.close();
  await shopify.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function checkout(store: InstalledStore, plan: TPlan, returnUrl = `${PUBLIC_URL}/billing/success`) {
  return store.owner
    .post('/api/billing/checkout/create-checkout-session/')
    .send({ plan_id: plan.id, return_url: returnUrl });
}

/** The merchant decides on Shopify's confirmation page; the browser comes back through the app's return route. */
async function decide(store: InstalledStore, session: TShopifyCheckoutSession, decision: 'approve' | 'decline') {
  const res = await fetch(session.confirmation_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const back = await store.owner.get(pathOf(res.headers.get('location')!)).expect(303);
  await inboxIdle(t);
  return back.headers.location as string;
}

/** Shopify's app_subscriptions/update, signed, and processed. */
async function notify(store: InstalledStore, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload);
  await request(t.app.getHttpServer())
    .post('/api/webhooks/shopify/')
    .set(shopify.webhookHeaders('app_subscriptions/update', store.shop, body))
    .send(body)
    .expect(200);
  await inboxIdle(t);
}

const usage = async (agent: Agent) =>
  (await agent.get('/api/billing/subscriptions/current_usage/').expect(200)).body as TCurrentUsage;
const active = async (agent: Agent) =>
  (await agent.get('/api/billing/subscriptions/get_active_subscription/').expect(200)).body as TSubscription;

describe('Shopify billing', () => {
  it('says the store is billed by Shopify, with the 14-day trial not used yet', async () => {
    const store = await installedStore(t, shopify);
    const config = (await store.owner.get('/api/billing/config/').expect(200)).body as TBillingConfig;
    expect(config).toEqual({
      provider: 'shopify',
      stripe: null,
      shopify_trial_days: 14,
      shopify_trial_used: false,
      grace_days: 7,
    } satisfies TBillingConfig);
    expect(await usage(store.owner)).toMatchObject({ plan: { code: 'free' }, billing_status: 'free' });
    expect((await store.owner.get('/api/billing/subscriptions/get_active_subscription/').expect(200)).body).toEqual({});
  });

  it('subscribes through Shopify’s confirmation with the trial, once per store; the plan applies on return', async () => {
    const store = await installedStore(t, shopify);
    const res = await checkout(store, plans.starter).expect(200);
    const session = res.body as TShopifyCheckoutSession;
    expect(session.id).toMatch(/^gid:\/\/shopify\/AppSubscription\/\d+$/);
    const [charge] = shopify.charges(store.shop);
    expect(charge).toMatchObject({
      name: 'Starter',
      status: 'PENDING',
      trialDays: 14,
      amount: 19,
      currency: 'USD',
      interval: 'EVERY_30_DAYS',
      test: false,
    });
    expect(charge.returnUrl).toBe(
      `${PUBLIC_URL}/api/billing/shopify/return/?next=${encodeURIComponent(`${PUBLIC_URL}/billing/success`)}`,
    );
    // Pending: nothing changes until the merchant approves.
    expect((await usage(store.owner)).plan.code).toBe('free');

    expect(await decide(store, session, 'approve')).toBe(`${PUBLIC_URL}/billing/success`);
    expect(await usage(store.owner)).toMatchObject({ plan: { code: 'starter' }, billing_status: 'trialing' });
    const subscription = await active(store.owner);
    expect(subscription).toMatchObject({
      provider: 'shopify',
      status: 'trialing',
      current_plan: { plan: { code: 'starter' } },
    });
    expect(new Date(subscription.trial_ends_at!).getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);
    expect(
      ((await store.owner.get('/api/billing/config/').expect(200)).body as TBillingConfig).shopify_trial_used,
    ).toBe(true);

    // A second plan: no second trial, and Shopify's replacement ends the first subscription.
    const upgrade = (await checkout(store, plans.growth).expect(200)).body as TShopifyCheckoutSession;
    expect(shopify.charges(store.shop).at(-1)?.trialDays).toBe(0);
    await decide(store, upgrade, 'approve');
    expect(await usage(store.owner)).toMatchObject({ plan: { code: 'growth' }, billing_status: 'active' });
    const rows = await databaseOf(t).select().from(subscriptions).where(eq(subscriptions.merchantId, store.merchantId));
    expect(rows.map((row) => row.status).sort()).toEqual(['active', 'canceled']);
  });

  it('a declined charge changes nothing and lands on the cancel page', async () => {
    const store = await installedStore(t, shopify);
    const session = (await checkout(store, plans.scale).expect(200)).body as TShopifyCheckoutSession;
    expect(await decide(store, session, 'decline')).toBe(`${PUBLIC_URL}/billing/cancel`);
    expect((await usage(store.owner)).plan.code).toBe('free');
    // The trial was not spent.
    const [merchant] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));
    expect(merchant.shopifyTrialUsedAt).toBeNull();
  });

  it('follows Shopify’s app_subscriptions/update: frozen keeps the plan for the grace period, cancelled ends it', async () => {
    const store = await installedStore(t, shopify);
    const session = (await checkout(store, plans.starter).expect(200)).body as TShopifyCheckoutSession;
    await decide(store, session, 'approve');
    await notify(store, shopify.setChargeStatus(store.shop, session.id, 'FROZEN'));
    const frozen = await usage(store.owner);
    expect(frozen).toMatchObject({ plan: { code: 'starter' }, billing_status: 'grace' });
    expect(new Date(frozen.grace_ends_at!).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    await notify(store, shopify.setChargeStatus(store.shop, session.id, 'CANCELLED'));
    expect(await usage(store.owner)).toMatchObject({ plan: { code: 'free' }, billing_status: 'free' });
  });

  it('lifts the plan limit at once: a refused approval goes through after the upgrade', async () => {
    const store = await installedStore(t, shopify);
    const ids = await seedReviews(t, store.merchantId, 6, { productId: 'cap' });
    for (const id of ids.slice(0, 5)) await store.owner.post(`/api/reviews/${id}/approve/`).expect(200);
    const refused = await store.owner.post(`/api/reviews/${ids[5]}/approve/`).expect(403);
    expect(refused.body).toMatchObject({ code: 'plan_limit', limit_info: { active_reviews: { current: 5, max: 5 } } });
    const session = (await checkout(store, plans.starter).expect(200)).body as TShopifyCheckoutSession;
    await decide(store, session, 'approve');
    await store.owner.post(`/api/reviews/${ids[5]}/approve/`).expect(200);
  });

  it('refuses what a Shopify store cannot do: card checkout, payment methods, in-place plan changes, foreign return URLs', async () => {
    const store = await installedStore(t, shopify);
    const foreign = await checkout(store, plans.starter, 'https://evil.example/billing/success').expect(400);
    expect(foreign.body.fields.return_url).toEqual([`Only addresses on ${PUBLIC_URL} are accepted.`]);
    expect((await checkout(store, plans.free).expect(400)).body.fields.plan_id).toEqual([
      'The Free plan needs no checkout.',
    ]);
    const stripe = await store.owner
      .post('/api/billing/checkout/create-checkout-session/')
      .set('X-Payment-Platform', 'stripe')
      .send({
        product_id: plans.starter.id,
        platform: 'stripe',
        success_url: `${PUBLIC_URL}/billing/success`,
        cancel_url: `${PUBLIC_URL}/billing/cancel`,
        quantity: 1,
      })
      .expect(400);
    expect(stripe.body.code).toBe('wrong_checkout');
    expect((await store.owner.post('/api/billing/payment-methods/create_payment_method/').expect(400)).body.code).toBe(
      'wrong_checkout',
    );
    const session = (await checkout(store, plans.starter).expect(200)).body as TShopifyCheckoutSession;
    await decide(store, session, 'approve');
    const subscription = await active(store.owner);
    const change = await store.owner
      .post(`/api/billing/subscriptions/${subscription.id}/change_plan/`)
      .send({ new_plan_id: plans.growth.id })
      .expect(400);
    expect(change.body.code).toBe('use_checkout');
    // Another workspace's subscription is as unknown as any.
    const other = await registerOwner(t);
    await other.agent
      .post(`/api/billing/subscriptions/${subscription.id}/change_plan/`)
      .send({ new_plan_id: plans.growth.id })
      .expect(404);
  });
});
