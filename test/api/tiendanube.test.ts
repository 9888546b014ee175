import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import type { TReviewRequestPage } from '../../shared/review-requests.js';
import type { TInstallResult, TTiendaNubeIntegration } from '../../shared/integrations.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import type { TReview } from '../../shared/reviews.js';
import { merchants, orders, products, reviews, webhookEvents } from '../../server/database/schema.js';
import { WebhookInbox } from '../../server/inbox/webhook-inbox.service.js';
import { fixture, seedReviews } from '../factories/reviews.factory.js';
import { startFakeTiendaNube, tiendaNubeHmac, type FakeTiendaNube } from '../fakes/tiendanube.js';
import { PUBLIC_URL, browserAgent, registration, type Agent } from '../support/accounts.js';
import { inboxIdle } from '../support/shopify.js';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';
import { tiendaNubeEnv } from '../support/tiendanube.js';

let tn: FakeTiendaNube;
let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;
const WEBHOOKS = `${PUBLIC_URL}/api/webhooks/tiendanube/`;

beforeAll(async () => {
  tn = await startFakeTiendaNube({
    clientId: '4321',
    clientSecret: 'tn-secret',
    redirectUrl: `${PUBLIC_URL}/register`,
  });
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: {
      PUBLIC_URL,
      ...tiendaNubeEnv(tn),
      SUPPORT_EMAIL: 'ayuda@reviews.test',
      SMTP_URL: smtp.url,
    },
  });
  // Listening, so the fake Tienda Nube can deliver its webhooks.
  await t.app.listen(0, '127.0.0.1');
  tn.setWebhookTarget(`http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`);
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await tn.close();
  await smtp.close();
});

interface Installed {
  owner: Agent;
  email: string;
  storeId: number;
  merchantId: string;
  publicId: string;
}

/** A store installed from Tienda Nube and signed up for, with two products; the follow-up work done. */
async function installedStore(overrides: Parameters<FakeTiendaNube['addStore']>[0] = {}): Promise<Installed> {
  const store = tn.addStore(overrides);
  tn.addProducts(store.id, [
    { id: 901, name: 'Mate de calabaza', sku: 'MATE-1', price: '12000.00', image: 'https://cdn.tn.test/mate.jpg' },
    { id: 902, name: 'Bombilla', price: '3500.50' },
  ]);
  const owner = browserAgent(t);
  const res = await owner
    .post('/api/auth/install/')
    .send({ code: tn.issueCode(store.id) })
    .expect(200);
  const body = registration({ merchant_id: (res.body as TInstallResult).merchant_id });
  const user = await owner.post('/api/auth/register/').send(body).expect(201);
  await inboxIdle(t);
  return {
    owner,
    email: body.email!,
    storeId: store.id,
    merchantId: user.body.merchant.id as string,
    publicId: user.body.merchant.store_id as string,
  };
}

async function upload(publicId: string, fields: Record<string, string>) {
  let req = http.post('/api/reviews/upload/');
  for (const [name, value] of Object.entries({ merchant_id: publicId, rating: '5', ...fields })) {
    req = req.field(name, value);
  }
  return (await req.attach('photo', fixture('photo.jpg'), 'photo.jpg').expect(201)).body.id as string;
}

