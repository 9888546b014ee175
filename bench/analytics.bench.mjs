// Analytics: a generator that bulk-loads one store to 10 k, 100 k and 1 M reviews (with its widget event rollups)
// in a fresh PostgreSQL database, and each dashboard endpoint's latency at each size: uncached (the store's cache
// versions bumped in Redis before every call) and cached. Goal at 1 M: ≤ 50 ms uncached, ≤ 5 ms cached.
// Needs PostgreSQL: DATABASE_URL, else a local server when one answers; skipped without one. Redis: REDIS_URL, else
// a local server when one answers, else the memory cache (uncached calls are then not measured: nothing outside
// the app can invalidate it). `--load-only` runs the generator alone; BENCH_ANALYTICS_SIZES=10000,100000 other sizes.
// At the last size it adds BENCH_ANALYTICS_EVENTS (10 M) raw widget events over the last 89 days with their rollups
// and BENCH_ANALYTICS_REQUESTS (200 k) review requests sent over the last year (bench/insights-events.mjs), and times
// Insights beside /api/health (goal: uncached p95 ≤ 100 ms, cached p95 ≤ 2× the health check's), a beacon batch
// written with 10 M events in the table, and pruning events past their retention.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { checkInsights, insightsExpectations, loadEvents, loadRequests } from './insights-events.mjs';
import { signIn, signUp, startApp } from './support.mjs';

const SIZES = (process.env.BENCH_ANALYTICS_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const PRODUCTS = 500;
const DAYS = 1096; // three years, today included
const SESSIONS_PER_REVIEW = 3; // widget sessions that saw the widget, per review received
const CART_SHARE = 0.03; // of those sessions, the ones that added to the cart
const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 200_000);
const UNCACHED_CALLS = 20;
const CACHED_CALLS = 1000;
// Cached calls are fast enough that the first hundreds run before the JIT has warmed the path up.
const CACHED_WARMUPS = 300;
const LOAD_ONLY = process.argv.includes('--load-only');
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

const run = Date.now().toString(36);
const email = `analytics-${run}@example.com`;
const database = `vr_bench_analytics_${run}`;
const prefix = `vr-bench-analytics-${run}:`;

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function sizeLabel(n) {
  return n >= 1e6 ? `${n / 1e6} M` : n >= 1e3 ? `${n / 1e3} k` : String(n);
}

const seconds = (ms) => (ms / 1000).toFixed(1);
const oneDecimal = (value) => Math.round(value * 10) / 10;

async function connectPostgres() {
  const url = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return { url, client };
  } catch (error) {
    if (process.env.DATABASE_URL) throw error;
    return null;
  }
}

