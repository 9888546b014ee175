import { SessionStamps } from '../../server/accounts/session-stamps.js';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import type { TDashboardMetrics } from '../../shared/analytics.js';
import {
  merchants,
  reviewEngagementDaily,
  widgetEventDaily,
  widgetEvents,
  widgetSessionOutcomeDaily,
} from '../../server/database/schema.js';
import { RateLimits } from '../../server/rate-limits/rate-limits.js';
import {
  CARTS_PER_SESSION_PRODUCT,
  EVENT_BATCHES_PER_STORE,
  NEW_SESSIONS_PER_IP,
} from '../../server/widget-events/beacon-rules.js';
import { WIDGET_EVENTS_RETENTION_DAYS, WidgetEventsPrune } from '../../server/widget-events/widget-events-prune.js';
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
      [{ ...valid, events: [{ type: 'watched_25', product_id: 'p', review_id: 'not-a-uuid' }] }, 'events.0.review_id'],
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

describe('beacons anyone can send', () => {
  const conversion = async (agent: Awaited<ReturnType<typeof registerOwner>>['agent']) =>
    ((await agent.get('/api/analytics/dashboard_metrics/').expect(200)).body as TDashboardMetrics).conversion_rate;
  const sessionOf = (label: string, i: number) => `${label}-session-${String(i).padStart(4, '0')}`;

  it('counts a play or an add-to-cart only after the session saw the widget on that product', async () => {
    const owner = await registerOwner(t);
    for (let i = 0; i < 5; i++) {
      await beacon({
        merchant_id: owner.storeId,
        session_id: sessionOf('real', i),
        events: [{ type: 'view', product_id: 'lamp' }],
      }).expect(202);
    }
    expect(await conversion(owner.agent)).toBe(0);
    // Five made-up sessions that only "add to cart": nothing is stored, the rate does not move.
    for (let i = 0; i < 5; i++) {
      const res = await beacon({
        merchant_id: owner.storeId,
        session_id: sessionOf('fake', i),
        events: [
          { type: 'add_to_cart', product_id: 'lamp' },
          { type: 'play', product_id: 'lamp' },
        ],
      }).expect(202);
      expect(res.body).toEqual({ recorded: 0 });
    }
    expect(await conversion(owner.agent)).toBe(0);
    // A view of another product does not open this one.
    const other = await beacon({
      merchant_id: owner.storeId,
      session_id: sessionOf('real', 0),
      events: [
        { type: 'view', product_id: 'chair' },
        { type: 'add_to_cart', product_id: 'lamp' },
        { type: 'add_to_cart', product_id: 'chair' },
      ],
    }).expect(202);
    expect(other.body).toEqual({ recorded: 3 });
    expect(await conversion(owner.agent)).toBe(20); // 1 of 5 lamp-or-chair viewing sessions, as one store
  });

  it('stores at most a few add-to-carts per session and product', async () => {
    const owner = await registerOwner(t);
    const session = sessionOf('clicky', 0);
    const send = (events: Array<{ type: string; product_id: string }>) =>
      beacon({ merchant_id: owner.storeId, session_id: session, events }).expect(202);
    await send([{ type: 'view', product_id: 'lamp' }]);
    for (let i = 0; i < CARTS_PER_SESSION_PRODUCT + 4; i++) await send([{ type: 'add_to_cart', product_id: 'lamp' }]);
    const carts = await databaseOf(t)
      .select()
      .from(widgetEvents)
      .where(and(eq(widgetEvents.merchantId, owner.merchantId), eq(widgetEvents.type, 'add_to_cart')));
    expect(carts).toHaveLength(CARTS_PER_SESSION_PRODUCT);
  });

  it('keeps the sessions one address starts on a store within a ceiling', async () => {
    const owner = await registerOwner(t);
    const ip = '192.0.2.77';
    const start = (i: number, from = ip) =>
      http
        .post('/api/widgets/events/')
        .set('X-Forwarded-For', from)
        .send({
          merchant_id: owner.storeId,
          session_id: sessionOf('burst', i),
          events: [{ type: 'view', product_id: 'p' }],
        })
        .expect(202);
    for (let i = 0; i < NEW_SESSIONS_PER_IP.limit; i++) expect((await start(i)).body).toEqual({ recorded: 1 });
    expect((await start(NEW_SESSIONS_PER_IP.limit)).body).toEqual({ recorded: 0 });
    // Sessions it already started go on; another address starts its own.
    expect((await start(0)).body).toEqual({ recorded: 1 });
    expect((await start(NEW_SESSIONS_PER_IP.limit + 1, '192.0.2.78')).body).toEqual({ recorded: 1 });
  });

  it('refuses batches past the store ceiling, whatever the address', async () => {
    const owner = await registerOwner(t);
    const other = await registerOwner(t);
    const limits = t.app.get(RateLimits);
    for (let i = 0; i < EVENT_BATCHES_PER_STORE.limit; i++) await limits.hit(EVENT_BATCHES_PER_STORE, owner.merchantId);
    const body = (storeId: string) => ({
      merchant_id: storeId,
      session_id: sessionOf('ceiling', 0),
      events: [{ type: 'view', product_id: 'p' }],
    });
    const res = await beacon(body(owner.storeId)).expect(429);
    expect(res.body.code).toBe('throttled');
    await beacon(body(other.storeId)).expect(202);
  });

  it('counts only orders, not add-to-cart beacons, for a store whose orders name the widget session', async () => {
    const owner = await registerOwner(t);
    const send = (i: number, types: string[]) =>
      beacon({
        merchant_id: owner.storeId,
        session_id: sessionOf('shop', i),
        events: types.map((type) => ({ type, product_id: 'lamp' })),
      }).expect(202);
    await send(0, ['view', 'add_to_cart']);
    await send(1, ['view']);
    expect(await conversion(owner.agent)).toBe(50);
    // Connected to Shopify (what an install stores): its orders carry the session, add-to-cart clicks stop counting.
    await databaseOf(t)
      .update(merchants)
      .set({ platform: 'shopify', accessTokenEncrypted: 'sealed' })
      .where(eq(merchants.id, owner.merchantId));
    // What the store connection's repository does after such a write: sessions read the store again.
    await t.app.get(SessionStamps).bump([owner.user.id]);
    expect(await conversion(owner.agent)).toBe(0);
  });
});