describe('POST /api/auth/install/', () => {
  it('exchanges the code, reads the store and answers store_id and name; sign-up then claims the store', async () => {
    const store = tn.addStore({
      name: { pt: 'Loja do Chimarrão' },
      mainLanguage: 'pt',
      currency: 'BRL',
      country: 'BR',
    });
    const agent = browserAgent(t);
    const res = await agent
      .post('/api/auth/install/')
      .send({ code: tn.issueCode(store.id) })
      .expect(200);
    const result = res.body as TInstallResult;
    expect(result).toMatchObject({
      status: 'new',
      platform: 'tiendanube',
      name: 'Loja do Chimarrão',
      shop: store.domain,
    });
    const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, result.merchant_id));
    expect(row).toMatchObject({
      platform: 'tiendanube',
      externalStoreId: String(store.id),
      storeId: result.store_id,
      mainLanguage: 'pt',
      currency: 'BRL',
      timezone: 'America/Sao_Paulo',
    });
    expect(row.accessTokenEncrypted).not.toContain(tn.tokenOf(store.id));
    await agent.get(`/api/merchants/${result.merchant_id}/`).expect(200);
    // Only the installing browser may claim it.
    await browserAgent(t)
      .post('/api/auth/register/')
      .send(registration({ merchant_id: result.merchant_id }))
      .expect(400);
    const user = await agent
      .post('/api/auth/register/')
      .send(registration({ merchant_id: result.merchant_id }))
      .expect(201);
    expect(user.body.merchant).toMatchObject({ id: result.merchant_id, platform: 'tiendanube', connected: true });
  });

  it('refuses a bad, used or expired code with 400 and a next step, creating nothing', async () => {
    const store = tn.addStore();
    const before = (await databaseOf(t).select().from(merchants)).length;
    const bad = await http.post('/api/auth/install/').send({ code: 'not-a-code' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'invalid_code' });
    expect(bad.body.detail).toMatch(/install the app again/);
    const code = tn.issueCode(store.id);
    await http.post('/api/auth/install/').send({ code }).expect(200);
    expect((await http.post('/api/auth/install/').send({ code }).expect(400)).body.code).toBe('invalid_code');
    const expired = tn.issueCode(store.id, { lifeMs: -1 });
    expect((await http.post('/api/auth/install/').send({ code: expired }).expect(400)).body.code).toBe('invalid_code');
    const empty = await http.post('/api/auth/install/').send({}).expect(400);
    expect(empty.body.fields.code).toEqual(['This field is required.']);
    expect((await databaseOf(t).select().from(merchants)).length).toBe(before + 1);
  });

  it('signs a known store’s owner in when the app is installed again, with a new token', async () => {
    const store = await installedStore();
    const oldToken = tn.tokenOf(store.storeId);
    const browser = browserAgent(t);
    const res = await browser
      .post('/api/auth/install/')
      .send({ code: tn.issueCode(store.storeId) })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'signed_in', merchant_id: store.merchantId, store_id: store.publicId });
    expect(tn.tokenOf(store.storeId)).not.toBe(oldToken);
    const me = await browser.get('/api/auth/users/me/').expect(200);
    expect(me.body.email).toBe(store.email);
  });
});

describe('after the install', () => {
  it('subscribes the webhooks, adds the widget script and syncs the catalogue', async () => {
    const store = await installedStore();
    expect(
      tn
        .webhooks(store.storeId)
        .map((hook) => [hook.event, hook.url])
        .sort(),
    ).toEqual(
      [
        'app/uninstalled',
        'order/cancelled',
        'order/created',
        'order/fulfilled',
        'order/paid',
        'product/created',
        'product/deleted',
        'product/updated',
      ].map((event) => [event, WEBHOOKS]),
    );
    expect(tn.scripts(store.storeId)).toEqual([
      expect.objectContaining({ src: `${PUBLIC_URL}/widget/v1/${store.publicId}.js`, event: 'onload', where: 'store' }),
    ]);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, store.merchantId));
    expect(rows.map((p) => [p.externalId, p.name, p.priceAmount, p.imageUrl]).sort()).toEqual([
      ['901', 'Mate de calabaza', 1200000, 'https://cdn.tn.test/mate.jpg'],
      ['902', 'Bombilla', 350050, null],
    ]);
    // A product only a shopper's review named is not Tienda Nube's: not counted as synced (issue 23).
    await seedReviews(t, store.merchantId, 1, { productId: 'named-by-a-shopper' });
    const status = (await store.owner.get('/api/integrations/tiendanube/').expect(200)).body as TTiendaNubeIntegration;
    expect(status).toMatchObject({
      connected: true,
      script_installed: true,
      products: 2,
      support_email: 'ayuda@reviews.test',
      install_url: `${tn.url}/apps/4321/authorize`,
      available: true,
    });
    expect(JSON.stringify(status)).not.toContain(tn.tokenOf(store.storeId));
  });

  it('syncs every page of a large catalogue (the API answers 404 past the last page)', async () => {
    const store = tn.addStore();
    tn.addProducts(
      store.id,
      Array.from({ length: 450 }, (_, i) => ({ id: 10_000 + i, name: `Producto ${i}` })),
    );
    const owner = browserAgent(t);
    const res = await owner
      .post('/api/auth/install/')
      .send({ code: tn.issueCode(store.id) })
      .expect(200);
    await inboxIdle(t);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, res.body.merchant_id));
    expect(rows).toHaveLength(450);
  });

  it('waits out the rate limit', async () => {
    const store = tn.addStore();
    tn.addProducts(store.id, [{ id: 1, name: 'Yerba' }]);
    const res = await browserAgent(t)
      .post('/api/auth/install/')
      .send({ code: tn.issueCode(store.id) })
      .expect(200);
    tn.rateLimitNext(3);
    await inboxIdle(t);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, res.body.merchant_id));
    expect(rows).toHaveLength(1);
  });
});

