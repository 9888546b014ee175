import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import {
  merchants,
  products,
  reviewDaily,
  widgetEventDaily,
  widgetEventStoreDaily,
} from '../../server/database/schema.js';
import type { TDashboardMetrics, TReviewActivity, TTopProducts } from '../../shared/analytics.js';
import { insertDatedReviews, insertSessionDays, localDay as storeDay } from '../factories/analytics.factory.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { databaseOf, handleOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

const ZONE = 'America/Sao_Paulo';

const localDay = (daysAgo: number) => storeDay(daysAgo, ZONE);

/** The first day of each month from `daysAgo` days ago to today, in the store's zone. */
function monthsSince(daysAgo: number): string[] {
  const [year, month] = localDay(daysAgo).split('-').map(Number);
  const months: string[] = [];
  for (let i = 0; ; i += 1) {
    const first = new Date(Date.UTC(year, month - 1 + i, 1)).toISOString().slice(0, 10);
    if (first > localDay(0)) return months;
    months.push(first);
  }
}

async function setZone(merchantId: string, zone: string | null): Promise<void> {
  await databaseOf(t).update(merchants).set({ timezone: zone }).where(eq(merchants.id, merchantId));
}

/** From none in the previous period to some; nothing to compare in either. */
const NEW = { direction: 'up', value: 0, from_zero: true, no_data: false };
const NO_DATA = { direction: 'none', value: 0, from_zero: false, no_data: true };

const metrics = async (agent: Agent, days = 30) =>
  (await agent.get(`/api/analytics/dashboard_metrics/?days=${days}`).expect(200)).body as TDashboardMetrics;
const activity = async (agent: Agent, query: string) =>
  (await agent.get(`/api/analytics/review_activity/?${query}`).expect(200)).body as TReviewActivity;
const topProducts = async (agent: Agent, query: string) =>
  (await agent.get(`/api/analytics/top_products/?${query}`).expect(200)).body as TTopProducts;

