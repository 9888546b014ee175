import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { TMerchant } from '../../shared/accounts.js';
import type { TBigCommerceIntegration } from '../../shared/integrations.js';
import type { TReviewRequestPage } from '../../shared/review-requests.js';
import type { TReview } from '../../shared/reviews.js';
import { merchants, orders, products } from '../../server/database/schema.js';
import { fixture, seedReviews } from '../factories/reviews.factory.js';
import { startFakeBigCommerce, type FakeBcStore, type FakeBigCommerce } from '../fakes/bigcommerce.js';
import { PUBLIC_URL, joinAsMember, registerOwner, type Agent } from '../support/accounts.js';
import { inboxIdle } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

const APP_SECRET = 'bc-app-client-secret';
let bc: FakeBigCommerce;
let t: TestApp;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  bc = await startFakeBigCommerce({ signingSecret: APP_SECRET });
  t = await startTestApp({
    env: { PUBLIC_URL, BIGCOMMERCE_API_URL: bc.url, BIGCOMMERCE_CLIENT_SECRET: APP_SECRET },
  });
  // Listening, so the fake BigCommerce can deliver its webhooks.
  await t.app.listen(0, '127.0.0.1');
  bc.setWebhookTarget(`http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`);
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await bc.close();
});

const credentials = (store: FakeBcStore) => ({
  client_id: store.clientId,
  store_hash: store.hash,
  access_token: store.accessToken,
});

interface Connected {
  agent: Agent;
  store: FakeBcStore;
  merchant: TMerchant;
  storeId: string;
}

/** An owner who connected a new BigCommerce store with two products; the follow-up work done. */
async function connectedStore(): Promise<Connected> {
  const store = bc.addStore({ name: 'Canvas Goods', timezone: 'America/Chicago', language: 'es', currency: 'EUR' });
  bc.addProducts(store.hash, [
    { id: 111, name: 'Canvas Tote', sku: 'TOTE-1', price: '35.50', image: 'https://cdn.bc.test/tote.jpg' },
    { id: 112, name: 'Canvas Apron', price: '20.00' },
  ]);
  const owner = await registerOwner(t);
  const res = await owner.agent.post('/api/auth/bigcommerce/connect/').send(credentials(store)).expect(200);
  await inboxIdle(t);
  return { agent: owner.agent, store, merchant: res.body as TMerchant, storeId: owner.storeId };
}

async function upload(storeId: string, fields: Record<string, string>) {
  let req = http.post('/api/reviews/upload/');
  for (const [name, value] of Object.entries({ merchant_id: storeId, rating: '5', ...fields })) {
    req = req.field(name, value);
  }
  return (await req.attach('photo', fixture('photo.jpg'), 'photo.jpg').expect(201)).body.id as string;
}

