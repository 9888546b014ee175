// The Insights part of `npm run bench analytics` (issue 27): raw widget events for one store, generated set-based
// over the last 89 days as the widget would send them (a view, then for some sessions a play of one review, the
// quarters watched, unmute, full screen, an add to cart), the rollups derived from them as the server keeps them on
// write, and the figures each Insights answer must hold, computed from the raw events.

// Per session: played 35 %; of plays, quarters reached 80/60/45/35 %, unmute 20 %, full screen 5 %; add to cart
// 6 % after a play, 3 % without. About 2.25 events a session.
const EVENTS_PER_SESSION = 2.2475;
const SESSIONS_PER_STATEMENT = 500_000;
const WATCHED_REVIEWS = 2000;

const EVENTS_SQL = `
  insert into widget_events (merchant_id, product_id, session_id, type, review_id, at)
  select $1, p.ids[s.k], 'bench-' || s.i, e.type,
    case when e.type not in ('view', 'add_to_cart') then r.ids[s.rv] end, s.at + e.n * interval '10 seconds'
  from (select array_agg(id order by external_id) as ids from products where merchant_id = $1) p,
    (select array_agg(id order by id) as ids from (
      select id from reviews where merchant_id = $1 and status = 'approved' and deleted_at is null
      order by id limit ${WATCHED_REVIEWS}) x) r,
    (select i, 1 + floor(500 * rp * rp)::int as k, 1 + floor(${WATCHED_REVIEWS} * rr)::int as rv,
        now() - interval '1 hour' - random() * interval '89 days' as at, a, b, c
      from (select i, random() as rp, random() as rr, random() as a, random() as b, random() as c
        from generate_series($2::int, $3::int) i offset 0) g) s
  cross join lateral (
    select n, type from (values
      (0, 'view', true),
      (1, 'play', s.a < 0.35),
      (2, 'watched_25', s.a < 0.35 * 0.8),
      (3, 'watched_50', s.a < 0.35 * 0.6),
      (4, 'watched_75', s.a < 0.35 * 0.45),
      (5, 'watched_100', s.a < 0.35 * 0.35),
      (6, 'unmute', s.a < 0.35 and s.b < 0.2),
      (7, 'fullscreen', s.a < 0.35 and s.b < 0.05),
      (8, 'add_to_cart', s.c < case when s.a < 0.35 then 0.06 else 0.03 end)
    ) v(n, type, keep) where keep
  ) e`;

/** What `WidgetEventsRepository.record` keeps on write, derived here from the raw events in one pass each. */
const ROLLUP_SQL = [
  `insert into widget_event_daily (merchant_id, product_id, day, type, events, sessions)
   select $1, product_id, (at at time zone $2)::date, type, count(*), count(distinct session_id)
   from widget_events where merchant_id = $1 group by 2, 3, 4
   on conflict on constraint widget_event_daily_key do update
     set events = widget_event_daily.events + excluded.events, sessions = widget_event_daily.sessions + excluded.sessions`,
  `insert into review_engagement_daily (merchant_id, day, review_id, type, events, sessions)
   select $1, (at at time zone $2)::date, review_id, type, count(*), count(distinct session_id)
   from widget_events where merchant_id = $1 and review_id is not null group by 2, 3, 4`,
  `insert into widget_session_outcome_daily (merchant_id, day, played, carted, purchased, sessions)
   select $1, day, played, carted, purchased, count(*) from (
     select (min(at) filter (where type = 'view') at time zone $2)::date as day, bool_or(type = 'play') as played,
       bool_or(type = 'add_to_cart') as carted, bool_or(type = 'purchase') as purchased
     from widget_events where merchant_id = $1 group by session_id
   ) s where day is not null group by 2, 3, 4, 5`,
];

/** Loads about `total` raw events and their rollups; the time of each part (ms), the rows and the sizes. */
export async function loadEvents(db, merchantId, zone, total, log = () => undefined) {
  const sessions = Math.round(total / EVENTS_PER_SESSION);
  const started = performance.now();
  let rows = 0;
  for (let from = 1; from <= sessions; from += SESSIONS_PER_STATEMENT) {
    const to = Math.min(sessions, from + SESSIONS_PER_STATEMENT - 1);
    rows += (await db.query(EVENTS_SQL, [merchantId, from, to])).rowCount;
    log(`  ${rows.toLocaleString('en')} raw events`);
  }
  const insertMs = performance.now() - started;
  const rollupStarted = performance.now();
  await db.query('begin');
  // The rollups' own triggers (store totals, monthly rows) off while loading, their tables rebuilt once after.
  await db.query('alter table widget_event_daily disable trigger user');
  await db.query('alter table review_engagement_daily disable trigger user');
  for (const statement of ROLLUP_SQL) await db.query(statement, [merchantId, zone]);
  await db.query('alter table widget_event_daily enable trigger user');
  await db.query('alter table review_engagement_daily enable trigger user');
  await db.query('select widget_event_store_daily_rebuild($1)', [merchantId]);
  await db.query('select insights_rollups_rebuild($1)', [merchantId]);
  await db.query('commit');
  const rollupMs = performance.now() - rollupStarted;
  const analyzeStarted = performance.now();
  await db.query(
    `vacuum (analyze) widget_events, widget_event_daily, widget_event_store_daily, review_engagement_daily,
      review_engagement_store_daily, review_engagement_monthly, widget_event_product_monthly, widget_session_outcome_daily,
      review_rating_daily`,
  );
  const analyzeMs = performance.now() - analyzeStarted;
  const { rows: sizes } = await db.query(
    `select relname as name, pg_total_relation_size(oid)::float8 as bytes,
       (select reltuples::bigint from pg_class c2 where c2.oid = c.oid) as rows
     from pg_class c where relname in ('widget_events', 'widget_event_daily', 'widget_event_store_daily',
       'widget_event_product_monthly', 'review_engagement_daily', 'review_engagement_store_daily',
       'review_engagement_monthly', 'widget_session_outcome_daily', 'review_rating_daily') order by 1`,
  );
  return { sessions, rows, insertMs, rollupMs, analyzeMs, sizes };
}

