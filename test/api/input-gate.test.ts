import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { webhookEvents } from '../../server/database/schema.js';
import type { TAuthResponse } from '../../shared/accounts.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { portOf } from '../support/raw-http.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Issue 16 finding 3: text PostgreSQL cannot store (NUL, bytes that are not UTF-8, lone UTF-16 surrogates) anywhere in
// a request is a 400 `invalid_input` naming the field, never a 500, on Nest's routes and the plain Fastify ones.

const SHOPIFY_SECRET = 'shopify-secret-for-the-input-gate';
const STRIPE_WEBHOOK_SECRET = 'whsec_input_gate';

let t: TestApp;
let http: ReturnType<typeof request>;
let base: string;
let owner: { agent: Agent; user: TAuthResponse; storeId: string };
beforeAll(async () => {
  t = await startTestApp({
    env: {
      PUBLIC_URL,
      SHOPIFY_API_KEY: 'shopify-key',
      SHOPIFY_API_SECRET: SHOPIFY_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_input_gate',
      STRIPE_WEBHOOK_SECRET,
    },
  });
  http = request(t.app.getHttpServer());
  base = `http://127.0.0.1:${await portOf(t)}`;
  owner = await registerOwner(t);
});
afterAll(() => t.close());

function expectRefused(res: { status: number; body: unknown }, field?: string): void {
  expect(res.status).toBe(400);
  const body = res.body as { detail: string; code: string; fields?: Record<string, string[]> };
  expect(body).toEqual(expect.objectContaining({ detail: expect.any(String), code: 'invalid_input' }));
  if (field) expect(body.fields).toEqual({ [field]: [expect.any(String)] });
}

/** Bytes exactly as given (supertest would re-encode a string as UTF-8, or serialize a Buffer as JSON). */
async function sendBytes(path: string, type: string, bytes: Buffer, auth = false) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': type, ...(auth ? { authorization: `JWT ${owner.user.access}` } : {}) },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const owned = (path: string) => owner.agent.get(path);

describe('the URL', () => {
  it('refuses a NUL in the query of the storefront reads, as the issue found them (500 before)', async () => {
    const res = await http.get('/api/reviews/public/?merchant_id=%00&product_id=x');
    expectRefused(res, 'merchant_id');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expectRefused(await http.get('/api/reviews/public/?merchant_id=s&product_id=a%00b'), 'product_id');
    expectRefused(await http.get('/api/widgets/configuration/p/?merchant_id=%00'), 'merchant_id');
  });

  it("refuses a NUL in the query of the dashboard's reads (500 before)", async () => {
    expectRefused(await owned('/api/reviews/?search=%00'), 'search');
    expectRefused(await owned('/api/products/?search=x%00'), 'search');
    expectRefused(await owned('/api/widgets/product-overrides/by_product/?product_id=%00'), 'product_id');
  });

  it.each([
    ['%C3%28', 'a lead byte without its continuation'],
    ['%FF', 'a byte UTF-8 never uses'],
    ['%ED%A0%80', 'an encoded UTF-16 surrogate'],
    ['%C0%AF', 'an overlong encoding'],
  ])('refuses %s (%s) in a query value', async (escape) => {
    expectRefused(await http.get(`/api/reviews/public/?merchant_id=store${escape}&product_id=x`), 'merchant_id');
  });

  it('names the query when the key itself is bad', async () => {
    expectRefused(await http.get('/api/reviews/public/?merchant_id=s&product_id=x&a%00=1'), 'non_field_errors');
  });

  it('lets valid percent-encoded UTF-8, a stray % and + through to the route', async () => {
    const res = await http.get('/api/reviews/public/?merchant_id=caf%C3%A9+100%25%20%F0%9F%98%80&product_id=x%');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('unknown_store');
  });

  it.each([
    ['/api/widgets/configuration/%00/?merchant_id=s', 'productId'],
    ['/api/auth/invitations/verify/a%00b/', 'token'],
    ['/api/merchants/%00/', 'id'],
    ['/widget/v1/%00.js', 'file'],
    ['/widget/v1/assets/%00', 'file'],
    ['/media/reviews/%00.jpg', 'path'],
    ['/reviews%00', 'path'],
  ])('refuses a NUL in the path %s, naming %s', async (path, field) => {
    expectRefused(await http.get(path), field);
  });
});

describe('JSON bodies', () => {
  it('refuses a NUL deep in a body, naming its path', async () => {
    const res = await http.post('/api/widgets/events/').send({
      merchant_id: owner.storeId,
      session_id: 'session-0001',
      events: [
        { type: 'view', product_id: 'p' },
        { type: 'view', product_id: 'p\u0000' },
      ],
    });
    expectRefused(res, 'events.1.product_id');
  });

  it('refuses a NUL in a key', async () => {
    expectRefused(await http.post('/api/auth/token-obtain/').send({ 'email\u0000': 'x' }), 'non_field_errors');
  });

  it('refuses a lone surrogate and accepts a pair', async () => {
    const lone = await http.post('/api/auth/token-obtain/').send({ email: 'a@b.co', password: 'x\ud800' });
    expectRefused(lone, 'password');
    const reversed = await http
      .post('/api/auth/token-obtain/')
      .set('content-type', 'application/json')
      .send('{"email":"a@b.co","password":"\\udc00\\ud800"}');
    expectRefused(reversed, 'password');
    const pair = await http.post('/api/auth/token-obtain/').send({ email: 'a@b.co', password: 'x\ud83d\ude00' });
    expect(pair.status).toBe(401);
  });

  it('refuses bytes that are not UTF-8 (a Buffer decoded leniently would have made them U+FFFD)', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"email":"a@b.co","password":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    expectRefused(await sendBytes('/api/auth/token-obtain/', 'application/json', bytes));
  });

  it('still stores text outside the BMP and accented text as sent', async () => {
    const res = await owner.agent
      .post('/api/widgets/global-settings/')
      .send({ widget_title: 'Opiniões 😀' })
      .expect(200);
    expect(res.body.widget_title).toBe('Opiniões 😀');
  });

  it('still refuses prototype pollution keys', async () => {
    const res = await http
      .post('/api/auth/token-obtain/')
      .set('content-type', 'application/json')
      .send('{"__proto__":{"admin":true}}');
    expect(res.status).toBe(400);
  });
});