describe('POST /api/auth/bigcommerce/connect/', () => {
  it('requires all three fields, with field errors', async () => {
    const owner = await registerOwner(t);
    const res = await owner.agent.post('/api/auth/bigcommerce/connect/').send({ client_id: ' ' }).expect(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['access_token', 'client_id', 'store_hash']);
    expect(res.body.fields.client_id).toEqual(['This field is required.']);
    const bad = await owner.agent
      .post('/api/auth/bigcommerce/connect/')
      .send({ client_id: 'x', store_hash: 'abc def!', access_token: 'y' })
      .expect(400);
    expect(bad.body.fields.store_hash).toEqual(['Use the part after “stores/” of the API path.']);
  });

  it('refuses credentials with characters an HTTP header cannot carry (502 before: the request to BigCommerce failed)', async () => {
    const store = bc.addStore();
    const owner = await registerOwner(t);
    const res = await owner.agent
      .post('/api/auth/bigcommerce/connect/')
      .send({ ...credentials(store), client_id: 'client-€', access_token: 'token-😀' })
      .expect(400);
    expect(res.body.fields).toEqual({
      client_id: ['Paste the value exactly as BigCommerce shows it.'],
      access_token: ['Paste the value exactly as BigCommerce shows it.'],
    });
  });

  it('is for signed-in owners only', async () => {
    await http.post('/api/auth/bigcommerce/connect/').send({}).expect(401);
  });

  it('refuses a wrong token or an unknown store hash as invalid credentials, saving nothing', async () => {
    const store = bc.addStore();
    const owner = await registerOwner(t);
    for (const body of [
      { ...credentials(store), access_token: 'wrong' },
      { ...credentials(store), store_hash: 'nosuchstore' },
    ]) {
      const res = await owner.agent.post('/api/auth/bigcommerce/connect/').send(body).expect(400);
      expect(res.body).toMatchObject({ detail: 'Invalid credentials', code: 'invalid_credentials' });
    }
    const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, owner.merchantId));
    expect(row.accessTokenEncrypted).toBeNull();
    expect(row.externalStoreId).toBeNull();
  });

  it('answers 502 "Could not retrieve store data" when BigCommerce cannot be reached', async () => {
    const down = await startTestApp({ env: { PUBLIC_URL, BIGCOMMERCE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const { agent, user } = await registerOwner(down);
      expect(user.merchant).toBeTruthy();
      const res = await agent.post('/api/auth/bigcommerce/connect/').send(credentials(bc.addStore())).expect(502);
      expect(res.body).toMatchObject({ detail: 'Could not retrieve store data', code: 'store_unreachable' });
    } finally {
      await down.close();
    }
  });

  it('connects: token sealed, store details, the widget script, webhooks and the catalogue', async () => {
    const { agent, store, merchant, storeId } = await connectedStore();
    expect(merchant).toMatchObject({
      platform: 'bigcommerce',
      store_name: 'Canvas Goods',
      store_id: storeId,
      main_language: 'es',
      connected: true,
      has_access_token: true,
      access_token: null,
    });
    expect(JSON.stringify(merchant)).not.toContain(store.accessToken);
    const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row).toMatchObject({ externalStoreId: store.hash, timezone: 'America/Chicago', currency: 'EUR' });
    expect(row.accessTokenEncrypted).not.toContain(store.accessToken);
    expect(row.platformClientId).toBe(store.clientId);

    expect(bc.scripts(store.hash)).toEqual([
      expect.objectContaining({
        src: `${PUBLIC_URL}/widget/v1/${storeId}.js`,
        auto_uninstall: true,
        visibility: 'storefront',
        consent_category: 'essential',
      }),
    ]);
    expect(
      bc
        .hooks(store.hash)
        .map((hook) => hook.scope)
        .sort(),
    ).toEqual([
      'store/order/created',
      'store/order/statusUpdated',
      'store/product/created',
      'store/product/deleted',
      'store/product/updated',
    ]);
    expect(bc.hooks(store.hash).every((hook) => hook.destination === `${PUBLIC_URL}/api/webhooks/bigcommerce/`)).toBe(
      true,
    );
    const catalogue = await databaseOf(t).select().from(products).where(eq(products.merchantId, merchant.id));
    expect(catalogue.map((p) => [p.externalId, p.name, p.sku, p.priceAmount, p.imageUrl]).sort()).toEqual([
      ['111', 'Canvas Tote', 'TOTE-1', 3550, 'https://cdn.bc.test/tote.jpg'],
      ['112', 'Canvas Apron', null, 2000, null],
    ]);
    expect(catalogue.find((p) => p.externalId === '111')?.url).toBe(`https://${store.domain}/canvas-tote/`);

    // A product only a shopper's review named is not BigCommerce's: not counted as synced (issue 23).
    await seedReviews(t, merchant.id, 1, { productId: 'named-by-a-shopper' });
    const status = (await agent.get('/api/integrations/bigcommerce/').expect(200)).body as TBigCommerceIntegration;
    expect(status).toMatchObject({
      connected: true,
      store_name: 'Canvas Goods',
      store_hash: store.hash,
      script_installed: true,
      products: 2,
      api_accounts_url: `https://store-${store.hash}.mybigcommerce.com/manage/settings/api-accounts`,
    });
    expect(JSON.stringify(status)).not.toContain(store.accessToken);
  });

  it('syncs a catalogue of several pages', async () => {
    const store = bc.addStore();
    bc.addProducts(
      store.hash,
      Array.from({ length: 260 }, (_, i) => ({ id: 5000 + i, name: `Item ${i}`, price: '1.00' })),
    );
    const owner = await registerOwner(t);
    await owner.agent.post('/api/auth/bigcommerce/connect/').send(credentials(store)).expect(200);
    await inboxIdle(t);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, owner.merchantId));
    expect(rows).toHaveLength(260);
  });

  it('reconnects the same store with new credentials, replacing the webhooks; another workspace gets 409', async () => {
    const { agent, store, merchant } = await connectedStore();
    const firstHooks = bc.hooks(store.hash).map((hook) => hook.id);
    bc.revokeToken(store.hash);
    store.accessToken = `token-new-${Date.now()}`;
    bc.addStore({ ...store });
    bc.addProducts(store.hash, [{ id: 111, name: 'Canvas Tote' }]);
    const again = await agent.post('/api/auth/bigcommerce/connect/').send(credentials(store)).expect(200);
    expect(again.body.id).toBe(merchant.id);
    await inboxIdle(t);
    expect(bc.hooks(store.hash).some((hook) => firstHooks.includes(hook.id))).toBe(false);
    expect(bc.scripts(store.hash)).toHaveLength(1);

    const other = await registerOwner(t);
    const taken = await other.agent.post('/api/auth/bigcommerce/connect/').send(credentials(store)).expect(409);
    expect(taken.body.code).toBe('store_taken');
  });

  it('lets members see the state but not connect or disconnect', async () => {
    const { agent, store } = await connectedStore();
    const member = await joinAsMember(t, agent);
    await member.get('/api/integrations/bigcommerce/').expect(200);
    await member.post('/api/auth/bigcommerce/connect/').send(credentials(store)).expect(403);
    await member.post('/api/integrations/bigcommerce/disconnect/').expect(403);
  });
});

