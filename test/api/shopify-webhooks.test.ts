import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import type { TReview } from '../../shared/reviews.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import {
  merchants,
  orders,
  products,
  reviewVotes,
  reviews,
  users,
  webhookEvents,
  widgetEvents,
  workspaces,
} from '../../server/database/schema.js';
import { WebhookInboxRepository } from '../../server/inbox/webhook-inbox.repository.js';
import { KEEP_PROCESSED_MS, WebhookInbox } from '../../server/inbox/webhook-inbox.service.js';
import { fixture } from '../factories/reviews.factory.js';
import {
  customersDataRequestPayload,
  customersRedactPayload,
  orderPayload,
  productPayload,
  shopPayload,
  shopRedactPayload,
  startFakeShopify,
  type FakeShopify,
  type OrderInput,
  type WebhookOptions,
} from '../fakes/shopify.js';
import { PUBLIC_URL, browserAgent } from '../support/accounts.js';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import {
  inboxIdle,
  installFromAdmin,
  installedStore as installStore,
  shopifyEnv,
  type InstalledStore,
} from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let shopify: FakeShopify;
let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'hook-key', apiSecret: 'hook-secret' });
  smtp = await startSmtpServer();
  t = await startTestApp({ env: { ...shopifyEnv(shopify), SMTP_URL: smtp.url } });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await shopify.close();
  await smtp.close();
});

type Store = InstalledStore;

/** A shop installed from Shopify and signed up for, with two products. */
const installedStore = () =>
  installStore(t, shopify, [
    { id: '7001', title: 'Linen Shirt', handle: 'linen-shirt', price: '49.00' },
    { id: '7002', title: 'Wool Scarf', handle: 'wool-scarf', price: '25.00' },
  ]);

/** Delivers a signed webhook (or a forged one) and waits until the app has processed what it accepted. */
async function deliver(topic: string, shop: string, payload: unknown, options: WebhookOptions = {}) {
  const body = JSON.stringify(payload);
  const res = await http
    .post('/api/webhooks/shopify/')
    .set(shopify.webhookHeaders(topic, shop, body, options))
    .send(body);
  await inboxIdle(t);
  return res;
}

const SHIRT = { productId: 7001, title: 'Linen Shirt' };

/** An order (of the Linen Shirt unless other lines are given) delivered as `topic`. */
function order(
  store: Store,
  input: Omit<OrderInput, 'lineItems'> & { lineItems?: OrderInput['lineItems'] },
  topic: 'orders/create' | 'orders/fulfilled' = 'orders/create',
) {
  return deliver(topic, store.shop, orderPayload({ lineItems: [SHIRT], ...input }));
}

/** A widget session that saw the Linen Shirt's reviews (and did more, when told). */
async function viewed(store: Store, session: string, more: Array<'add_to_cart'> = []): Promise<void> {
  const events = ['view' as const, ...more].map((type) => ({ type, product_id: '7001' }));
  await http.post('/api/widgets/events/').send({ merchant_id: store.storeId, session_id: session, events }).expect(202);
}

async function upload(store: Store, fields: Record<string, string>, file: [string, string] = ['photo', 'photo.jpg']) {
  let req = http.post('/api/reviews/upload/');
  for (const [name, value] of Object.entries({ merchant_id: store.storeId, rating: '5', ...fields })) {
    req = req.field(name, value);
  }
  const res = await req.attach(file[0], fixture(file[1]), file[1]).expect(201);
  return res.body.id as string;
}

const publicReviews = async (store: Store, productId: string) =>
  (await http.get(`/api/reviews/public/?product_id=${productId}&merchant_id=${store.storeId}`).expect(200))
    .body as TPublicReviews;

const eventCount = async () => (await databaseOf(t).select({ n: count() }).from(webhookEvents))[0].n;