describe('analytics on constructed data', () => {
  let agent: Agent;

  beforeAll(async () => {
    const owner = await registerOwner(t);
    agent = owner.agent;
    await setZone(owner.merchantId, ZONE);
    await insertDatedReviews(
      handleOf(t),
      owner.merchantId,
      [
        // This period (the last 30 days).
        { product: 'Alpha', daysAgo: 10, status: 'approved', rating: 5 },
        { product: 'Alpha', daysAgo: 10, status: 'approved', rating: 5 },
        { product: 'Alpha', daysAgo: 10, status: 'approved', rating: 5, deleted: true },
        { product: 'Beta', daysAgo: 20, status: 'approved', rating: 4 },
        { product: 'Beta', daysAgo: 20, status: 'pending', rating: 3 },
        { product: 'Beta', daysAgo: 20, status: 'pending', rating: 2 },
        { product: 'Beta', daysAgo: 20, status: 'rejected', rating: 1 },
        // The period before it.
        { product: 'Gamma', daysAgo: 40, status: 'approved', rating: 3 },
        { product: 'Gamma', daysAgo: 40, status: 'approved', rating: 4 },
        { product: 'Gamma', daysAgo: 40, status: 'pending', rating: 5 },
        { product: 'Gamma', daysAgo: 40, status: 'pending', rating: 4 },
        { product: 'Gamma', daysAgo: 40, status: 'pending', rating: 1 },
        { product: 'Gamma', daysAgo: 40, status: 'rejected', rating: 2 },
        // Older.
        { product: 'Alpha', daysAgo: 100, status: 'approved', rating: 1 },
        { product: 'Alpha', daysAgo: 100, status: 'approved', rating: 2 },
        // The 365-day period starts 364 days ago, inside a month whose first days lie outside it.
        { product: 'Delta', daysAgo: 363, status: 'rejected', rating: 3 },
        ...Array.from({ length: 5 }, () => ({
          product: 'Delta',
          daysAgo: 366,
          status: 'rejected' as const,
          rating: 3,
        })),
      ],
      ZONE,
    );
    await insertSessionDays(
      handleOf(t),
      owner.merchantId,
      [
        { daysAgo: 10, views: 40, carts: 10 },
        { daysAgo: 40, views: 50, carts: 15 },
      ],
      ZONE,
    );
  });

  it('computes the four metrics and their trends against the previous period', async () => {
    const change = (direction: string, value: number) => ({ direction, value, from_zero: false, no_data: false });
    expect(await metrics(agent)).toEqual({
      days: 30,
      total_reviews: 20,
      total_reviews_trend: change('none', 0), // 6 received now, 6 before
      pending_reviews: 5,
      pending_reviews_trend: change('down', 33.3), // 2 against 3
      average_rating: 3.4, // 24 / 7 approved
      average_rating_trend: change('up', 1.2), // 4.7 against 3.5
      conversion_rate: 25, // 10 of 40 sessions
      conversion_rate_trend: change('down', 5), // against 30 %
    });
    const week = await metrics(agent, 7);
    expect(week).toMatchObject({
      days: 7,
      total_reviews: 20,
      total_reviews_trend: change('down', 100), // none this week, 2 the week before (10 days ago)
      conversion_rate: 0,
    });
    // Issue 23: nothing to average or to take a rate of this week, so no trend at all ("0.0 pts, no change" before).
    expect(week.average_rating_trend).toEqual(NO_DATA);
    expect(week.conversion_rate_trend).toEqual(NO_DATA);
    // 90 days against the 90 before: 12 received (Alpha, Beta, Gamma) against 2 (Alpha, 100 days ago).
    expect((await metrics(agent, 90)).total_reviews_trend).toEqual(change('up', 500));
    // A year against the one before, which had no approved review (only Delta's rejected ones) and no session: new.
    const year = await metrics(agent, 365);
    expect(year).toMatchObject({ days: 365, total_reviews_trend: change('up', 200) }); // 15 against 5
    expect(year.average_rating_trend).toEqual(NEW);
    expect(year.conversion_rate_trend).toEqual(NEW);
  });

  it('counts review activity per day, zero-filled, in the store time zone', async () => {
    const month = await activity(agent, 'days=30');
    expect(month.interval).toBe('day');
    expect(month.results.map((point) => point.date)).toEqual(Array.from({ length: 30 }, (_, i) => localDay(29 - i)));
    const counts = Object.fromEntries(month.results.map((point) => [point.date, point.reviews]));
    expect(counts[localDay(10)]).toBe(2);
    expect(counts[localDay(20)]).toBe(4);
    expect(month.results.reduce((sum, point) => sum + point.reviews, 0)).toBe(6);
    expect((await activity(agent, 'days=7')).results).toHaveLength(7);
  });

  it('counts review activity per month above 90 days, across the year boundary', async () => {
    const year = await activity(agent, 'days=365');
    expect(year.interval).toBe('month');
    expect(year.results.map((point) => point.date)).toEqual(monthsSince(364)); // 13, or 12 when the period starts on a 1st
    const byMonth = Object.fromEntries(year.results.map((point) => [point.date, point.reviews]));
    // Only the review inside the period counts in its first, partial month.
    expect(byMonth[`${localDay(363).slice(0, 7)}-01`]).toBe(1);
    expect(year.results.reduce((sum, point) => sum + point.reviews, 0)).toBe(15);
    expect((await activity(agent, 'days=30&interval=month')).results.map((p) => p.date)).toEqual([
      ...new Set([localDay(29), localDay(0)].map((day) => `${day.slice(0, 7)}-01`)),
    ]);
  });

  it('ranks products by reviews received in the period, with a limit', async () => {
    const ranked = async (query: string) =>
      (await topProducts(agent, query)).results.map((product) => [product.name, product.reviews]);
    expect(await ranked('days=30')).toEqual([
      ['Beta', 4],
      ['Alpha', 2],
    ]);
    expect(await ranked('days=30&limit=1')).toEqual([['Beta', 4]]);
    expect(await ranked('days=90')).toEqual([
      ['Gamma', 6],
      ['Beta', 4],
      ['Alpha', 2],
    ]);
    // Ties go by name; Delta's reviews from before the period's first day are not counted.
    expect(await ranked('days=365')).toEqual([
      ['Gamma', 6],
      ['Alpha', 4],
      ['Beta', 4],
      ['Delta', 1],
    ]);
  });

  it('draws the charts beside their data when asked, in the language asked for', async () => {
    const plain = await activity(agent, 'days=30');
    expect(plain.chart).toBeUndefined();
    const drawn = await activity(agent, 'days=30&chart=svg');
    expect(drawn.results).toEqual(plain.results);
    expect(Object.keys(drawn.chart!)).toEqual(['s', 'm', 'l']);
    for (const svg of Object.values(drawn.chart!)) {
      expect(svg).toMatch(/^<svg aria-hidden="true" [^>]*viewBox=/);
      // A hover band per day for the light client runtime (one of its two series).
      expect(svg.match(/ecmeta_series_index="1"/g)).toHaveLength(30);
    }

    const year = await activity(agent, 'days=365&chart=svg&language=pt');
    const month = new Intl.DateTimeFormat('pt', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(year.chart!.l).toContain(`>${month.format(new Date(`${year.results[0].date}T00:00:00Z`))}<`);

    const products = await topProducts(agent, 'days=30&chart=svg&language=es');
    expect(products.results.map((product) => product.name)).toEqual(['Beta', 'Alpha']);
    for (const svg of Object.values(products.chart!)) expect(svg).toMatch(/>Beta<[\s\S]*>Alpha</);
  });
});

describe('analytics follow changes at once', () => {
  it('shows approvals, rejections, deletions and new reviews on the next read, and nothing of other stores', async () => {
    const owner = await registerOwner(t);
    const other = await registerOwner(t);
    const ids = await seedReviews(t, owner.merchantId, 3, { productId: 'mug', productName: 'Mug' });
    const first = await metrics(owner.agent);
    expect([first.total_reviews, first.pending_reviews, first.average_rating]).toEqual([3, 3, null]);
    expect((await topProducts(owner.agent, 'days=7')).results.map((p) => p.reviews)).toEqual([3]);
    const bar = async () => (await topProducts(owner.agent, 'days=7&chart=svg')).chart!.m;
    expect(await bar()).toContain('>3</text>');

    await owner.agent.post(`/api/reviews/${ids[2]}/approve/`).expect(200); // rating 3
    let now = await metrics(owner.agent);
    expect([now.total_reviews, now.pending_reviews, now.average_rating]).toEqual([3, 2, 3]);

    await owner.agent.post(`/api/reviews/${ids[0]}/reject/`).expect(200);
    expect((await metrics(owner.agent)).pending_reviews).toBe(1);

    await owner.agent.delete(`/api/reviews/${ids[2]}/`).expect(204);
    now = await metrics(owner.agent);
    expect([now.total_reviews, now.pending_reviews, now.average_rating]).toEqual([2, 1, null]);
    expect((await topProducts(owner.agent, 'days=7')).results.map((p) => p.reviews)).toEqual([2]);
    // The drawing is cached with its data: drawn again, with the count of now.
    expect(await bar()).not.toContain('>3</text>');
    expect(await bar()).toContain('>2</text>');
    const today = (await activity(owner.agent, 'days=7')).results.at(-1);
    expect(today?.reviews).toBe(2);

    // A shopper's upload counts at once too.
    const form = await http
      .post('/api/reviews/upload/')
      .field('merchant_id', owner.storeId)
      .field('product_id', 'mug')
      .field('customer_name', 'Ana')
      .field('rating', '5')
      .field('comment', 'Lovely')
      .attach('photo', 'test/fixtures/media/photo.jpg');
    expect(form.status).toBe(201);
    expect((await metrics(owner.agent)).pending_reviews).toBe(2);

    const theirs = await metrics(other.agent);
    expect([theirs.total_reviews, theirs.pending_reviews]).toEqual([0, 0]);
    expect((await topProducts(other.agent, 'days=30')).results).toEqual([]);
  });

  it('computes conversion from the widget events the storefront records', async () => {
    const owner = await registerOwner(t);
    expect((await metrics(owner.agent)).conversion_rate).toBe(0);
    const send = (session: string, types: string[]) =>
      http
        .post('/api/widgets/events/')
        .send({
          merchant_id: owner.storeId,
          session_id: session,
          events: types.map((type) => ({ type, product_id: 'lamp' })),
        })
        .expect(202);
    await send('session-1', ['view', 'play', 'add_to_cart']);
    await send('session-2', ['view', 'view']);
    await send('session-3', ['view']);
    await send('session-4', ['view', 'play']);
    const now = await metrics(owner.agent);
    expect(now.conversion_rate).toBe(25);
    expect(now.conversion_rate_trend).toEqual(NEW); // no sessions before
  });
});

describe('the analytics cache across instances', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? it : it.skip;
  shared('shows a moderation made on one instance on the next read of another', async () => {
    const other = await createApp(t.config);
    try {
      await other.getHttpAdapter().getInstance().ready();
      const owner = await registerOwner(t);
      const [id] = await seedReviews(t, owner.merchantId, 1);
      const session = { authorization: `JWT ${owner.user.access}` };
      const read = async () =>
        (await request(other.getHttpServer()).get('/api/analytics/dashboard_metrics/').set(session).expect(200))
          .body as TDashboardMetrics;
      expect((await read()).pending_reviews).toBe(1); // now cached
      await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
      expect((await read()).pending_reviews).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('rollups and the store time zone', () => {
  it('moves reviews to their store-local day when the zone changes', async () => {
    const owner = await registerOwner(t);
    const [id] = await seedReviews(t, owner.merchantId, 1);
    await databaseOf(t).execute(sql`update reviews set created_at = '2026-03-01 02:00Z' where id = ${id}`);
    const days = async () =>
      (await databaseOf(t).select().from(reviewDaily).where(eq(reviewDaily.merchantId, owner.merchantId)))
        .filter((row) => row.reviews > 0)
        .map((row) => row.day);
    expect(await days()).toEqual(['2026-03-01']);
    await setZone(owner.merchantId, ZONE);
    expect(await days()).toEqual(['2026-02-28']);
    await expect(setZone(owner.merchantId, 'Not/AZone')).rejects.toThrow();
  });
});

describe('the store totals of widget events', () => {
  it('stay the sum of the per-product rollup as batches arrive and products go', async () => {
    const owner = await registerOwner(t);
    await seedReviews(t, owner.merchantId, 1, { productId: 'lamp', productName: 'Lamp' });
    await seedReviews(t, owner.merchantId, 1, { productId: 'mug', productName: 'Mug' });
    const send = (session: string, events: Array<[string, string]>) =>
      http
        .post('/api/widgets/events/')
        .send({
          merchant_id: owner.storeId,
          session_id: session,
          events: events.map(([type, product]) => ({ type, product_id: product })),
        })
        .expect(202);
    await send('session-1', [
      ['view', 'lamp'],
      ['view', 'mug'],
      ['add_to_cart', 'lamp'],
    ]);
    await send('session-1', [['view', 'lamp']]);
    await send('session-2', [
      ['view', 'lamp'],
      ['view', 'unknown-product'],
      ['play', 'unknown-product'],
    ]);
    const totals = async (table: typeof widgetEventDaily | typeof widgetEventStoreDaily) =>
      databaseOf(t)
        .select({ type: table.type, events: sql<number>`sum(events)::int`, sessions: sql<number>`sum(sessions)::int` })
        .from(table)
        .where(eq(table.merchantId, owner.merchantId))
        .groupBy(table.type)
        .orderBy(table.type);
    expect(await totals(widgetEventStoreDaily)).toEqual([
      { type: 'add_to_cart', events: 1, sessions: 1 },
      { type: 'play', events: 1, sessions: 1 },
      { type: 'view', events: 5, sessions: 4 },
    ]);
    await databaseOf(t)
      .delete(products)
      .where(and(eq(products.merchantId, owner.merchantId), eq(products.externalId, 'mug')));
    expect(await totals(widgetEventStoreDaily)).toEqual(await totals(widgetEventDaily));
    expect((await totals(widgetEventStoreDaily)).find((row) => row.type === 'view')).toEqual({
      type: 'view',
      events: 4,
      sessions: 3,
    });
  });
});

describe('bad parameters', () => {
  it('answers 400 with fields for periods, intervals and limits outside SPEC §9, and charts it cannot draw', async () => {
    const { agent } = await registerOwner(t);
    const fieldsOf = async (path: string) => {
      const res = await agent.get(path).expect(400);
      expect(res.body.code).toBe('validation_error');
      return Object.keys(res.body.fields);
    };
    expect(await fieldsOf('/api/analytics/dashboard_metrics/?days=14')).toEqual(['days']);
    expect(await fieldsOf('/api/analytics/dashboard_metrics/?days=abc')).toEqual(['days']);
    expect(await fieldsOf('/api/analytics/review_activity/?days=30&interval=week')).toEqual(['interval']);
    expect(await fieldsOf('/api/analytics/review_activity/?days=365&interval=day')).toEqual(['interval']);
    expect(await fieldsOf('/api/analytics/top_products/?limit=51')).toEqual(['limit']);
    expect(await fieldsOf('/api/analytics/top_products/?limit=0&days=7')).toEqual(['limit']);
    expect(await fieldsOf('/api/analytics/top_products/?limit=2.5')).toEqual(['limit']);
    expect(await fieldsOf('/api/analytics/review_activity/?chart=png')).toEqual(['chart']);
    expect(await fieldsOf('/api/analytics/review_activity/?chart=svg&language=fr')).toEqual(['language']);
    expect(await fieldsOf('/api/analytics/top_products/?chart=svg&chart=svg')).toEqual(['chart']);
    expect(await fieldsOf('/api/analytics/top_products/?chart=svg&language=')).toEqual(['language']);
    await http.get('/api/analytics/dashboard_metrics/').expect(401);
  });
});

describe('POST /api/stores/shopify_setup_complete/', () => {
  it('stores the flag on the merchant and answers with it', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const res = await agent.post('/api/stores/shopify_setup_complete/').expect(200);
    expect(res.body).toMatchObject({ id: merchantId, shopify_setup_complete: true });
    expect(res.body.metadata.shopify_setup_complete).toBe(true);
    const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, merchantId));
    expect(row.shopifySetupComplete).toBe(true);
    await http.post('/api/stores/shopify_setup_complete/').expect(401);
  });
});