describe('BigCommerce webhooks', () => {
  it('turns an order into verified purchases and keeps the catalogue current', async () => {
    const { store, storeId, merchant, agent } = await connectedStore();
    const reviewId = await upload(storeId, { product_id: '111', customer_email: 'Buyer@Example.com' });
    const { id: orderId } = bc.addOrder(store.hash, {
      email: 'buyer@example.com',
      customerId: 77,
      items: [{ productId: 111, quantity: 2, price: '35.50' }],
    });
    const [delivery] = await bc.deliver(store.hash, 'store/order/created', { type: 'order', id: orderId });
    expect(delivery.status).toBe(200);
    await inboxIdle(t);
    const [order] = await databaseOf(t).select().from(orders).where(eq(orders.merchantId, merchant.id));
    expect(order).toMatchObject({ externalId: String(orderId), customerEmail: 'buyer@example.com', totalAmount: 7100 });
    const review = (await agent.get(`/api/reviews/${reviewId}/`).expect(200)).body as TReview;
    expect(review.verified_purchase).toBe(true);

    bc.addProducts(store.hash, [{ id: 113, name: 'Canvas Cap', price: '15.00' }]);
    await bc.deliver(store.hash, 'store/product/created', { type: 'product', id: 113 });
    bc.deleteProduct(store.hash, 112);
    await bc.deliver(store.hash, 'store/product/deleted', { type: 'product', id: 112 });
    await inboxIdle(t);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, merchant.id));
    expect(rows.find((p) => p.externalId === '113')?.name).toBe('Canvas Cap');
    expect(rows.find((p) => p.externalId === '112')?.archivedAt).not.toBeNull();
  });

  it('ignores an order that is no sale (incomplete or cancelled)', async () => {
    const { store, merchant } = await connectedStore();
    const { id } = bc.addOrder(store.hash, {
      email: 'x@example.com',
      status: 'Incomplete',
      items: [{ productId: 111 }],
    });
    await bc.deliver(store.hash, 'store/order/created', { type: 'order', id });
    await inboxIdle(t);
    expect(await databaseOf(t).select().from(orders).where(eq(orders.merchantId, merchant.id))).toEqual([]);
  });

  it('asks for a review once an order ships; a cancelled status cancels the request', async () => {
    const { store, agent } = await connectedStore();
    const placed = { email: 'shipped@example.com', items: [{ productId: 111 }] };
    const { id } = bc.addOrder(store.hash, { ...placed, status: 'Awaiting Fulfillment' });
    await bc.deliver(store.hash, 'store/order/created', { type: 'order', id });
    await inboxIdle(t);
    const list = async () => (await agent.get('/api/review-requests/').expect(200)).body as TReviewRequestPage;
    expect((await list()).count).toBe(0);
    bc.addOrder(store.hash, { ...placed, id, status: 'Shipped' });
    // BigCommerce's scope has a capital letter: `statusUpdated`.
    const [updated] = await bc.deliver(store.hash, 'store/order/statusUpdated', { type: 'order', id });
    expect(updated.status).toBe(200);
    await inboxIdle(t);
    expect((await list()).results).toEqual([
      expect.objectContaining({ order_id: String(id), status: 'scheduled', source: 'platform' }),
    ]);
    bc.addOrder(store.hash, { ...placed, id, status: 'Cancelled' });
    await bc.deliver(store.hash, 'store/order/statusUpdated', { type: 'order', id });
    await inboxIdle(t);
    expect((await list()).results[0]).toMatchObject({ status: 'cancelled', scheduled_for: null });
  });

  it('refuses deliveries without the store token or the signature (401), before reading them', async () => {
    const { store } = await connectedStore();
    const [hook] = bc.hooks(store.hash);
    const body = bc.payload(store.hash, 'store/product/updated', { type: 'product', id: 111 });
    const signed = bc.signatureHeaders(body, { secret: APP_SECRET });
    const post = (headers: Record<string, string>, raw = body) =>
      http
        .post('/api/webhooks/bigcommerce/')
        .set({ 'content-type': 'application/json', ...headers })
        .send(raw);

    await post({ ...signed }).expect(401);
    await post({ ...hook.headers, 'x-video-reviews-token': 'forged', ...signed }).expect(401);
    await post({ ...hook.headers }).expect(401);
    await post({ ...hook.headers, ...bc.signatureHeaders(body, { secret: 'other' }) }).expect(401);
    await post({ ...hook.headers, ...signed }, body.replace('111', '112')).expect(401);
    const stale = bc.signatureHeaders(body, { secret: APP_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    await post({ ...hook.headers, ...stale }).expect(401);
    // A valid signature over something that is not a delivery.
    await post({ ...hook.headers, ...bc.signatureHeaders('[]', { secret: APP_SECRET }) }, '[]').expect(400);
    const ok = await post({ ...hook.headers, ...signed }).expect(200);
    expect(ok.body).toEqual({ detail: 'accepted' });
    const again = await post({ ...hook.headers, ...signed }).expect(200);
    expect(again.body).toEqual({ detail: 'duplicate' });
    await inboxIdle(t);
  });

  it('refuses the hooks of a store connected to another workspace’s token (isolation)', async () => {
    const a = await connectedStore();
    const b = await connectedStore();
    const body = bc.payload(a.store.hash, 'store/product/updated', { type: 'product', id: 111 });
    const [hookB] = bc.hooks(b.store.hash);
    await http
      .post('/api/webhooks/bigcommerce/')
      .set({
        'content-type': 'application/json',
        'x-video-reviews-store': a.store.hash,
        'x-video-reviews-token': hookB.headers['x-video-reviews-token'],
        ...bc.signatureHeaders(body, { secret: APP_SECRET }),
      })
      .send(body)
      .expect(401);
  });
});