describe('POST /api/webhooks/shopify/', () => {
  it('checks the signature on the raw body before anything else: forged, re-serialised or unsigned → 401, nothing kept', async () => {
    const store = await installedStore();
    const before = await eventCount();
    const payload = productPayload({ id: '7003', title: 'Forged', handle: 'forged' });
    for (const topic of [
      'products/create',
      'orders/create',
      'app/uninstalled',
      'shop/update',
      'customers/data_request',
      'customers/redact',
      'shop/redact',
    ]) {
      const forged = await deliver(topic, store.shop, payload, { secret: 'not-the-secret' });
      expect(forged.status).toBe(401);
      expect(forged.body).toEqual({ detail: 'The webhook signature is not valid.', code: 'invalid_signature' });
    }
    // Signed over one serialisation, sent as another: the bytes differ, so does the signature.
    const body = JSON.stringify(payload);
    const headers = shopify.webhookHeaders('products/create', store.shop, body);
    await http
      .post('/api/webhooks/shopify/')
      .set(headers)
      .send(JSON.stringify(payload, null, 1))
      .expect(401);
    const { 'X-Shopify-Hmac-Sha256': _omitted, ...unsigned } = headers;
    await http.post('/api/webhooks/shopify/').set(unsigned).send(body).expect(401);
    expect(await eventCount()).toBe(before);
    expect(
      await databaseOf(t)
        .select()
        .from(products)
        .where(and(eq(products.merchantId, store.merchantId), eq(products.externalId, '7003'))),
    ).toEqual([]);
  });

  it('answers a valid delivery at once and a repeated one as a duplicate, doing the work once', async () => {
    const store = await installedStore();
    const payload = productPayload({ id: '7004', title: 'Canvas Tote', handle: 'canvas-tote', price: '35.00' });
    const first = await deliver('products/create', store.shop, payload, { webhookId: `dup-${store.shop}` });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ detail: 'accepted' });
    const again = await deliver(
      'products/create',
      store.shop,
      { ...payload, title: 'Changed' },
      { webhookId: `dup-${store.shop}` },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ detail: 'duplicate' });
    const [tote] = await databaseOf(t)
      .select()
      .from(products)
      .where(and(eq(products.merchantId, store.merchantId), eq(products.externalId, '7004')));
    expect(tote).toMatchObject({
      name: 'Canvas Tote',
      priceAmount: 3500,
      url: `https://${store.shop}/products/canvas-tote`,
    });
    // Processed, and the payload not kept past the work.
    const [event] = await databaseOf(t)
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `dup-${store.shop}`));
    expect(event.processedAt).not.toBeNull();
    expect(event.payload).toEqual({});
  });

  it('accepts every topic once when signed, and answers a repeated delivery as a duplicate', async () => {
    const store = await installedStore();
    const customer = { domain: store.shop, customerId: 99, email: 'nobody@example.com' };
    const deliveries: Array<[string, unknown]> = [
      ['products/create', productPayload({ id: '7101', title: 'Cap', handle: 'cap' })],
      ['products/update', productPayload({ id: '7101', title: 'Cap v2', handle: 'cap' })],
      ['products/delete', { id: 7101 }],
      ['orders/create', orderPayload({ id: 901, email: 'nobody@example.com', customerId: 99, lineItems: [SHIRT] })],
      ['orders/fulfilled', orderPayload({ id: 901, email: 'nobody@example.com', customerId: 99, lineItems: [SHIRT] })],
      ['shop/update', shopPayload({ domain: store.shop, name: 'Same Shop' })],
      ['customers/data_request', customersDataRequestPayload(customer)],
      ['customers/redact', customersRedactPayload(customer)],
      ['app/uninstalled', shopPayload({ domain: store.shop })],
      ['shop/redact', shopRedactPayload(store.shop)],
    ];
    for (const [topic, payload] of deliveries) {
      const webhookId = `${topic}-${store.shop}`;
      expect((await deliver(topic, store.shop, payload, { webhookId })).body).toEqual({ detail: 'accepted' });
      expect((await deliver(topic, store.shop, payload, { webhookId })).body).toEqual({ detail: 'duplicate' });
      const [event] = await databaseOf(t).select().from(webhookEvents).where(eq(webhookEvents.eventId, webhookId));
      expect(event).toMatchObject({ topic, shop: store.shop, attempts: 1, lastError: null });
      expect(event.processedAt).not.toBeNull();
    }
    // The last two did what they do: the store is gone.
    expect(await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId))).toEqual([]);
  });

  it('refuses what is signed but not a webhook: no topic or shop, a foreign shop, a body that is not JSON', async () => {
    const store = await installedStore();
    const body = '{"id":1}';
    const headers = shopify.webhookHeaders('products/create', store.shop, body);
    await http
      .post('/api/webhooks/shopify/')
      .set({ ...headers, 'X-Shopify-Topic': '' })
      .send(body)
      .expect(400);
    await http
      .post('/api/webhooks/shopify/')
      .set({ ...headers, 'X-Shopify-Shop-Domain': 'evil.example.com' })
      .send(body)
      .expect(400);
    await http
      .post('/api/webhooks/shopify/')
      .set({ ...headers, 'X-Shopify-Webhook-Id': '' })
      .send(body)
      .expect(400);
    const notJson = 'not json';
    const res = await http
      .post('/api/webhooks/shopify/')
      .set(shopify.webhookHeaders('products/create', store.shop, notJson))
      .send(notJson)
      .expect(400);
    expect(res.body.code).toBe('invalid_json');
  });

  it('sets a malformed payload aside instead of retrying it forever', async () => {
    const store = await installedStore();
    const res = await deliver(
      'orders/create',
      store.shop,
      { id: 'x', no: 'order' },
      { webhookId: `bad-${store.shop}` },
    );
    expect(res.status).toBe(200);
    const [event] = await databaseOf(t)
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `bad-${store.shop}`));
    expect(event.processedAt).not.toBeNull();
    expect(event.lastError).toBe('Malformed orders/create payload.');
  });
});

