import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { webhookEvents } from '../../server/database/schema.js';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce.js';
import { startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import { startFakeTiendaNube, tiendaNubeHmac, type FakeTiendaNube } from '../fakes/tiendanube.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { inboxIdle, shopifyEnv } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';
import { tiendaNubeEnv } from '../support/tiendanube.js';

// Every webhook route, correctly signed, with a body that is JSON but no delivery: 400 before anything is stored.

const BC_SECRET = 'bc-app-client-secret';
const TN_STORE = 555001;
const SHOP = 'bodies.myshopify.com';
let tnProducts = 0;

let stripe: FakeStripe;
let shopify: FakeShopify;
let bc: FakeBigCommerce;
let tn: FakeTiendaNube;
let t: TestApp;
let http: ReturnType<typeof request>;
let bcHeaders: Record<string, string>;
let bcHash: string;

beforeAll(async () => {
  [stripe, shopify, bc, tn] = await Promise.all([
    startFakeStripe({ secretKey: 'sk_test_bodies', webhookSecret: 'whsec_bodies', prices: [] }),
    startFakeShopify({ apiKey: 'bodies-key', apiSecret: 'bodies-secret' }),
    startFakeBigCommerce({ signingSecret: BC_SECRET }),
    startFakeTiendaNube({ clientId: '8765', clientSecret: 'tn-bodies-secret' }),
  ]);
  t = await startTestApp({
    env: {
      ...shopifyEnv(shopify),
      PUBLIC_URL,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      BIGCOMMERCE_API_URL: bc.url,
      BIGCOMMERCE_CLIENT_SECRET: BC_SECRET,
      ...tiendaNubeEnv(tn),
    },
  });
  http = request(t.app.getHttpServer());
  // BigCommerce's deliveries carry the headers of a hook the app made for a connected store.
  const store = bc.addStore();
  const owner = await registerOwner(t);
  await owner.agent
    .post('/api/auth/bigcommerce/connect/')
    .send({ client_id: store.clientId, store_hash: store.hash, access_token: store.accessToken })
    .expect(200);
  await inboxIdle(t);
  bcHash = store.hash;
  bcHeaders = bc.hooks(store.hash)[0].headers;
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripe.close(), shopify.close(), bc.close(), tn.close()]);
});

/** `[[[…]]]`, `depth` levels. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

interface Provider {
  name: string;
  path: string;
  /** The headers that sign this exact body. */
  sign(body: string): Record<string, string>;
  /** A delivery this provider really sends, with `extra` (JSON text) under one more key. */
  event(extra?: string): string;
}

const providers: Provider[] = [
  {
    name: 'stripe',
    path: '/api/webhooks/stripe/',
    sign: (body) => ({
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripe.webhookSecret }),
    }),
    event: (extra = 'null') =>
      `{"id":"evt_${randomUUID()}","object":"event","type":"invoice.paid",` +
      `"created":${Math.floor(Date.now() / 1000)},"data":{"object":{"id":"in_1","object":"invoice"}},"extra":${extra}}`,
  },
  {
    name: 'shopify',
    path: '/api/webhooks/shopify/',
    sign: (body) => shopify.webhookHeaders('products/update', SHOP, body),
    event: (extra = 'null') => `{"id":7001,"title":"Linen Shirt","extra":${extra}}`,
  },
  {
    name: 'bigcommerce',
    path: '/api/webhooks/bigcommerce/',
    sign: (body) => ({ ...bcHeaders, ...bc.signatureHeaders(body, { secret: BC_SECRET }) }),
    event: (extra = 'null') =>
      JSON.stringify({
        ...(JSON.parse(bc.payload(bcHash, 'store/product/updated', { type: 'product', id: 111 })) as object),
        hash: randomUUID(),
        extra: '§',
      }).replace('"§"', extra),
  },
  {
    name: 'tiendanube',
    path: '/api/webhooks/tiendanube/',
    sign: (body) => ({ 'x-linkedstore-hmac-sha256': tiendaNubeHmac(body, tn.clientSecret) }),
    event: (extra = 'null') =>
      `{"store_id":${TN_STORE},"event":"product/updated","id":${++tnProducts},"extra":${extra}}`,
  },
];

const stored = async (provider: string) =>
  (await databaseOf(t).select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.provider, provider)))[0].n;

const post = (provider: Provider, body: string) =>
  http
    .post(provider.path)
    .set({ 'content-type': 'application/json', ...provider.sign(body) })
    .send(body);

describe.each(providers)('POST $path, correctly signed', (provider) => {
  it.each<[string, () => string, string]>([
    ['null', () => 'null', 'invalid_webhook'],
    ['an array', () => '[]', 'invalid_webhook'],
    ['a string', () => '"x"', 'invalid_webhook'],
    ['a number', () => '42', 'invalid_webhook'],
    ['arrays nested 100,000 deep', () => nested(100_000), 'invalid_webhook'],
    ['objects nested 100,000 deep', () => '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), 'invalid_webhook'],
    ['a real delivery holding arrays nested 100,000 deep', () => provider.event(nested(100_000)), 'invalid_webhook'],
    ['a real delivery nested 65 deep', () => provider.event(nested(64)), 'invalid_webhook'],
    ['not JSON', () => '{"id":', 'invalid_json'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, code) => {
    const before = await stored(provider.name);
    const res = await post(provider, body()).expect(400);
    expect(res.body).toEqual({ detail: expect.any(String), code });
    expect(await stored(provider.name)).toBe(before);
  });

  it('accepts a real delivery, one nested 64 deep, and still refuses an unsigned bad body', async () => {
    const before = await stored(provider.name);
    expect((await post(provider, provider.event()).expect(200)).body).toEqual({ detail: 'accepted' });
    expect((await post(provider, provider.event(nested(63))).expect(200)).body).toEqual({ detail: 'accepted' });
    expect(await stored(provider.name)).toBe(before + 2);
    const unsigned = await http
      .post(provider.path)
      .set({ 'content-type': 'application/json', ...provider.sign('{}') })
      .send(nested(100_000));
    expect([400, 401]).toContain(unsigned.status);
    expect(unsigned.body.code).toBe('invalid_signature');
    await inboxIdle(t);
  });
});

describe('POST /api/webhooks/stripe/, correctly signed', () => {
  it('refuses an object that is not a Stripe event (no id, type, time or data) with 400, storing nothing', async () => {
    const [stripeRoute] = providers;
    const before = await stored('stripe');
    for (const body of [
      '{}',
      '{"id":"evt_1","type":"invoice.paid","created":1700000000}',
      '{"id":7,"type":"invoice.paid","created":1700000000,"data":{"object":{}}}',
      '{"id":"evt_1","type":"invoice.paid","created":"yesterday","data":{"object":{}}}',
    ]) {
      expect((await post(stripeRoute, body).expect(400)).body).toEqual({
        detail: 'The webhook is not a Stripe event.',
        code: 'invalid_webhook',
      });
    }
    expect(await stored('stripe')).toBe(before);
  });
});