async function connectRedis() {
  const url = process.env.REDIS_URL ?? LOCAL_REDIS;
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { url, client };
  } catch (error) {
    client.disconnect();
    if (process.env.REDIS_URL) throw error;
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The generator. Everything set-based; the triggers of reviews (counters, rollups) and of the event rollup (store
// totals) are off while loading and the derived tables rebuilt once after each step by review_rollups_rebuild and
// widget_event_store_daily_rebuild, as a real bulk import would.

const PRODUCTS_SQL = `
  insert into products (merchant_id, external_id, name)
  select $1, 'bench-' || lpad(k::text, 3, '0'),
    'Product ' || lpad(k::text, 3, '0') || ' ' ||
      (array['linen shirt', 'cotton tee', 'wool scarf', 'denim jacket', 'canvas tote'])[1 + k % 5]
  from generate_series(1, ${PRODUCTS}) k`;

// Products are picked as 1 + floor(500 r²): product k gets sqrt(k/500) − sqrt((k−1)/500) of the reviews (product 1
// about 4.5 %, product 500 about 0.1 %). Ratings skewed to 4–5; 85 % approved, 10 % pending, 5 % rejected; 2 %
// soft-deleted. `offset 0` keeps each row's random draws evaluated once.
const REVIEWS_SQL = `
  insert into reviews (merchant_id, product_id, status, customer_name, rating, comment, source, verified_purchase,
    created_at, updated_at, status_changed_at, deleted_at, search_text)
  select $1, p.ids[x.k], x.status, x.customer, x.rating, x.comment, 'widget', x.rv < 0.7,
    x.at, x.at, case when x.status <> 'pending' then least(now(), x.at + interval '1 day') end,
    case when x.rd < 0.02 then least(now(), x.at + interval '2 days') end,
    lower(p.names[x.k] || chr(10) || x.customer || chr(10) || x.comment)
  from (
    select array_agg(id order by external_id) as ids, array_agg(name order by external_id) as names
    from products where merchant_id = $1
  ) p, (
    select 1 + floor(${PRODUCTS} * rp * rp)::int as k,
      case when rs < 0.85 then 'approved' when rs < 0.95 then 'pending' else 'rejected' end as status,
      case when rr < 0.04 then 1 when rr < 0.08 then 2 when rr < 0.18 then 3 when rr < 0.43 then 4 else 5 end as rating,
      'Customer ' || (i % 20000) as customer,
      (array['Love it, fits perfectly', 'Good value for the price', 'Arrived quickly, nice fabric',
        'Not what I expected', 'Great quality, would buy again'])[1 + i % 5] as comment,
      rd, rv, at
    from (
      select i, random() as rp, random() as rs, random() as rr, random() as rd, random() as rv,
        now() - random() * interval '${DAYS} days' as at
      from generate_series($2::int, $3::int) i
      offset 0
    ) r
  ) x`;

// One row per product, day and type where that day saw a session: view sessions ≈ ${SESSIONS_PER_REVIEW} per
// review added, spread over the days and over the products like the reviews; plays 35 % and add-to-carts 3 % of
// views. Stochastic rounding (floor(λ + random())) keeps the expected totals exact. Later steps add to the rows.
const EVENTS_SQL = `
  insert into widget_event_daily (merchant_id, product_id, day, type, events, sessions)
  select $1, p.id, d.day, t.type, s.sessions + floor(s.sessions * t.extra * random())::int, s.sessions
  from (select id, row_number() over (order by external_id) as k from products where merchant_id = $1) p
  cross join (select (now() at time zone $3)::date - g as day from generate_series(0, ${DAYS - 1}) g) d
  cross join (values ('view', 1.0, 0.6), ('play', 0.35, 0.3), ('add_to_cart', ${CART_SHARE}, 0.2)) t(type, share, extra)
  cross join lateral (
    select floor($2::float8 * ${SESSIONS_PER_REVIEW} / ${DAYS} * t.share
      * (sqrt(p.k / ${PRODUCTS}.0) - sqrt((p.k - 1) / ${PRODUCTS}.0)) + random())::int as sessions
    offset 0
  ) s
  where s.sessions > 0
  on conflict on constraint widget_event_daily_key do update
    set events = widget_event_daily.events + excluded.events, sessions = widget_event_daily.sessions + excluded.sessions`;

const VACUUM_SQL = `vacuum (analyze) reviews, products, widget_event_daily, widget_event_store_daily, review_counters,
  review_daily, review_product_daily, review_product_monthly`;

/** Grows the store from `from` to `to` reviews; the time of each part, in ms. */
async function grow(db, merchantId, zone, from, to) {
  const times = {};
  const timed = async (part, run) => {
    const started = performance.now();
    const result = await run();
    times[part] = performance.now() - started;
    return result;
  };
  await db.query('select setseed($1)', [from / 1e7]); // reproducible draws, different at each step
  if (from === 0) await db.query(PRODUCTS_SQL, [merchantId]);
  await timed('reviews', async () => {
    await db.query('begin');
    await db.query('alter table reviews disable trigger user');
    await db.query(REVIEWS_SQL, [merchantId, from + 1, to]);
    await db.query('alter table reviews enable trigger user');
    await db.query('commit');
  });
  const events = await timed('events', async () => {
    await db.query('begin');
    await db.query('alter table widget_event_daily disable trigger user');
    const inserted = await db.query(EVENTS_SQL, [merchantId, to - from, zone]);
    await db.query('alter table widget_event_daily enable trigger user');
    await db.query('select widget_event_store_daily_rebuild($1)', [merchantId]);
    await db.query('select insights_rollups_rebuild($1)', [merchantId]);
    await db.query('commit');
    return inserted;
  });
  await timed('rebuild', () => db.query('select review_rollups_rebuild($1)', [merchantId]));
  await timed('analyze', () => db.query(VACUUM_SQL));
  return { ...times, eventRows: events.rowCount };
}

// ---------------------------------------------------------------------------------------------------------------
// What each endpoint must answer, computed from the reviews themselves (not the rollups the server reads), so a
// broken endpoint is never reported as fast.

async function expectations(db, merchantId, zone) {
  const one = async (text, params) => (await db.query(text, params)).rows[0];
  const { today } = await one('select (now() at time zone $1)::date::text as today', [zone]);
  const totals = await one(
    `select count(*) filter (where deleted_at is null)::int as total,
       count(*) filter (where deleted_at is null and status = 'pending')::int as pending,
       (avg(rating) filter (where deleted_at is null and status = 'approved'))::float8 as average
     from reviews where merchant_id = $1`,
    [merchantId],
  );
  const perDay = new Map(
    (
      await db.query(
        `select (created_at at time zone $2)::date::text as day, count(*)::int as reviews from reviews
         where merchant_id = $1 and deleted_at is null group by 1`,
        [merchantId, zone],
      )
    ).rows.map((row) => [row.day, row.reviews]),
  );
  const top = {};
  for (const days of [30, 365]) {
    const { rows } = await db.query(
      `select p.id as product_id, count(*)::int as reviews from reviews r join products p on p.id = r.product_id
       where r.merchant_id = $1 and r.deleted_at is null
         and (r.created_at at time zone $2)::date between $3::date - $4::int + 1 and $3::date
       group by p.id, p.name order by 2 desc, p.name, p.id limit 10`,
      [merchantId, zone, today, days],
    );
    top[days] = rows;
  }
  const sessions = await one(
    `select coalesce(sum(sessions) filter (where type = 'view'), 0)::int as views,
       coalesce(sum(sessions) filter (where type = 'add_to_cart'), 0)::int as carts
     from widget_event_daily where merchant_id = $1 and day between $2::date - 29 and $2::date`,
    [merchantId, today],
  );
  const conversion = sessions.views ? Math.min(100, (sessions.carts / sessions.views) * 100) : 0;
  return { today, ...totals, perDay, top, conversion: oneDecimal(conversion) };
}

function addDays(day, days) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function same(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, answered ${JSON.stringify(actual)}`);
  }
}

function activityCheck(days, interval) {
  return (body, e) => {
    const start = addDays(e.today, 1 - days);
    const counts = new Map();
    for (const [day, reviews] of e.perDay) {
      if (day < start || day > e.today) continue;
      const bucket = interval === 'day' ? day : `${day.slice(0, 7)}-01`;
      counts.set(bucket, (counts.get(bucket) ?? 0) + reviews);
    }
    same([body.days, body.interval], [days, interval], 'review_activity period');
    if (interval === 'day') same(body.results.length, days, 'review_activity points');
    same(
      body.results.at(-1).date.slice(0, interval === 'day' ? 10 : 7),
      e.today.slice(0, interval === 'day' ? 10 : 7),
      'last point',
    );
    for (const point of body.results) same(point.reviews, counts.get(point.date) ?? 0, `reviews on ${point.date}`);
    same(
      body.results.reduce((sum, point) => sum + point.reviews, 0),
      [...counts.values()].reduce((sum, n) => sum + n, 0),
      'reviews in the period',
    );
  };
}

function topCheck(days) {
  return (body, e) => {
    same(body.days, days, 'top_products period');
    same(
      body.results.map((row) => ({ product_id: row.product_id, reviews: row.reviews })),
      e.top[days],
      `top products over ${days} days`,
    );
  };
}

const ENDPOINTS = [
  {
    path: '/api/analytics/dashboard_metrics/?days=30',
    check(body, e) {
      same(
        [body.days, body.total_reviews, body.pending_reviews, body.conversion_rate],
        [30, e.total, e.pending, e.conversion],
        'days, total_reviews, pending_reviews, conversion_rate',
      );
      if (Math.abs(body.average_rating - e.average) > 0.05 + 1e-9) {
        throw new Error(`average_rating ${body.average_rating}, expected ${e.average}`);
      }
      for (const trend of ['total_reviews', 'pending_reviews', 'average_rating', 'conversion_rate']) {
        if (!['up', 'down', 'none'].includes(body[`${trend}_trend`]?.direction)) throw new Error(`no ${trend}_trend`);
      }
    },
  },
  { path: '/api/analytics/review_activity/?days=30', check: activityCheck(30, 'day') },
  { path: '/api/analytics/review_activity/?days=365', check: activityCheck(365, 'month') },
  { path: '/api/analytics/top_products/?days=30&limit=10', check: topCheck(30) },
  { path: '/api/analytics/top_products/?days=365&limit=10', check: topCheck(365) },
];

/** One call timed on this side (keep-alive), its answer checked afterwards; ms. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET on a kept-alive connection, timed to the answer's last byte, Brotli-compressed as browsers ask for it. The
 * body is decompressed after the clock stops: fetch() would do it on Node's thread pool inside the timing, and that is
 * the client's time, not the server's.
 */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers: { ...headers, 'accept-encoding': 'br' } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode, text: body.toString('utf8'), ms });
        });
      })
      .on('error', reject);
  });
}

async function call(url, endpoint, headers, expected) {
  const { status, text, ms } = await get(`${url}${endpoint.path}`, headers);
  if (status !== 200) throw new Error(`GET ${endpoint.path} answered ${status}: ${text.slice(0, 300)}`);
  try {
    endpoint.check(JSON.parse(text), expected);
  } catch (error) {
    throw new Error(`GET ${endpoint.path}: ${error.message}`, { cause: error });
  }
  return ms;
}

/** SCAN, not KEYS: the Redis may be shared. */
async function keysOf(client, match) {
  const keys = [];
  for await (const batch of client.scanStream({ match, count: 1000 })) keys.push(...batch);
  return keys;
}

function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { p50: at(0.5), p95: at(0.95) };
}

// ---------------------------------------------------------------------------------------------------------------
// Insights at the last size, with EVENTS raw widget events.

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

async function insightsPart(merchantId, zone) {
  console.log(`\n### Insights: ${EVENTS.toLocaleString('en')} raw widget events over the last 89 days\n`);
  const loaded = await loadEvents(db, merchantId, zone, EVENTS);
  console.log(
    `${loaded.rows.toLocaleString('en')} raw events of ${loaded.sessions.toLocaleString('en')} sessions: inserted in ${seconds(loaded.insertMs)} s, rollups derived in ${seconds(loaded.rollupMs)} s, VACUUM ANALYZE ${seconds(loaded.analyzeMs)} s\n`,
  );
  const requestsMs = await loadRequests(db, merchantId, REQUESTS);
  console.log(`${REQUESTS.toLocaleString('en')} review requests sent over the last year: ${seconds(requestsMs)} s\n`);
  console.log('| table | rows (estimate) | size MB (with indexes) | per 10 M raw events |');
  console.log('|---|---|---|---|');
  for (const table of loaded.sizes) {
    const per10M = table.name === 'widget_events' ? `${mb((table.bytes / loaded.rows) * 1e7)} MB` : '';
    console.log(`| ${table.name} | ${Number(table.rows).toLocaleString('en')} | ${mb(table.bytes)} | ${per10M} |`);
  }
  const { rows: database } = await db.query('select pg_database_size(current_database())::float8 as bytes');
  console.log(`\nWhole database: ${mb(database[0].bytes)} MB`);

  const expected = {
    30: await insightsExpectations(db, merchantId, zone, 30),
    365: await insightsExpectations(db, merchantId, zone, 365),
  };
  const headers = { authorization: `JWT ${(await signIn(app.url, email)).access}` };
  const endpoints = [
    { path: '/api/health', check: () => undefined, baseline: true },
    // The cheapest signed-in call (the session's stamp checked in Redis): what any dashboard answer costs at least.
    { path: '/api/auth/users/me/', check: () => undefined, baseline: true },
    { path: '/api/insights/?days=30', check: (body) => checkInsights(body, expected[30]) },
    { path: '/api/insights/?days=365', check: (body) => checkInsights(body, expected[365]) },
    {
      path: '/api/insights/products/?days=365&sort=-plays',
      check(body) {
        const plays = body.results.map((row) => row.plays);
        if (!body.count || plays.some((n, i) => i && n > plays[i - 1]))
          throw new Error(`not sorted by plays: ${plays}`);
      },
    },
  ];
  const versions = ['reviews', 'events', 'requests'].map((kind) => `${prefix}ver:analytics:${kind}:${merchantId}`);
  const rows = [];
  for (const endpoint of endpoints) {
    let uncached = null;
    if (redis && !endpoint.baseline) {
      const ms = [];
      for (let i = 0; i < 3 + UNCACHED_CALLS; i++) {
        await redis.client.multi().incr(versions[0]).incr(versions[1]).incr(versions[2]).exec();
        const took = await call(app.url, endpoint, headers, null);
        if (i >= 3) ms.push(took);
      }
      uncached = percentiles(ms);
    }
    for (let i = 0; i < CACHED_WARMUPS; i++) await call(app.url, endpoint, headers, null);
    const ms = [];
    for (let i = 0; i < CACHED_CALLS; i++) ms.push(await call(app.url, endpoint, headers, null));
    rows.push({ path: endpoint.path, uncached, cached: percentiles(ms) });
  }

  // The write path with 10 M events in the table: a new session's batch (view, play, a quarter) as the widget sends
  // it, through the real endpoint, each from its own address.
  const { rows: reviewRows } = await db.query(
    `select r.id, p.external_id as product from reviews r join products p on p.id = r.product_id
     where r.merchant_id = $1 and r.status = 'approved' and r.deleted_at is null limit 1`,
    [merchantId],
  );
  const [{ id: reviewId, product }] = reviewRows;
  const beacons = [];
  for (let i = 0; i < 3 + UNCACHED_CALLS * 5; i++) {
    const body = JSON.stringify({
      merchant_id: merchantId,
      session_id: `bench-beacon-${run}-${i}`,
      events: [
        { type: 'view', product_id: product },
        { type: 'play', product_id: product, review_id: reviewId },
        { type: 'watched_25', product_id: product, review_id: reviewId },
      ],
    });
    const started = performance.now();
    const res = await fetch(`${app.url}/api/widgets/events/`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
      body,
    });
    const answer = await res.json();
    if (res.status !== 202 || answer.recorded !== 3)
      throw new Error(`beacon answered ${res.status} ${JSON.stringify(answer)}`);
    if (i >= 3) beacons.push(performance.now() - started);
  }
  rows.push({
    path: 'POST /api/widgets/events/ (view, play, quarter; new session)',
    uncached: percentiles(beacons),
    cached: null,
  });

  const [health, signedIn] = [rows[0].cached, rows[1].cached];
  console.log(
    `\n| call | uncached p50 | uncached p95 | cached p50 | cached p95 | cached p95 ÷ /api/health p95 | ÷ signed-in floor p95 |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  const ms = (value) => (value === undefined ? '—' : value.toFixed(2));
  const times = (of, base) => (of ? `×${(of.p95 / base.p95).toFixed(2)}` : '—');
  const misses = [];
  for (const row of rows) {
    console.log(
      `| ${row.path.startsWith('POST') ? row.path : `GET ${row.path}`} | ${ms(row.uncached?.p50)} | ${ms(row.uncached?.p95)} | ${ms(row.cached?.p50)} | ${ms(row.cached?.p95)} | ${times(row.cached, health)} | ${times(row.cached, signedIn)} |`,
    );
    if (!row.path.startsWith('/api/insights')) continue;
    if (row.uncached && row.uncached.p95 > 100)
      misses.push(`${row.path} uncached p95 ${row.uncached.p95.toFixed(1)} ms`);
    if (row.cached.p95 > 2 * health.p95)
      misses.push(`${row.path} cached p95 ×${(row.cached.p95 / health.p95).toFixed(2)}`);
  }
  console.log(
    `\nGoal: uncached p95 ≤ 100 ms, cached p95 ≤ 2× /api/health's${redis ? '' : ' (uncached not measured with the memory cache)'}: ${misses.length ? `missed by ${misses.join('; ')}` : 'met by every Insights call'}`,
  );

  // Pruning: a million events aged past the 90-day retention, deleted as the hourly job does (10,000 a statement).
  await db.query(
    `update widget_events set at = at - interval '95 days'
     where id in (select id from widget_events where merchant_id = $1 limit 1000000)`,
    [merchantId],
  );
  const pruneStarted = performance.now();
  let pruned = 0;
  let statements = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `delete from widget_events where id in (
         select id from widget_events where merchant_id = $1 and at < now() - interval '90 days' order by at limit 10000)`,
      [merchantId],
    );
    pruned += rowCount;
    statements += 1;
    if (rowCount < 10000) break;
  }
  const pruneMs = performance.now() - pruneStarted;
  console.log(
    `\nPruning ${pruned.toLocaleString('en')} events past the 90-day retention: ${seconds(pruneMs)} s in ${statements} statements (${(pruneMs / statements).toFixed(0)} ms each, ${Math.round(pruned / (pruneMs / 1000)).toLocaleString('en')} events/s)`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

const postgres = await connectPostgres();
if (!postgres) {
  console.log(`Skipped: this bench needs PostgreSQL (set DATABASE_URL; nothing answers at ${LOCAL_POSTGRES}).`);
  process.exit(0);
}
const redis = await connectRedis();
const admin = postgres.client;
await admin.query(`create database "${database}"`);
const databaseUrl = withDatabase(postgres.url, database);
const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-analytics-'));
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_KEY_PREFIX: prefix,
  // Beacons below come from many addresses, as shoppers' would.
  TRUST_PROXY: 'true',
  ...(redis && { REDIS_URL: redis.url }),
};
let app;
let db;
const benchStarted = performance.now();
try {
  app = await startApp(env, dataDir);
  const user = await signUp(app, email);
  const merchantId = user.merchant.id;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: about } = await db.query(
    `select current_setting('server_version') as version, coalesce(timezone, 'UTC') as zone from merchants where id = $1`,
    [merchantId],
  );
  const zone = about[0].zone;
  console.log(
    `PostgreSQL ${about[0].version} (fresh database ${database}) + ${redis ? `Redis at ${redis.url}` : 'memory cache (no Redis answered)'}; one store, ${PRODUCTS} products, reviews over the last ${DAYS} days (time zone ${zone})`,
  );

  const steps = [];
  const latency = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, []]));
  let loaded = 0;
  for (const size of SIZES) {
    const step = await grow(db, merchantId, zone, loaded, size);
    steps.push({ size, added: size - loaded, ...step });
    loaded = size;
    if (LOAD_ONLY) continue;

    const expected = await expectations(db, merchantId, zone);
    if (!redis) {
      // The memory cache still holds the last size's answers: a fresh process starts it empty.
      await app.stop();
      app = await startApp(env, dataDir);
    }
    // Access tokens live 15 minutes; a 1 M load can take longer than that.
    const headers = { authorization: `JWT ${(await signIn(app.url, email)).access}` };
    const versions = [`${prefix}ver:analytics:reviews:${merchantId}`, `${prefix}ver:analytics:events:${merchantId}`];
    const bump = () => redis.client.multi().incr(versions[0]).incr(versions[1]).exec();
    for (const endpoint of ENDPOINTS) {
      let uncached = null;
      if (redis) {
        const ms = [];
        for (let i = 0; i < 3 + UNCACHED_CALLS; i++) {
          await bump();
          const took = await call(app.url, endpoint, headers, expected);
          if (i >= 3) ms.push(took);
        }
        uncached = percentiles(ms);
        // The answer just computed must be stored under the version bumped above: otherwise these calls were
        // not uncached (a key layout this bench does not know), and the figures would mean nothing.
        const keys = await keysOf(redis.client, `${prefix}analytics:*`);
        const current = Number(await redis.client.get(versions[0]));
        const stamps = await Promise.all(keys.map(async (key) => JSON.parse(await redis.client.get(key))?.v));
        if (!keys.length || !stamps.includes(current)) {
          throw new Error(`no answer cached under ${prefix}analytics:* with version ${current}: keys ${keys}`);
        }
      }
      for (let i = 0; i < CACHED_WARMUPS; i++) await call(app.url, endpoint, headers, expected);
      const ms = [];
      for (let i = 0; i < CACHED_CALLS; i++) ms.push(await call(app.url, endpoint, headers, expected));
      latency.get(endpoint.path).push({ size, uncached, cached: percentiles(ms) });
    }
  }

  console.log('\n### Generator (one store grown step by step; triggers off, rollups rebuilt, VACUUM ANALYZE)\n');
  console.log(
    '| step | reviews added | reviews insert s | reviews/s | event rollup rows upserted | events s | review_rollups_rebuild s | vacuum analyze s | step s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let from = 0;
  for (const s of steps) {
    const total = s.reviews + s.events + s.rebuild + s.analyze;
    console.log(
      `| ${sizeLabel(from)} → ${sizeLabel(s.size)} | ${s.added.toLocaleString('en')} | ${seconds(s.reviews)} | ${Math.round(s.added / (s.reviews / 1000)).toLocaleString('en')} | ${s.eventRows.toLocaleString('en')} | ${seconds(s.events)} | ${seconds(s.rebuild)} | ${seconds(s.analyze)} | ${seconds(total)} |`,
    );
    from = s.size;
  }
  const insertMs = steps.reduce((sum, s) => sum + s.reviews, 0);
  const allMs = steps.reduce((sum, s) => sum + s.reviews + s.events + s.rebuild + s.analyze, 0);
  console.log(
    `\nLoading ${sizeLabel(loaded)} reviews: ${seconds(insertMs)} s of inserts (${Math.round(loaded / (insertMs / 1000)).toLocaleString('en')} reviews/s), ${seconds(allMs)} s with events, rollup rebuilds and VACUUM ANALYZE`,
  );

  if (!LOAD_ONLY) {
    const last = SIZES.at(-1);
    console.log(
      `\n### Latency (ms, client side, keep-alive; uncached: ${UNCACHED_CALLS} calls after 3 warm-ups, cache versions bumped before each, so p95 is the slowest; cached: ${CACHED_CALLS} calls after ${CACHED_WARMUPS} warm-ups)\n`,
    );
    console.log('| endpoint | reviews | uncached p50 | uncached p95 | cached p50 | cached p95 |');
    console.log('|---|---|---|---|---|---|');
    const ms = (value) => (value === undefined ? 'not measured' : value.toFixed(1));
    const misses = [];
    for (const [path, rows] of latency) {
      for (const row of rows) {
        console.log(
          `| GET ${path} | ${sizeLabel(row.size)} | ${ms(row.uncached?.p50)} | ${ms(row.uncached?.p95)} | ${ms(row.cached.p50)} | ${ms(row.cached.p95)} |`,
        );
      }
      const first = rows[0];
      const end = rows.at(-1);
      if (rows.length > 1) {
        const ratio = (a, b) => (a === undefined ? '—' : `×${(a / b).toFixed(2)}`);
        console.log(
          `| ↳ growth | ${sizeLabel(end.size)} ÷ ${sizeLabel(first.size)} | ${ratio(end.uncached?.p50, first.uncached?.p50)} | ${ratio(end.uncached?.p95, first.uncached?.p95)} | ${ratio(end.cached.p50, first.cached.p50)} | ${ratio(end.cached.p95, first.cached.p95)} |`,
        );
      }
      if (end.uncached && end.uncached.p95 > 50) misses.push(`${path} uncached p95 ${end.uncached.p95.toFixed(1)} ms`);
      if (end.cached.p95 > 5) misses.push(`${path} cached p95 ${end.cached.p95.toFixed(1)} ms`);
    }
    console.log(
      `\nGoal at ${sizeLabel(last)}: ≤ 50 ms uncached, ≤ 5 ms cached (read here at p95)${redis ? '' : '; uncached not measured with the memory cache'}: ${misses.length ? `missed by ${misses.join('; ')}` : 'met by every endpoint'}`,
    );
  }
  if (!LOAD_ONLY && EVENTS > 0) await insightsPart(merchantId, zone);
  console.log(`\nWhole bench: ${seconds(performance.now() - benchStarted)} s`);
} finally {
  await db?.end();
  await app?.stop();
  if (redis) {
    const keys = await keysOf(redis.client, `${prefix}*`);
    if (keys.length) await redis.client.del(...keys);
    redis.client.disconnect();
  }
  // BENCH_ANALYTICS_KEEP=1 leaves the loaded database for EXPLAIN sessions (its name is printed at the start).
  if (!process.env.BENCH_ANALYTICS_KEEP) await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