describe('catalogue and shop webhooks', () => {
  it('products/create, update and delete keep the catalogue; a deleted product keeps its reviews', async () => {
    const store = await installedStore();
    await deliver(
      'products/update',
      store.shop,
      productPayload({ id: '7001', title: 'Linen Shirt v2', handle: 'linen-shirt', price: '52.50', sku: 'LS-2' }),
    );
    const id = await upload(store, { product_id: '7001', customer_name: 'Bea' });
    await store.owner.post(`/api/reviews/${id}/approve/`).expect(200);
    const list = (await store.owner.get('/api/products/?search=Linen').expect(200)).body;
    expect(list.results[0]).toMatchObject({ external_id: '7001', name: 'Linen Shirt v2', sku: 'LS-2', price: 5250 });

    await deliver('products/delete', store.shop, { id: 7001 });
    expect((await store.owner.get('/api/products/?search=Linen').expect(200)).body.count).toBe(0);
    const review = (await store.owner.get(`/api/reviews/${id}/`).expect(200)).body as TReview;
    expect(review.product_name).toBe('Linen Shirt v2');
    expect((await publicReviews(store, '7001')).count).toBe(1);

    // Back on sale: listed again.
    await deliver(
      'products/create',
      store.shop,
      productPayload({ id: '7001', title: 'Linen Shirt', handle: 'linen-shirt' }),
    );
    expect((await store.owner.get('/api/products/?search=Linen').expect(200)).body.count).toBe(1);
    // The dashboard searches reviews by the catalogue's name.
    expect((await store.owner.get('/api/reviews/?search=linen shirt').expect(200)).body.count).toBe(1);
  });

  it('shop/update refreshes the store’s name, language and time zone (an unknown zone is ignored)', async () => {
    const store = await installedStore();
    await deliver('shop/update', store.shop, {
      ...shopPayload({ domain: store.shop, name: 'Renamed Shop', locale: 'es', timezone: 'America/Bogota' }),
    });
    let [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));
    expect(row).toMatchObject({ storeName: 'Renamed Shop', mainLanguage: 'es', timezone: 'America/Bogota' });
    const config = await http.get(`/api/widgets/configuration/7001/?merchant_id=${store.storeId}`).expect(200);
    expect(config.body.language).toBe('es');

    await deliver('shop/update', store.shop, {
      ...shopPayload({ domain: store.shop, name: 'Renamed Shop' }),
      iana_timezone: 'Mars/Olympus',
    });
    [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));
    expect(row.timezone).toBe('America/Bogota');
  });
});