describe("the player's reports and what sessions did", () => {
  async function engagement(merchantId: string) {
    const rows = await databaseOf(t)
      .select()
      .from(reviewEngagementDaily)
      .where(eq(reviewEngagementDaily.merchantId, merchantId));
    return rows
      .map((r) => ({ reviewId: r.reviewId, type: r.type, events: r.events, sessions: r.sessions }))
      .sort((a, b) => `${a.reviewId}${a.type}`.localeCompare(`${b.reviewId}${b.type}`));
  }

  it("rolls up plays and quarters watched per review, once per session, for the store's own reviews only", async () => {
    const { merchantId, storeId } = await registerOwner(t);
    const [first, second] = await seedReviews(t, merchantId, 2, { productId: 'mug' });
    const other = await registerOwner(t);
    const [foreign] = await seedReviews(t, other.merchantId, 1, { productId: 'mug' });
    const send = (session: string, events: Array<{ type: string; review_id?: string }>) =>
      beacon({
        merchant_id: storeId,
        session_id: session,
        events: events.map((event) => ({ product_id: 'mug', ...event })),
      }).expect(202);

    const res = await send('session-watch-one', [
      { type: 'view' },
      { type: 'play', review_id: first },
      { type: 'watched_25', review_id: first },
      { type: 'watched_25', review_id: first },
      { type: 'watched_50', review_id: first },
      { type: 'unmute', review_id: first },
      { type: 'watched_25', review_id: foreign },
      { type: 'fullscreen' },
    ]);
    expect(res.body).toEqual({ recorded: 5 });
    // The same review again in a later batch: the play counts, the quarter already reported does not.
    await send('session-watch-one', [
      { type: 'play', review_id: first },
      { type: 'watched_25', review_id: first },
      { type: 'watched_100', review_id: second },
    ]);
    await send('session-watch-two', [
      { type: 'view' },
      { type: 'play', review_id: first },
      { type: 'watched_25', review_id: first },
    ]);

    expect(await engagement(merchantId)).toEqual(
      [
        { reviewId: first, type: 'play', events: 3, sessions: 2 },
        { reviewId: first, type: 'unmute', events: 1, sessions: 1 },
        { reviewId: first, type: 'watched_25', events: 2, sessions: 2 },
        { reviewId: first, type: 'watched_50', events: 1, sessions: 1 },
        { reviewId: second, type: 'watched_100', events: 1, sessions: 1 },
      ].sort((a, b) => `${a.reviewId}${a.type}`.localeCompare(`${b.reviewId}${b.type}`)),
    );
    expect(await engagement(other.merchantId)).toEqual([]);
    // The product's rollup counts them too.
    const perProduct = (await rollup(merchantId)).filter((row) => row.type === 'watched_25');
    expect(perProduct).toEqual([{ productId: expect.any(String), type: 'watched_25', events: 2, sessions: 2 }]);
  });

  it('files each session once, on the day it first saw the widget, by whether it played, carted and bought', async () => {
    const { merchantId, storeId } = await registerOwner(t);
    const [review] = await seedReviews(t, merchantId, 1, { productId: 'lamp' });
    const send = (session: string, types: string[]) =>
      beacon({
        merchant_id: storeId,
        session_id: session,
        events: types.map((type) => ({ type, product_id: 'lamp', ...(type === 'play' ? { review_id: review } : {}) })),
      }).expect(202);
    const outcomes = async () => {
      const rows = await databaseOf(t)
        .select()
        .from(widgetSessionOutcomeDaily)
        .where(eq(widgetSessionOutcomeDaily.merchantId, merchantId));
      return Object.fromEntries(
        rows
          .filter((row) => row.sessions !== 0)
          .map((row) => [`${+row.played}${+row.carted}${+row.purchased}`, row.sessions]),
      );
    };

    await send('session-outcome-a', ['view']);
    await send('session-outcome-b', ['view', 'play']);
    await send('session-outcome-c', ['view']);
    expect(await outcomes()).toEqual({ '000': 2, '100': 1 });
    await send('session-outcome-b', ['add_to_cart']);
    await send('session-outcome-a', ['add_to_cart']);
    await send('session-outcome-c', ['play', 'play']);
    await send('session-outcome-c', ['view']);
    expect(await outcomes()).toEqual({ '010': 1, '110': 1, '100': 1 });
    // A session that never saw the widget is in no row.
    await send('session-outcome-d', ['add_to_cart']);
    expect(await outcomes()).toEqual({ '010': 1, '110': 1, '100': 1 });
  });
});