describe('other bodies', () => {
  it('refuses NUL and bad escapes in an urlencoded body, and parses a good one', async () => {
    const post = (body: string) =>
      http.post('/api/auth/token-obtain/').set('content-type', 'application/x-www-form-urlencoded').send(body);
    expectRefused(await post('email=a%00b&password=x'), 'email');
    expectRefused(await post('email=a%FFb&password=x'), 'email');
    expect((await post('email=nobody%40example.com&password=wrong-password-1')).status).toBe(401);
  });

  it('refuses a text/plain beacon holding a NUL, as raw text or as a JSON escape, or bytes that are not UTF-8', async () => {
    const beacon = (session: string) =>
      JSON.stringify({ merchant_id: owner.storeId, session_id: session, events: [{ type: 'view', product_id: 'p' }] });
    const post = (body: string) => http.post('/api/widgets/events/').set('content-type', 'text/plain').send(body);
    expectRefused(await post(beacon('session\u0000')), 'session_id');
    expectRefused(await post(`${beacon('session-01')}\u0000`));
    expectRefused(await sendBytes('/api/widgets/events/', 'text/plain', Buffer.from([0x7b, 0xc3, 0x28, 0x7d])));
    expect((await post(beacon('session-0002'))).status).toBe(202);
  });

  it('refuses a multipart field holding a NUL and stores nothing', async () => {
    const mediaDir = t.config.uploads.mediaDir;
    const files = () => (existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true }).length : 0);
    const before = files();
    const count = async () => (await owner.agent.get('/api/reviews/?page_size=100').expect(200)).body.count as number;
    const reviews = await count();
    const photo = readFileSync(join('test', 'fixtures', 'media', 'photo.jpg'));
    const upload = (fields: Record<string, string>) => {
      let req = http.post('/api/reviews/upload/');
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      return req.attach('photo', photo, 'photo.jpg');
    };
    const good = { merchant_id: owner.storeId, product_id: 'p-1', rating: '5', customer_name: 'Ana' };
    expectRefused(await upload({ ...good, merchant_id: `${owner.storeId}\u0000` }), 'merchant_id');
    expectRefused(await upload({ ...good, customer_name: 'A\u0000' }), 'customer_name');
    expect(files()).toBe(before);
    expect(await count()).toBe(reviews);
  });
});

describe('webhooks, checked once their signature is', () => {
  function shopifyDelivery(body: string) {
    return http
      .post('/api/webhooks/shopify/')
      .set({
        'content-type': 'application/json',
        'X-Shopify-Topic': 'products/update',
        'X-Shopify-Shop-Domain': 'gate-test.myshopify.com',
        'X-Shopify-Webhook-Id': `gate-${Math.random()}`,
        'X-Shopify-Hmac-Sha256': createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'),
      })
      .send(body);
  }

  function stripeDelivery(body: string) {
    const at = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex');
    return http
      .post('/api/webhooks/stripe/')
      .set({ 'content-type': 'application/json', 'stripe-signature': `t=${at},v1=${signature}` })
      .send(body);
  }

  const stored = async () => (await databaseOf(t).select().from(webhookEvents)).length;

  it('refuses a signed delivery jsonb could not hold (lone surrogate: 500 before), storing nothing', async () => {
    const before = await stored();
    expectRefused(await shopifyDelivery('{"id":1,"title":"a\\ud800"}'), 'title');
    expectRefused(await shopifyDelivery('{"id":1,"title":"a\\u0000"}'), 'title');
    const stripeEvent = (name: string) =>
      JSON.stringify({
        id: 'evt_gate',
        object: 'event',
        type: 'customer.updated',
        created: 1,
        data: { object: { name } },
      });
    expectRefused(await stripeDelivery(stripeEvent('a\u0000')), 'data.object.name');
    expectRefused(await stripeDelivery(stripeEvent('a\udfff')), 'data.object.name');
    expect(await stored()).toBe(before);
  });

  it('refuses a signed delivery whose bytes are not UTF-8', async () => {
    const body = Buffer.concat([Buffer.from('{"id":1,"title":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const res = await fetch(`${base}/api/webhooks/shopify/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Shopify-Topic': 'products/update',
        'X-Shopify-Shop-Domain': 'gate-test.myshopify.com',
        'X-Shopify-Webhook-Id': 'gate-bytes',
        'X-Shopify-Hmac-Sha256': createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'),
      },
      body: new Uint8Array(body),
    });
    expectRefused({ status: res.status, body: await res.json() });
  });
});