describe('orders and verified purchases', () => {
  it('an order and its buyer’s review arriving at the same moment still make a verified purchase', async () => {
    const store = await installedStore();
    // Each pair races: the order's marking may run before the review row exists, the upload's check before the order.
    const ids = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `race${i}@example.com`;
        const [id] = await Promise.all([
          upload(store, { product_id: '7001', customer_email: email, customer_name: `Race ${i}` }),
          order(store, { id: 7100 + i, email, customerId: 700 + i }),
        ]);
        return id;
      }),
    );
    await inboxIdle(t);
    for (const id of ids) {
      expect(((await store.owner.get(`/api/reviews/${id}/`).expect(200)).body as TReview).verified_purchase).toBe(true);
    }
  });

  it('a review by an email that bought the product is a verified purchase, whichever arrives first', async () => {
    const store = await installedStore();
    // The review comes first, the order later.
    const early = await upload(store, {
      product_id: '7001',
      customer_email: 'Early@Example.com',
      customer_name: 'Early',
    });
    await store.owner.post(`/api/reviews/${early}/approve/`).expect(200);
    expect((await publicReviews(store, '7001')).results[0].verified_purchase).toBe(false);
    await order(store, { id: 501, email: 'early@example.com', customerId: 11 });
    expect((await publicReviews(store, '7001')).results[0].verified_purchase).toBe(true);

    // The order first: the review is verified as it arrives. Another product of the same order too, not others.
    await order(store, {
      id: 502,
      email: 'late@example.com',
      customerId: 12,
      lineItems: [
        { productId: 7002, title: 'Wool Scarf' },
        { productId: null, title: 'Gift wrap' },
      ],
    });
    const late = await upload(store, { product_id: '7002', customer_email: 'late@example.com', customer_name: 'Late' });
    const other = await upload(store, {
      product_id: '7001',
      customer_email: 'late@example.com',
      customer_name: 'Late',
    });
    const stranger = await upload(store, {
      product_id: '7002',
      customer_email: 'nobody@example.com',
      customer_name: 'Nobody',
    });
    const verified = async (id: string) =>
      ((await store.owner.get(`/api/reviews/${id}/`).expect(200)).body as TReview).verified_purchase;
    expect(await verified(late)).toBe(true);
    expect(await verified(other)).toBe(false);
    expect(await verified(stranger)).toBe(false);

    // orders/fulfilled for a known order updates it, once.
    await order(
      store,
      {
        id: 502,
        email: 'late@example.com',
        customerId: 12,
        fulfillmentStatus: 'fulfilled',
        lineItems: [{ productId: 7002, title: 'Wool Scarf' }],
      },
      'orders/fulfilled',
    );
    const rows = await databaseOf(t).select().from(orders).where(eq(orders.merchantId, store.merchantId));
    expect(rows).toHaveLength(2);
    expect(rows.find((o) => o.externalId === '502')?.fulfilledAt).not.toBeNull();
  });

  it('an order whose cart carried a widget session is that session’s purchase: the conversion rate counts orders', async () => {
    const store = await installedStore();
    const session = 'sess_conversion_0001';
    for (const id of [session, 'sess_conversion_0002', 'sess_conversion_0003', 'sess_conversion_0004']) {
      await viewed(store, id, ['add_to_cart']);
    }
    // Add-to-cart beacons, which anyone can send, count for nothing on a store whose orders name the session.
    expect((await store.owner.get('/api/analytics/dashboard_metrics/').expect(200)).body.conversion_rate).toBe(0);
    await order(store, {
      id: 601,
      email: 'buyer@example.com',
      customerId: 21,
      noteAttributes: [{ name: '_vr_session', value: session }],
    });
    // A made-up session counts for nothing; the same order delivered again counts once.
    await order(store, {
      id: 602,
      email: 'x@example.com',
      customerId: 22,
      noteAttributes: [{ name: '_vr_session', value: 'sess_never_seen_999' }],
    });
    await order(
      store,
      {
        id: 601,
        email: 'buyer@example.com',
        customerId: 21,
        fulfillmentStatus: 'fulfilled',
        noteAttributes: [{ name: '_vr_session', value: session }],
      },
      'orders/fulfilled',
    );
    const purchases = await databaseOf(t)
      .select({ n: count() })
      .from(widgetEvents)
      .where(and(eq(widgetEvents.merchantId, store.merchantId), eq(widgetEvents.type, 'purchase')));
    expect(purchases[0].n).toBe(1);
    expect((await store.owner.get('/api/analytics/dashboard_metrics/').expect(200)).body.conversion_rate).toBe(25);
  });
});

