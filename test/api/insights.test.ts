import { sql } from 'drizzle-orm';
import request from 'supertest';
import { AnalyticsCache } from '../../server/analytics/analytics-cache.js';
import { widgetSessionOutcomeDaily } from '../../server/database/schema.js';
import type { TInsights } from '../../shared/insights.js';
import { insertDatedReviews, localDay } from '../factories/analytics.factory.js';
import { seedReviewRequest } from '../factories/review-requests.factory.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { databaseOf, handleOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

let address = 0;
function beacon(storeId: string, session: string, events: Array<{ type: string; review_id?: string }>) {
  address += 1;
  return http
    .post('/api/widgets/events/')
    .set('X-Forwarded-For', `203.0.113.${address % 250}`)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .send(
      JSON.stringify({
        merchant_id: storeId,
        session_id: session,
        events: events.map((e) => ({ product_id: 'cup', ...e })),
      }),
    )
    .expect(202);
}

async function insights(agent: Agent, query = ''): Promise<TInsights> {
  return (await agent.get(`/api/insights/${query}`).expect(200)).body as TInsights;
}

describe('GET /api/insights/', () => {
  it('reports engagement from the player: play rate, share watched, completion, most-watched reviews', async () => {
    const owner = await registerOwner(t);
    const [loved, skipped] = await seedReviews(t, owner.merchantId, 2, {
      productId: 'cup',
      productName: 'Clay cup',
      customerName: (i) => ['Ana', 'Bo'][i],
    });
    // Four sessions see the widget; two play the first review (one to the end, one to a quarter), one the second.
    await beacon(owner.storeId, 'session-eng-1', [
      { type: 'view' },
      { type: 'play', review_id: loved },
      ...['watched_25', 'watched_50', 'watched_75', 'watched_100', 'unmute'].map((type) => ({
        type,
        review_id: loved,
      })),
    ]);
    await beacon(owner.storeId, 'session-eng-2', [
      { type: 'view' },
      { type: 'play', review_id: loved },
      { type: 'watched_25', review_id: loved },
      { type: 'fullscreen', review_id: loved },
    ]);
    await beacon(owner.storeId, 'session-eng-3', [{ type: 'view' }, { type: 'play', review_id: skipped }]);
    await beacon(owner.storeId, 'session-eng-4', [{ type: 'view' }]);

    const body = await insights(owner.agent);
    expect(body.range).toEqual({ start: localDay(29), end: localDay(0) });
    expect(body.previous).toEqual({ start: localDay(59), end: localDay(30) });
    expect(body.engagement).toEqual({
      views: 4,
      plays: 3,
      play_rate: 0.75,
      // 5 quarters reached over 3 plays of named reviews.
      average_watched: 5 / 4 / 3,
      completion: 1 / 3,
      unmutes: 1,
      fullscreens: 1,
    });
    expect(body.previous_engagement).toMatchObject({ views: 0, plays: 0, play_rate: null, completion: null });
    expect(body.most_watched).toEqual([
      {
        review_id: loved,
        customer_name: 'Ana',
        product_id: expect.any(String),
        product_name: 'Clay cup',
        plays: 2,
        completion: 0.5,
      },
      {
        review_id: skipped,
        customer_name: 'Bo',
        product_id: expect.any(String),
        product_name: 'Clay cup',
        plays: 1,
        completion: 0,
      },
    ]);
    // Without requests sent, no funnel.
    expect(body.funnel).toBeNull();
  });

  it('says "not enough data" for a small store and gives the lift with its interval once there is', async () => {
    const owner = await registerOwner(t);
    await seedReviews(t, owner.merchantId, 1, { productId: 'cup' });
    await beacon(owner.storeId, 'session-lift-1', [{ type: 'view' }, { type: 'play' }, { type: 'add_to_cart' }]);
    await beacon(owner.storeId, 'session-lift-2', [{ type: 'view' }]);
    const small = await insights(owner.agent);
    expect(small.lift).toMatchObject({
      basis: 'carts',
      enough: false,
      difference: null,
      watched: { sessions: 1, conversions: 1, rate: 1 },
      viewed: { sessions: 1, conversions: 0, rate: 0 },
    });

    // A season of sessions, as the rollup holds them: 400 that played (40 bought), 1,600 that did not (80 bought).
    const day = localDay(3);
    await databaseOf(t)
      .insert(widgetSessionOutcomeDaily)
      .values([
        { merchantId: owner.merchantId, day, played: true, carted: true, purchased: false, sessions: 40 },
        { merchantId: owner.merchantId, day, played: true, carted: false, purchased: false, sessions: 360 },
        { merchantId: owner.merchantId, day, played: false, carted: true, purchased: false, sessions: 80 },
        { merchantId: owner.merchantId, day, played: false, carted: false, purchased: false, sessions: 1520 },
      ]);
    // What a stored beacon batch does: the cached answers go.
    await t.app.get(AnalyticsCache).eventsRecorded(owner.merchantId);
    const { lift } = await insights(owner.agent);
    expect(lift.enough).toBe(true);
    expect(lift.watched).toMatchObject({ sessions: 401, conversions: 41 });
    expect(lift.viewed).toMatchObject({ sessions: 1601, conversions: 80 });
    expect(lift.difference!.value).toBeCloseTo(41 / 401 - 80 / 1601, 10);
    // The interval holds the difference and leaves zero out: watching goes with buying here.
    expect(lift.difference!.low).toBeGreaterThan(0);
    expect(lift.difference!.low).toBeLessThan(lift.difference!.value);
    expect(lift.difference!.high).toBeGreaterThan(lift.difference!.value);
    expect(lift.watched.low).toBeLessThan(lift.watched.rate!);
    // Ranges before the sessions were filed hold none of them.
    const before = await insights(owner.agent, `?start=${localDay(60)}&end=${localDay(31)}`);
    expect(before.lift).toMatchObject({ enough: false, watched: { sessions: 0 }, viewed: { sessions: 0 } });
  });

  it('gives ratings per week by star, reviews by source, and the request funnel per week', async () => {
    const owner = await registerOwner(t);
    await insertDatedReviews(handleOf(t), owner.merchantId, [
      { product: 'Cup', daysAgo: 1, status: 'approved', rating: 5 },
      { product: 'Cup', daysAgo: 1, status: 'pending', rating: 3 },
      { product: 'Cup', daysAgo: 1, status: 'rejected', rating: 1 },
      { product: 'Cup', daysAgo: 1, status: 'approved', rating: 4, deleted: true },
      { product: 'Cup', daysAgo: 20, status: 'approved', rating: 2 },
    ]);
    await databaseOf(t).execute(
      sql`update reviews set source = 'import' where merchant_id = ${owner.merchantId} and rating = 2`,
    );
    const sent = await seedReviewRequest(t, owner.merchantId);
    await seedReviewRequest(t, owner.merchantId);
    await http.get(`/r/${sent.token}`).expect(200);

    const body = await insights(owner.agent);
    const byWeek = Object.fromEntries(body.ratings.map((week) => [week.week, week]));
    const weeks = body.ratings.map((week) => week.week);
    expect(weeks.every((week) => new Date(`${week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.length).toBeGreaterThanOrEqual(5);
    const total = body.ratings.reduce((sum, week) => sum.map((n, i) => n + week.counts[i]), [0, 0, 0, 0, 0]);
    expect(total).toEqual([0, 1, 1, 0, 1]);
    const recent = Object.values(byWeek).find((week) => week.counts[4] === 1)!;
    expect(recent.counts).toEqual([0, 0, 1, 0, 1]);
    expect(recent.average).toBe(4);
    expect(body.sources).toEqual([
      { source: 'widget', reviews: 2 },
      { source: 'import', reviews: 1 },
    ]);
    expect(body.funnel!.reduce((sum, week) => sum + week.sent, 0)).toBe(2);
    expect(body.funnel!.at(-1)).toEqual({ week: weeks.at(-1), sent: 2, opened: 1, reviewed: 0 });

    // The buyer reviews through the link: the cached funnel counts it at once.
    await http
      .post(`/api/review-requests/public/${sent.token}/reviews/`)
      .set('X-Forwarded-For', '198.51.100.7')
      .field('product_id', 'sku-1')
      .field('customer_name', 'Marta')
      .field('rating', '5')
      .field('comment', 'Lovely shirt')
      .expect(201);
    expect((await insights(owner.agent)).funnel!.at(-1)).toEqual({
      week: weeks.at(-1),
      sent: 2,
      opened: 1,
      reviewed: 1,
    });
  });

  it('draws the ratings and the request funnel when asked (chart=svg), in the language asked, from the same figures', async () => {
    const owner = await registerOwner(t);
    await insertDatedReviews(handleOf(t), owner.merchantId, [
      { product: 'Cup', daysAgo: 1, status: 'approved', rating: 5 },
      { product: 'Cup', daysAgo: 1, status: 'approved', rating: 3 },
    ]);
    const plain = await insights(owner.agent, '?days=30');
    expect(plain.charts).toBeUndefined();
    // No request sent yet: no funnel, so no funnel drawn.
    const drawn = await insights(owner.agent, '?days=30&chart=svg&language=es');
    expect(drawn.ratings).toEqual(plain.ratings);
    expect(drawn.charts!.funnel).toBeNull();
    expect(Object.keys(drawn.charts!.ratings)).toEqual(['s', 'm', 'l']);
    const week = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (const svg of Object.values(drawn.charts!.ratings)) {
      expect(svg).toMatch(/^<svg aria-hidden="true" [^>]*viewBox=/);
      expect(svg).toContain(`>${week.format(new Date(`${drawn.ratings[0].week}T00:00:00Z`))}<`);
      expect(svg).toContain('>5,0 ★<');
      // A hover band per week for the light client runtime: the series after the five stars and the average.
      expect(svg.match(/ecmeta_series_index="6"/g)).toHaveLength(drawn.ratings.length);
    }

    // The funnel and its drawing follow a request sent, then opened, since.
    const sent = await seedReviewRequest(t, owner.merchantId);
    const sentOnly = await insights(owner.agent, '?days=30&chart=svg');
    expect(sentOnly.funnel!.at(-1)).toMatchObject({ sent: 1, opened: 0 });
    const bars = (svg: string, series: number) =>
      svg.match(new RegExp(`<path [^>]*ecmeta_series_index="${series}"[^>]*>`, 'g'))!;
    const lastOpened = async () => {
      const { charts } = await insights(owner.agent, '?days=30&chart=svg');
      return bars(charts!.funnel!.m, 1).at(-1);
    };
    const before = await lastOpened();
    await http.head(`/r/${sent.token}`).expect(200);
    // A mail scanner's look is not an opening.
    expect(await lastOpened()).toEqual(before);
    await http.get(`/r/${sent.token}`).expect(200);
    const after = await lastOpened();
    expect(after).not.toEqual(before);
    await http.get(`/r/${sent.token}`).expect(200);
    expect((await insights(owner.agent, '?days=30')).funnel!.at(-1)).toMatchObject({ sent: 1, opened: 1 });
    expect(bars(sentOnly.charts!.funnel!.m, 3)).toHaveLength(sentOnly.funnel!.length);

    const fieldsOf = async (query: string) =>
      Object.keys((await owner.agent.get(`/api/insights/${query}`).expect(400)).body.fields);
    expect(await fieldsOf('?chart=png')).toEqual(['chart']);
    expect(await fieldsOf('?chart=svg&language=fr')).toEqual(['language']);
    expect(await fieldsOf('?days=30&chart=svg&chart=svg')).toEqual(['chart']);
    expect(await fieldsOf('?days=14&chart=svg&language=de')).toEqual(['days', 'language']);
  });

  it('refuses a range it cannot read with field errors', async () => {
    const owner = await registerOwner(t);
    const cases: Array<[string, string]> = [
      ['?start=2026-01-01', 'end'],
      ['?end=2026-01-01', 'start'],
      ['?start=2026-02-30&end=2026-03-01', 'start'],
      ['?start=yesterday&end=2026-03-01', 'start'],
      ['?start=2026-03-02&end=2026-03-01', 'end'],
      ['?start=2025-01-01&end=2026-03-01', 'end'],
      ['?days=14', 'days'],
      ['?days=7&start=2026-01-01&end=2026-01-02', 'days'],
    ];
    for (const [query, field] of cases) {
      const res = await owner.agent.get(`/api/insights/${query}`).expect(400);
      expect(res.body.fields).toHaveProperty([field]);
    }
    const week = await insights(owner.agent, '?days=7');
    expect(week.range).toEqual({ start: localDay(6), end: localDay(0) });
    const year = await insights(owner.agent, '?start=2025-03-02&end=2026-03-01');
    // 365 days, so the 365 before them (2024 had a 29 February).
    expect(year.previous).toEqual({ start: '2024-03-02', end: '2025-03-01' });
  });
});

describe('the funnel rollup', () => {
  it('stays equal to the requests through sends, openings, reviews, erasure and a change of time zone', async () => {
    const owner = await registerOwner(t);
    const db = databaseOf(t);
    type Day = { day: string; sent: number; opened: number; reviewed: number };
    const fromRequests = () =>
      handleOf(t).rows<Day>(sql`
        select (r.sent_at at time zone coalesce(m.timezone, 'UTC'))::date::text as day, count(*)::int as sent,
          count(r.opened_at)::int as opened, count(r.reviewed_at)::int as reviewed
        from review_requests r join merchants m on m.id = r.merchant_id
        where r.merchant_id = ${owner.merchantId} and r.sent_at is not null group by 1 order by 1`);
    const rollup = () =>
      handleOf(t).rows<Day>(sql`
        select day::text as day, sent, opened, reviewed from review_request_funnel_daily
        where merchant_id = ${owner.merchantId} and sent > 0 order by 1`);
    const [first, second] = [
      await seedReviewRequest(t, owner.merchantId),
      await seedReviewRequest(t, owner.merchantId, { customerEmail: 'gone@example.com' }),
      await seedReviewRequest(t, owner.merchantId, { status: 'scheduled' }),
    ];
    // A reminder sets sent_at again (the first one stays), then a mail goes late at night UTC.
    await db.execute(sql`update review_requests set sent_at = coalesce(sent_at, now()) where id = ${first.id}`);
    await db.execute(sql`update review_requests set sent_at = date_trunc('day', now()) - interval '1 hour'
      where merchant_id = ${owner.merchantId} and status = 'scheduled'`);
    await http.get(`/r/${first.token}`).expect(200);
    await http.get(`/r/${second.token}`).expect(200);
    await db.execute(sql`update review_requests set reviewed_at = now() where id = ${first.id}`);
    expect(await rollup()).toEqual(await fromRequests());
    expect((await rollup()).reduce((sum, row) => sum + row.sent, 0)).toBe(3);

    await db.execute(sql`update merchants set timezone = 'Asia/Tokyo' where id = ${owner.merchantId}`);
    expect(await rollup()).toEqual(await fromRequests());
    await db.execute(sql`delete from review_requests where id = ${second.id}`);
    expect(await rollup()).toEqual(await fromRequests());
    expect(await rollup()).toContainEqual(expect.objectContaining({ opened: 1, reviewed: 1 }));
  });
});

describe('GET /api/insights/products/', () => {
  it('lists the products seen or reviewed in the range with their figures, sorted and paged, and exports them as CSV', async () => {
    const owner = await registerOwner(t);
    const [cupReview] = await seedReviews(t, owner.merchantId, 2, { productId: 'cup', productName: 'Clay cup' });
    await seedReviews(t, owner.merchantId, 1, { productId: 'bowl', productName: 'Bowl, "large"' });
    await insertDatedReviews(handleOf(t), owner.merchantId, [
      { product: 'Old vase', daysAgo: 200, status: 'approved', rating: 5 },
    ]);
    await databaseOf(t).execute(sql`update reviews set status = 'approved', rating = 4 where id = ${cupReview}`);
    const send = (session: string, product: string, types: string[]) =>
      beacon(
        owner.storeId,
        session,
        types.map((type) => ({ type, product_id: product })),
      );
    await send('session-prod-1', 'cup', ['view', 'play', 'add_to_cart']);
    await send('session-prod-2', 'cup', ['view', 'play']);
    await send('session-prod-3', 'cup', ['view']);
    await send('session-prod-4', 'bowl', ['view']);

    const page = (await owner.agent.get('/api/insights/products/').expect(200)).body;
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        product_id: expect.any(String),
        name: 'Clay cup',
        image: null,
        views: 3,
        plays: 2,
        play_rate: 2 / 3,
        conversions: 1,
        conversion_rate: 1 / 3,
        reviews: 2,
        average_rating: 4,
      },
      expect.objectContaining({
        name: 'Bowl, "large"',
        views: 1,
        plays: 0,
        play_rate: 0,
        reviews: 1,
        average_rating: null,
      }),
    ]);
    const byName = (await owner.agent.get('/api/insights/products/?sort=name&page_size=1').expect(200)).body;
    expect(byName.results.map((row: { name: string }) => row.name)).toEqual(['Bowl, "large"']);
    // The next page keeps the range the first one resolved, so it reads the same days after midnight.
    expect(byName.next).toBe(
      `/api/insights/products/?page=2&page_size=1&start=${localDay(29)}&end=${localDay(0)}&sort=name`,
    );
    // The vase's review is older than the range: it shows in a range that holds it.
    const old = (
      await owner.agent.get(`/api/insights/products/?start=${localDay(300)}&end=${localDay(100)}`).expect(200)
    ).body;
    expect(old.results).toEqual([expect.objectContaining({ name: 'Old vase', reviews: 1, views: 0, play_rate: null })]);
    await owner.agent.get('/api/insights/products/?sort=rating').expect(400, /sort/);

    // By average rating, either way: a product with none comes last.
    const names = async (sort: string) =>
      (await owner.agent.get(`/api/insights/products/?sort=${sort}`).expect(200)).body.results.map(
        (row: { name: string; average_rating: number | null }) => [row.name, row.average_rating],
      );
    expect(await names('average_rating')).toEqual([
      ['Clay cup', 4],
      ['Bowl, "large"', null],
    ]);
    await databaseOf(t).execute(
      sql`update reviews set status = 'approved', rating = 5
        where merchant_id = ${owner.merchantId} and product_id = (select id from products where external_id = 'bowl'
          and merchant_id = ${owner.merchantId})`,
    );
    // What a moderation does: the cached pages go.
    await t.app.get(AnalyticsCache).reviewsChanged(owner.merchantId);
    expect(await names('-average_rating')).toEqual([
      ['Bowl, "large"', 5],
      ['Clay cup', 4],
    ]);
    expect(await names('average_rating')).toEqual([
      ['Clay cup', 4],
      ['Bowl, "large"', 5],
    ]);

    const csv = await owner.agent.get('/api/insights/products/export/?sort=-plays').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="insights-products-${localDay(29)}-${localDay(0)}.csv"`,
    );
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('product_id,name,views,plays,play_rate,conversions,conversion_rate,reviews,average_rating');
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},Clay cup,3,2,0\.6666666666666666,1,0\.3333333333333333,2,4$/);
    expect(lines[2]).toMatch(/^[0-9a-f-]{36},"Bowl, ""large""",1,0,0,0,0,1,5$/);
  });
});