/**
 * Review requests a busy store sent over the last year (`count`), each with one product: 45 % opened, 12 % reviewed,
 * as the sender and the review page leave them. The funnel reads them.
 */
export async function loadRequests(db, merchantId, count) {
  const started = performance.now();
  await db.query(
    `insert into review_requests (merchant_id, order_external_id, dedupe_key, customer_email, locale, source, status,
       token_hash, token_sealed, expires_at, steps_sent, sent_at, last_sent_at, opened_at, reviewed_at)
     select $1, 'bench-order-' || i, 'bench-order-' || i, 'buyer-' || i || '@example.com', 'en', 'platform',
       case when o < 0.12 then 'reviewed' when o < 0.45 then 'opened' else 'sent' end,
       'bench-request-' || i, 'sealed', at + interval '90 days', 1, at, at,
       case when o < 0.45 then at + interval '1 day' end, case when o < 0.12 then at + interval '2 days' end
     from (select i, random() as o, now() - interval '3 days' - random() * interval '360 days' as at
       from generate_series(1, $2::int) i) g`,
    [merchantId, count],
  );
  await db.query('vacuum (analyze) review_requests');
  return performance.now() - started;
}

/** What Insights must answer for the last `days` days, from the raw events and the reviews. */
export async function insightsExpectations(db, merchantId, zone, days) {
  const { rows: todayRows } = await db.query('select (now() at time zone $1)::date::text as today', [zone]);
  const today = todayRows[0].today;
  const { rows: outcomes } = await db.query(
    `select played, count(*)::int as sessions, count(*) filter (where carted)::int as conversions from (
       select (min(at) filter (where type = 'view') at time zone $2)::date as day, bool_or(type = 'play') as played,
         bool_or(type = 'add_to_cart') as carted
       from widget_events where merchant_id = $1 group by session_id
     ) s where day between $3::date - $4::int + 1 and $3::date group by 1`,
    [merchantId, zone, today, days],
  );
  const group = (played) => outcomes.find((row) => row.played === played) ?? { sessions: 0, conversions: 0 };
  const { rows: watched } = await db.query(
    `select review_id, count(distinct (session_id, (at at time zone $2)::date))::int as plays
     from widget_events where merchant_id = $1 and type = 'play' and review_id is not null
       and (at at time zone $2)::date between $3::date - $4::int + 1 and $3::date
     group by 1 order by 2 desc, 1 limit 10`,
    [merchantId, zone, today, days],
  );
  const { rows: ratings } = await db.query(
    `select rating, count(*)::int as reviews from reviews
     where merchant_id = $1 and deleted_at is null and status <> 'rejected'
       and (created_at at time zone $2)::date between $3::date - $4::int + 1 and $3::date
     group by 1 order by 1`,
    [merchantId, zone, today, days],
  );
  const { rows: funnel } = await db.query(
    `select count(*)::int as sent, count(opened_at)::int as opened, count(reviewed_at)::int as reviewed
     from review_requests where merchant_id = $1
       and (sent_at at time zone $2)::date between $3::date - $4::int + 1 and $3::date`,
    [merchantId, zone, today, days],
  );
  return {
    funnel: funnel[0],
    watched: group(true),
    viewed: group(false),
    mostWatched: watched.map((row) => ({ review_id: row.review_id, plays: row.plays })),
    ratings: [1, 2, 3, 4, 5].map((star) => ratings.find((row) => row.rating === star)?.reviews ?? 0),
  };
}

/** Throws unless `body` (GET /api/insights/) holds what `expected` computed from the raw data. */
export function checkInsights(body, expected) {
  const same = (actual, wanted, what) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
      throw new Error(`${what}: expected ${JSON.stringify(wanted)}, answered ${JSON.stringify(actual)}`);
    }
  };
  same(
    [body.lift.watched.sessions, body.lift.watched.conversions],
    [expected.watched.sessions, expected.watched.conversions],
    'lift: sessions that played, and their conversions',
  );
  same(
    [body.lift.viewed.sessions, body.lift.viewed.conversions],
    [expected.viewed.sessions, expected.viewed.conversions],
    'lift: sessions that only saw the widget, and their conversions',
  );
  same(
    body.most_watched.map((row) => ({ review_id: row.review_id, plays: row.plays })),
    expected.mostWatched,
    'most-watched reviews',
  );
  same(
    ['sent', 'opened', 'reviewed'].map((step) => body.funnel.reduce((sum, week) => sum + week[step], 0)),
    [expected.funnel.sent, expected.funnel.opened, expected.funnel.reviewed],
    'the request funnel over the range',
  );
  same(
    body.ratings.reduce((sum, week) => sum.map((n, i) => n + week.counts[i]), [0, 0, 0, 0, 0]),
    expected.ratings,
    'ratings by star over the range',
  );
}