describe('uninstall and re-install', () => {
  it('app/uninstalled drops the token and stops the widget, keeping the data; a re-install brings both back', async () => {
    const store = await installedStore();
    const id = await upload(store, { product_id: '7001', customer_name: 'Kept' });
    await store.owner.post(`/api/reviews/${id}/approve/`).expect(200);
    await http.get(`/widget/v1/${store.storeId}.js`).expect(200);
    expect((await publicReviews(store, '7001')).count).toBe(1);

    await deliver('app/uninstalled', store.shop, shopPayload({ domain: store.shop }));
    const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));
    expect(row.accessTokenEncrypted).toBeNull();
    expect(row.disconnectedAt).not.toBeNull();
    await http.get(`/widget/v1/${store.storeId}.js`).expect(404);
    await http.get(`/api/reviews/public/?product_id=7001&merchant_id=${store.storeId}`).expect(404);
    await http.get(`/api/widgets/configuration/7001/?merchant_id=${store.storeId}`).expect(404);
    const me = (await store.owner.get('/api/auth/users/me/').expect(200)).body;
    expect(me.merchant).toMatchObject({ platform: 'shopify', connected: false, has_access_token: false });
    expect((await store.owner.get(`/api/reviews/${id}/`).expect(200)).body.status).toBe('approved');

    // A late delivery of an uninstall older than a re-install changes nothing.
    const reinstalled = browserAgent(t);
    expect((await installFromAdmin(reinstalled, shopify, store.shop)).headers.location).toBe('/');
    await deliver('app/uninstalled', store.shop, shopPayload({ domain: store.shop }), {
      triggeredAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const [back] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));
    expect(back.accessTokenEncrypted).not.toBeNull();
    expect(back.disconnectedAt).toBeNull();
    await http.get(`/widget/v1/${store.storeId}.js`).expect(200);
    expect((await publicReviews(store, '7001')).count).toBe(1);
  });
});