describe('Tienda Nube webhooks', () => {
  it('asks for a review once an order is fulfilled, in the buyer’s language; order/cancelled cancels it', async () => {
    const store = await installedStore();
    const placed = { email: 'ana@example.com', language: 'pt', items: [{ productId: 901 }] };
    const { id } = tn.addOrder(store.storeId, { ...placed, shippingStatus: 'unpacked' });
    await tn.deliver(store.storeId, 'order/paid', id);
    await inboxIdle(t);
    const list = async () => (await store.owner.get('/api/review-requests/').expect(200)).body as TReviewRequestPage;
    // The store's trigger is fulfilment (the default): a paid order waits.
    expect((await list()).count).toBe(0);
    tn.addOrder(store.storeId, { ...placed, id, shippingStatus: 'fulfilled' });
    await tn.deliver(store.storeId, 'order/fulfilled', id);
    await inboxIdle(t);
    const [request] = (await list()).results;
    expect(request).toMatchObject({
      order_id: String(id),
      locale: 'pt',
      status: 'scheduled',
      source: 'platform',
      products: [
        expect.objectContaining({ id: '901', name: 'Mate de calabaza', image_url: 'https://cdn.tn.test/mate.jpg' }),
      ],
    });
    tn.addOrder(store.storeId, { ...placed, id, shippingStatus: 'fulfilled', status: 'cancelled' });
    await tn.deliver(store.storeId, 'order/cancelled', id);
    await inboxIdle(t);
    expect((await list()).results[0]).toMatchObject({ status: 'cancelled', scheduled_for: null });
  });

  it('turns paid orders into verified purchases and keeps the catalogue current', async () => {
    const store = await installedStore();
    const reviewId = await upload(store.publicId, { product_id: '901', customer_email: 'lucia@example.com' });
    const { id: orderId } = tn.addOrder(store.storeId, {
      email: 'Lucia@Example.com',
      items: [{ productId: 901, quantity: 1, price: '12000.00' }],
    });
    const [delivered] = await tn.deliver(store.storeId, 'order/paid', orderId);
    expect(delivered.status).toBe(200);
    await inboxIdle(t);
    const [order] = await databaseOf(t).select().from(orders).where(eq(orders.merchantId, store.merchantId));
    expect(order).toMatchObject({ externalId: String(orderId), customerEmail: 'lucia@example.com' });
    const review = (await store.owner.get(`/api/reviews/${reviewId}/`).expect(200)).body as TReview;
    expect(review.verified_purchase).toBe(true);

    tn.addProducts(store.storeId, [{ id: 903, name: 'Termo' }]);
    await tn.deliver(store.storeId, 'product/created', 903);
    tn.deleteProduct(store.storeId, 902);
    await tn.deliver(store.storeId, 'product/deleted', 902);
    await inboxIdle(t);
    const rows = await databaseOf(t).select().from(products).where(eq(products.merchantId, store.merchantId));
    expect(rows.find((p) => p.externalId === '903')?.name).toBe('Termo');
    expect(rows.find((p) => p.externalId === '902')?.archivedAt).not.toBeNull();
  });

  it('refuses a forged or unsigned delivery (401); a repeat of one still waiting is stored once', async () => {
    const store = await installedStore();
    const body = JSON.stringify({ store_id: store.storeId, event: 'product/updated', id: 901 });
    const post = (headers: Record<string, string>, raw = body) =>
      http
        .post('/api/webhooks/tiendanube/')
        .set({ 'content-type': 'application/json', ...headers })
        .send(raw);
    await post({}).expect(401);
    await post({ 'x-linkedstore-hmac-sha256': tiendaNubeHmac(body, 'forged') }).expect(401);
    await post({ 'x-linkedstore-hmac-sha256': tiendaNubeHmac(body, tn.clientSecret) }, `${body} `).expect(401);
    const signed = { 'x-linkedstore-hmac-sha256': tiendaNubeHmac(body, tn.clientSecret) };
    // Tienda Nube keeps answering 429: the first delivery waits for a retry.
    tn.rateLimitNext(1000);
    expect((await post(signed).expect(200)).body).toEqual({ detail: 'accepted' });
    await inboxIdle(t);
    expect((await post(signed).expect(200)).body).toEqual({ detail: 'duplicate' });
    tn.rateLimitNext(0);
    const pending = await databaseOf(t)
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'tiendanube'), isNull(webhookEvents.processedAt)));
    expect(pending.filter((event) => event.topic === 'product/updated')).toHaveLength(1);
    await databaseOf(t)
      .update(webhookEvents)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(webhookEvents.provider, 'tiendanube'));
    await t.app.get(WebhookInbox).drainSoon();
    await inboxIdle(t);
    // Handled: the same content again is a new change of that product.
    expect((await post(signed).expect(200)).body).toEqual({ detail: 'accepted' });
    const junk = '{"hello":"world"}';
    await post({ 'x-linkedstore-hmac-sha256': tiendaNubeHmac(junk, tn.clientSecret) }, junk).expect(400);
    await inboxIdle(t);
  });

  it('app/uninstalled stops the widget and keeps the data; a re-install brings it back', async () => {
    const store = await installedStore();
    const id = await upload(store.publicId, { product_id: '901', customer_name: 'Kept' });
    await store.owner.post(`/api/reviews/${id}/approve/`).expect(200);
    await http.get(`/widget/v1/${store.publicId}.js`).expect(200);
    await tn.uninstall(store.storeId);
    await inboxIdle(t);
    await http.get(`/widget/v1/${store.publicId}.js`).expect(404);
    const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));
    expect(row.accessTokenEncrypted).toBeNull();
    expect(await databaseOf(t).select().from(reviews).where(eq(reviews.merchantId, store.merchantId))).toHaveLength(1);

    await browserAgent(t)
      .post('/api/auth/install/')
      .send({ code: tn.issueCode(store.storeId) })
      .expect(200);
    await inboxIdle(t);
    await http.get(`/widget/v1/${store.publicId}.js`).expect(200);
    const listed = await http.get(`/api/reviews/public/?product_id=901&merchant_id=${store.publicId}`).expect(200);
    expect((listed.body as TPublicReviews).count).toBe(1);
  });

  it('LGPD: a data request mails the export, customers/redact anonymises, store/redact erases', async () => {
    const store = await installedStore();
    const id = await upload(store.publicId, {
      product_id: '901',
      customer_email: 'datos@example.com',
      customer_name: 'Datos',
      comment: 'Muy bueno',
    });
    const customer = { id: 55, email: 'datos@example.com', phone: '', identification: '' };
    const request = await tn.send(WEBHOOKS, {
      store_id: store.storeId,
      customer,
      orders_requested: [],
      checkouts_requested: [],
      drafts_orders_requested: [],
      data_request: { id: 777 },
    });
    expect(request.status).toBe(200);
    await inboxIdle(t);
    const mail = await smtp.waitForMail((m) => m.to.includes(store.email) && m.raw.includes('customer-data-777'));
    expect(mail.raw).toMatch(/filename="?customer-data-777\.json/);

    await tn.send(WEBHOOKS, { store_id: store.storeId, customer, orders_to_redact: [] });
    await inboxIdle(t);
    const [review] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, id));
    expect(review.customerEmail).not.toBe('datos@example.com');

    // Still installed: store/redact leaves the store alone.
    await tn.send(WEBHOOKS, { store_id: store.storeId });
    await inboxIdle(t);
    expect(await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId))).toHaveLength(1);
    await tn.uninstall(store.storeId);
    await tn.send(WEBHOOKS, { store_id: store.storeId });
    await inboxIdle(t);
    expect(await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId))).toEqual([]);
  });

  it('does not reach across stores: an event for one store changes nothing in another', async () => {
    const a = await installedStore();
    const b = await installedStore();
    await tn.send(WEBHOOKS, { store_id: a.storeId, event: 'product/deleted', id: 901 });
    await inboxIdle(t);
    const rowsB = await databaseOf(t).select().from(products).where(eq(products.merchantId, b.merchantId));
    expect(rowsB.find((p) => p.externalId === '901')?.archivedAt).toBeNull();
    const rowsA = await databaseOf(t).select().from(products).where(eq(products.merchantId, a.merchantId));
    expect(rowsA.find((p) => p.externalId === '901')?.archivedAt).not.toBeNull();
  });
});
