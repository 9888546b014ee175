import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { widgetEventDaily, widgetEvents } from '../../server/database/schema.js';
import { EVENTS_BATCH_MAX } from '../../shared/storefront.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

let address = 0;
/** What `navigator.sendBeacon(url, string)` sends: a text/plain body from a storefront origin. */
function beacon(body: unknown, ip?: string) {
  address += 1;
  return http
    .post('/api/widgets/events/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', ip ?? `198.51.100.${address}`)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .send(typeof body === 'string' ? body : JSON.stringify(body));
}

async function rollup(merchantId: string) {
  const rows = await databaseOf(t).select().from(widgetEventDaily).where(eq(widgetEventDaily.merchantId, merchantId));
  return rows.map((r) => ({ productId: r.productId, type: r.type, events: r.events, sessions: r.sessions }));
}

describe('POST /api/widgets/events/', () => {
  it('stores a beacon batch and rolls it up per day, product and type, counting each session once', async () => {
    const { merchantId, storeId } = await registerOwner(t);
    await seedReviews(t, merchantId, 1, { productId: 'tee' });
    expect(await rollup(merchantId)).toEqual([]);

    const first = await beacon({
      merchant_id: storeId,
      session_id: 'session-aaaaaaaa',
      events: [
        { type: 'view', product_id: 'tee' },
        { type: 'play', product_id: 'tee' },
        { type: 'play', product_id: 'tee' },
      ],
    }).expect(202);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.body).toEqual({ recorded: 3 });
    // The same session again today: events count, the session does not.
    await beacon({
      merchant_id: storeId,
      session_id: 'session-aaaaaaaa',
      events: [
        { type: 'view', product_id: 'tee' },
        { type: 'add_to_cart', product_id: 'tee' },
      ],
    }).expect(202);
    // Another session, as application/json, on a product the store has never synced.
    await http
      .post('/api/widgets/events/')
      .send({ merchant_id: merchantId, session_id: 'session-bbbbbbbb', events: [{ type: 'view', product_id: 'new' }] })
      .expect(202);

    const raw = await databaseOf(t).select().from(widgetEvents).where(eq(widgetEvents.merchantId, merchantId));
    expect(raw).toHaveLength(6);
    const rows = await rollup(merchantId);
    const tee = rows.filter((r) => r.productId !== null);
    expect(tee.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { productId: tee[0].productId, type: 'add_to_cart', events: 1, sessions: 1 },
      { productId: tee[0].productId, type: 'play', events: 2, sessions: 1 },
      { productId: tee[0].productId, type: 'view', events: 2, sessions: 1 },
    ]);
    expect(rows.filter((r) => r.productId === null)).toEqual([
      { productId: null, type: 'view', events: 1, sessions: 1 },
    ]);
  });

  it('keeps stores apart', async () => {
    const a = await registerOwner(t);
    const b = await registerOwner(t);
    await beacon({
      merchant_id: a.storeId,
      session_id: 'session-cccccccc',
      events: [{ type: 'view', product_id: 'x' }],
    });
    expect(await rollup(b.merchantId)).toEqual([]);
    expect(await rollup(a.merchantId)).toHaveLength(1);
  });

  it('refuses malformed batches with field errors and stores nothing', async () => {
    const { merchantId, storeId } = await registerOwner(t);
    const valid = { merchant_id: storeId, session_id: 'session-dddddddd', events: [{ type: 'view', product_id: 'p' }] };
    const cases: Array<[unknown, string]> = [
      ['{not json', 'invalid_json'],
      [{ ...valid, session_id: 'short' }, 'session_id'],
      [{ ...valid, session_id: 'has spaces in it' }, 'session_id'],
      [{ ...valid, events: [] }, 'events'],
      [{ ...valid, events: [{ type: 'purchase', product_id: 'p' }] }, 'events.0.type'],
      [{ ...valid, events: [{ type: 'view', product_id: '' }] }, 'events.0.product_id'],
      [{ ...valid, events: [{ type: 'view', product_id: 'p'.repeat(201) }] }, 'events.0.product_id'],
      [{ ...valid, events: Array.from({ length: EVENTS_BATCH_MAX + 1 }, () => valid.events[0]) }, 'events'],
      [{ ...valid, merchant_id: undefined }, 'merchant_id'],
    ];
    for (const [body, problem] of cases) {
      const res = await beacon(body).expect(400);
      if (problem === 'invalid_json') expect(res.body.code).toBe('invalid_json');
      else expect(res.body.fields).toHaveProperty([problem]);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    await beacon({ ...valid, merchant_id: 'vrunknownstore00' }).expect(404, /unknown_store/);
    await beacon({ ...valid, events: Array.from({ length: EVENTS_BATCH_MAX }, () => valid.events[0]) }).expect(202);
    const raw = await databaseOf(t)
      .select()
      .from(widgetEvents)
      .where(and(eq(widgetEvents.merchantId, merchantId)));
    expect(raw).toHaveLength(EVENTS_BATCH_MAX);
  });

  it('answers the CORS preflight of a fetch fallback', async () => {
    const res = await http
      .options('/api/widgets/events/')
      .set('Origin', 'https://shop.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  it('throttles batches per address', async () => {
    const { storeId } = await registerOwner(t);
    const body = { merchant_id: storeId, session_id: 'session-eeeeeeee', events: [{ type: 'view', product_id: 'p' }] };
    for (let i = 0; i < 120; i += 1) await beacon(body, '203.0.113.9').expect(202);
    const res = await beacon(body, '203.0.113.9').expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    await beacon(body, '203.0.113.10').expect(202);
  });
});