describe('privacy webhooks', () => {
  /** The JSON attachment of a mail as nodemailer writes it (base64 in its own part). */
  function attachment(raw: string): Record<string, unknown> {
    const part = raw.split(/\r?\n--/).find((p) => /filename="?customer-data-/.test(p));
    if (!part) throw new Error('no attachment');
    const base64 = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    return JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as Record<string, unknown>;
  }

  it('customers/data_request mails the store’s owners everything kept about that customer, and changes nothing', async () => {
    const store = await installedStore();
    const id = await upload(store, {
      product_id: '7001',
      customer_email: 'ana@example.com',
      customer_name: 'Ana',
      comment: 'Lovely',
      session_id: 'sess_ana_000001',
    });
    await upload(store, { product_id: '7001', customer_email: 'other@example.com', customer_name: 'Other' });
    await viewed(store, 'sess_ana_000001');
    await order(store, { id: 701, email: 'ana@example.com', customerId: 31 });

    await deliver(
      'customers/data_request',
      store.shop,
      customersDataRequestPayload({
        domain: store.shop,
        customerId: 31,
        email: 'ana@example.com',
        orders: [701],
        dataRequestId: 4242,
      }),
    );
    const mail = await smtp.waitForMail(
      (m) => m.to.includes(store.ownerEmail) && m.subject.includes('ana@example.com'),
    );
    expect(mail.subject).toContain('Customer data request');
    expect(mail.raw).toMatch(/filename="?customer-data-4242\.json/);
    const data = attachment(mail.raw) as {
      data_request_id: string;
      reviews: Array<{ id: string; comment: string; customer_email: string; photo_url: string }>;
      orders: Array<{ id: string }>;
      widget_events: Array<{ session_id: string; type: string }>;
    };
    expect(data.data_request_id).toBe('4242');
    expect(data.reviews.map((r) => r.id)).toEqual([id]);
    expect(data.reviews[0]).toMatchObject({ comment: 'Lovely', customer_email: 'ana@example.com' });
    // The review is pending: the export links its photo through a signed link, which plays for a week.
    const photo = new URL(data.reviews[0].photo_url);
    expect(`${photo.origin}${photo.pathname}`).toMatch(new RegExp(`^${PUBLIC_URL}/media/reviews/`));
    const expires = Number(photo.searchParams.get('expires')) * 1000 - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000);
    await http.get(`${photo.pathname}${photo.search}`).expect(200);
    await http.get(photo.pathname).expect(404);
    expect(data.orders.map((o) => o.id)).toEqual(['701']);
    expect(data.widget_events).toEqual([expect.objectContaining({ session_id: 'sess_ana_000001', type: 'view' })]);
    expect(((await store.owner.get(`/api/reviews/${id}/`).expect(200)).body as TReview).customer.email).toBe(
      'ana@example.com',
    );
  });

  it('customers/redact anonymises exactly that customer’s reviews, deletes their media, sessions’ events and orders', async () => {
    const store = await installedStore();
    const mediaDir = join(t.testEnv.dataDir, 'media');
    const gone = await upload(
      store,
      {
        product_id: '7001',
        customer_email: 'gone@example.com',
        customer_name: 'Gone Person',
        comment: 'Great fit',
        session_id: 'sess_gone_00001',
      },
      ['video', 'review.mp4'],
    );
    const kept = await upload(store, {
      product_id: '7001',
      customer_email: 'kept@example.com',
      customer_name: 'Kept Person',
      session_id: 'sess_kept_00001',
    });
    await store.owner.post(`/api/reviews/${gone}/approve/`).expect(200);
    for (const session of ['sess_gone_00001', 'sess_kept_00001']) {
      await viewed(store, session);
      await http
        .post(`/api/reviews/public/${gone}/helpful/`)
        .send({ merchant_id: store.storeId, session_id: session })
        .expect(200);
    }
    await order(store, { id: 801, email: 'gone@example.com', customerId: 41 });
    await order(store, { id: 802, email: 'kept@example.com', customerId: 42 });
    const [before] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, gone));
    const [keptBefore] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, kept));
    expect(existsSync(join(mediaDir, before.videoKey!))).toBe(true);
    expect((await publicReviews(store, '7001')).results[0].customer_name).toBe('Gone Person');

    await deliver(
      'customers/redact',
      store.shop,
      customersRedactPayload({ domain: store.shop, customerId: 41, email: 'gone@example.com', orders: [801] }),
    );

    const [after] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, gone));
    expect(after).toMatchObject({
      customerName: '',
      customerEmail: '',
      sessionId: null,
      videoKey: null,
      photoKey: null,
      thumbnailKey: null,
      rating: 5,
      comment: 'Great fit',
    });
    expect(after.searchText).not.toContain('gone person');
    expect(existsSync(join(mediaDir, before.videoKey!))).toBe(false);
    const events = await databaseOf(t).select().from(widgetEvents).where(eq(widgetEvents.merchantId, store.merchantId));
    expect(events.map((e) => e.sessionId)).toEqual(['sess_kept_00001']);
    // Their helpful votes go too; the count, which names nobody, stays.
    const votes = await databaseOf(t).select().from(reviewVotes).where(eq(reviewVotes.merchantId, store.merchantId));
    expect(votes.map((vote) => vote.sessionId)).toEqual(['sess_kept_00001']);
    expect(after.helpfulCount).toBe(2);
    const left = await databaseOf(t).select().from(orders).where(eq(orders.merchantId, store.merchantId));
    expect(left.map((o) => o.externalId)).toEqual(['802']);
    // The other customer is untouched; the storefront no longer names the erased one.
    const [keptAfter] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, kept));
    expect(keptAfter).toEqual(keptBefore);
    expect(existsSync(join(mediaDir, keptBefore.photoKey!))).toBe(true);
    const shown = (await publicReviews(store, '7001')).results.find((r) => r.id === gone)!;
    expect(shown).toMatchObject({ customer_name: '', video_url: null });
  });

  it('shop/redact erases the uninstalled store: data, media, and accounts that belonged to nothing else', async () => {
    const store = await installedStore();
    const neighbour = await installedStore();
    const mediaDir = join(t.testEnv.dataDir, 'media');
    const id = await upload(store, { product_id: '7001', customer_name: 'Gone' });
    const keptId = await upload(neighbour, { product_id: '7001', customer_name: 'Kept' });
    const [review] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, id));
    const [keptReview] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, keptId));
    const [merchant] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId));

    // Still installed: a redaction request is not acted on.
    await deliver('shop/redact', store.shop, shopRedactPayload(store.shop));
    expect(await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId))).toHaveLength(1);

    await deliver('app/uninstalled', store.shop, shopPayload({ domain: store.shop }));
    await deliver('shop/redact', store.shop, shopRedactPayload(store.shop));
    expect(await databaseOf(t).select().from(merchants).where(eq(merchants.id, store.merchantId))).toEqual([]);
    expect(await databaseOf(t).select().from(workspaces).where(eq(workspaces.id, merchant.workspaceId))).toEqual([]);
    expect(await databaseOf(t).select().from(reviews).where(eq(reviews.merchantId, store.merchantId))).toEqual([]);
    expect(await databaseOf(t).select().from(products).where(eq(products.merchantId, store.merchantId))).toEqual([]);
    expect(await databaseOf(t).select().from(users).where(eq(users.email, store.ownerEmail))).toEqual([]);
    expect(existsSync(join(mediaDir, review.photoKey!))).toBe(false);
    await store.owner.get('/api/auth/users/me/').expect(401);

    expect(await databaseOf(t).select().from(reviews).where(eq(reviews.id, keptId))).toHaveLength(1);
    expect(existsSync(join(mediaDir, keptReview.photoKey!))).toBe(true);
    // Delivered again later: nothing left to do, and nothing breaks.
    expect((await deliver('shop/redact', store.shop, shopRedactPayload(store.shop))).status).toBe(200);
  });
});