describe('raw events past their retention', () => {
  it('are pruned store by store while the rollups, which analytics read, stay', async () => {
    const { merchantId, storeId } = await registerOwner(t);
    await seedReviews(t, merchantId, 1, { productId: 'kettle' });
    await beacon({
      merchant_id: storeId,
      session_id: 'session-prune-new',
      events: [{ type: 'view', product_id: 'kettle' }],
    }).expect(202);
    const old = new Date(Date.now() - (WIDGET_EVENTS_RETENTION_DAYS + 1) * 86_400_000);
    const edge = new Date(Date.now() - (WIDGET_EVENTS_RETENTION_DAYS - 1) * 86_400_000);
    await databaseOf(t)
      .insert(widgetEvents)
      .values([
        { merchantId, sessionId: 'session-prune-old', type: 'view', at: old },
        { merchantId, sessionId: 'session-prune-old', type: 'add_to_cart', at: old },
        { merchantId, sessionId: 'session-prune-edge', type: 'view', at: edge },
      ]);
    const before = await rollup(merchantId);

    expect(await t.app.get(WidgetEventsPrune).prune()).toBeGreaterThanOrEqual(2);
    const left = await databaseOf(t)
      .select({ sessionId: widgetEvents.sessionId })
      .from(widgetEvents)
      .where(eq(widgetEvents.merchantId, merchantId));
    expect(left.map((row) => row.sessionId).sort()).toEqual(['session-prune-edge', 'session-prune-new']);
    expect(await rollup(merchantId)).toEqual(before);
    expect(await t.app.get(WidgetEventsPrune).prune()).toBe(0);
  });
});