describe('disconnect', () => {
  it('removes the script and the webhooks from the store, drops the token and keeps the data', async () => {
    const { agent, store, merchant } = await connectedStore();
    const res = await agent.post('/api/integrations/bigcommerce/disconnect/').expect(200);
    expect(res.body).toMatchObject({ id: merchant.id, connected: false, has_access_token: false });
    expect(bc.scripts(store.hash)).toEqual([]);
    expect(bc.hooks(store.hash)).toEqual([]);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, merchant.id));
    expect(rows).toHaveLength(2);
    const status = (await agent.get('/api/integrations/bigcommerce/').expect(200)).body as TBigCommerceIntegration;
    expect(status).toMatchObject({ connected: false, script_installed: false });
  });

  it('still disconnects when the merchant deleted the API account; waits when BigCommerce is down', async () => {
    const down = await connectedStore();
    bc.failNext(20, 503);
    const failed = await down.agent.post('/api/integrations/bigcommerce/disconnect/').expect(502);
    expect(failed.body.code).toBe('store_unreachable');
    bc.failNext(0, 503);
    const revoked = await connectedStore();
    bc.revokeToken(revoked.store.hash);
    const res = await revoked.agent.post('/api/integrations/bigcommerce/disconnect/').expect(200);
    expect(res.body.connected).toBe(false);
  });
});