describe('the inbox', () => {
  it('retries a failed event with backoff, and a later sweep finishes it', async () => {
    const store = await installedStore();
    shopify.revokeToken(store.shop);
    // The follow-up of an install fails while Shopify refuses the token…
    const inbox = t.app.get(WebhookInbox);
    await inbox.receive({
      provider: 'shopify',
      eventId: `retry-${store.shop}`,
      topic: 'internal/installed',
      payload: {},
      shop: store.shop,
      triggeredAt: null,
    });
    await inboxIdle(t);
    const repository = t.app.get(WebhookInboxRepository);
    const failed = await repository.find('shopify', `retry-${store.shop}`);
    expect(failed).toMatchObject({ processedAt: null, attempts: 1 });
    expect(failed?.lastError).toMatch(/access token/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // …and succeeds once the store is reinstalled and the retry is due.
    await installFromAdmin(browserAgent(t), shopify, store.shop);
    await inboxIdle(t);
    await databaseOf(t)
      .update(webhookEvents)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEvents.eventId, `retry-${store.shop}`));
    await inbox.drainSoon();
    await inboxIdle(t);
    expect(await repository.find('shopify', `retry-${store.shop}`)).toMatchObject({ attempts: 2, lastError: null });
    expect((await repository.find('shopify', `retry-${store.shop}`))?.processedAt).not.toBeNull();
  });

  it('forgets processed deliveries after 30 days, never unprocessed ones', async () => {
    const repository = t.app.get(WebhookInboxRepository);
    const old = new Date(Date.now() - KEEP_PROCESSED_MS - 60_000);
    const event = (eventId: string) => ({
      provider: 'prune-test',
      eventId,
      topic: 'x/y',
      payload: {},
      shop: null,
      triggeredAt: null,
    });
    for (const id of ['old-done', 'old-pending', 'new-done']) await repository.insert(event(id));
    await repository.complete({ provider: 'prune-test', eventId: 'old-done' });
    await repository.complete({ provider: 'prune-test', eventId: 'new-done' });
    await databaseOf(t)
      .update(webhookEvents)
      .set({ receivedAt: old })
      .where(
        and(eq(webhookEvents.provider, 'prune-test'), inArray(webhookEvents.eventId, ['old-done', 'old-pending'])),
      );
    expect(await repository.pruneProcessedBefore(new Date(Date.now() - KEEP_PROCESSED_MS))).toBe(1);
    const left = await databaseOf(t).select().from(webhookEvents).where(eq(webhookEvents.provider, 'prune-test'));
    expect(left.map((e) => e.eventId).sort()).toEqual(['new-done', 'old-pending']);
  });
});
