// The data of `npm run bench scale`, loaded set-based into a migrated database: stores (owner, workspace, store, widget
// settings, an API key), their catalogue and published reviews, raw widget events with their rollups, and one due
// review request per store. As bench/analytics.bench.mjs does for one store, the row triggers are off while loading and
// the derived tables rebuilt after, with the database's own rebuild functions. Store `rank` 1 is the most popular.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ROOT } from './support.mjs';

const dist = (path) => import(join(ROOT, 'dist/api/server', path));
// The app's own hashing and sealing, loaded at once: a build running meanwhile would rewrite the files.
const [{ hashApiKey }, { SecretBox }, { newRequestToken, TOKEN_SEAL_CONTEXT }] = await Promise.all([
  dist('auth/api-key-sessions.js'),
  dist('common/secret-box.js'),
  dist('review-requests/request-token.js'),
]);

/** The store's public id, as the widget's snippet names it. */
export const storeIdOf = (rank) => `vrscale${String(rank).padStart(9, '0')}`;
export const productIdOf = (k) => `p-${k}`;
/** The store's API key (reviews:read and analytics:read): derived from its rank, so the bench needs no list of them. */
export const apiKeyOf = (rank) => `vr_${createHash('sha256').update(`scale-key-${rank}`).digest('base64url')}`;

const COMMENTS = [
  'Love it, fits perfectly and the colour is exactly as in the pictures.',
  'Good value for the price. Shipping took a few days but it was worth the wait.',
  'Arrived quickly, nice fabric, I ordered a second one for my sister.',
  'Not what I expected from the video, the size runs a little small.',
  'Great quality, would buy again. The video shows how it looks in daylight.',
  'Comfortable for a whole day out; washed it twice and it still looks new.',
];
const sqlText = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/** Runs `statement`, timed; ms. */
async function timed(db, statement, params) {
  const started = performance.now();
  await db.query(statement, params);
  return performance.now() - started;
}

/**
 * `stores` stores with `products` products and `reviews` published reviews each (a product drawn as 1 + ⌊P·r²⌋, so
 * the first products collect most reviews; 40 % with a video, 30 % a photo, the rest text; over the last year). Leaves
 * the temporary table `scale_stores` (rank, merchant_id, user_id) on `db`'s session. Answers each part's ms.
 */
export async function seedStores(db, { stores, products, reviews }, log) {
  const ranks = Array.from({ length: stores }, (_, i) => i + 1);
  const times = {};
  await db.query(`create temp table scale_stores as
    select i as rank, gen_random_uuid() as user_id, gen_random_uuid() as workspace_id, gen_random_uuid() as merchant_id
    from generate_series(1, ${stores}) i`);
  await db.query('alter table scale_stores add primary key (rank)');
  times.accounts = await timed(
    db,
    `with s as (select * from scale_stores),
      u as (insert into users (id, email, password_hash, first_name, last_name)
        select user_id, 'owner-' || rank || '@scale.example', 'no password: the bench uses API keys', 'Owner', rank::text
        from s),
      w as (insert into workspaces (id, name) select workspace_id, 'Scale store ' || rank from s),
      m as (insert into merchants (id, workspace_id, store_name, store_id, currency)
        select merchant_id, workspace_id, 'Scale store ' || rank, ($1::text[])[rank], 'USD' from s)
    insert into memberships (workspace_id, user_id, role) select workspace_id, user_id, 'owner' from s`,
    [ranks.map(storeIdOf)],
  );
  times.accounts += await timed(db, 'insert into widget_settings (merchant_id) select merchant_id from scale_stores');
  times.accounts += await timed(
    db,
    `insert into api_keys (merchant_id, name, prefix, secret_hash, scopes, created_by)
     select merchant_id, 'Scale bench', left(k.key, 11), k.hash, array['reviews:read', 'analytics:read'], user_id
     from scale_stores s join unnest($1::text[], $2::text[]) with ordinality k(key, hash, n) on k.n = s.rank`,
    [ranks.map(apiKeyOf), ranks.map((rank) => hashApiKey(apiKeyOf(rank)))],
  );
  log(`  ${stores.toLocaleString('en')} owners, stores, widget settings and API keys`);
  times.products = await timed(
    db,
    `insert into products (merchant_id, external_id, name, price_amount, currency, url, image_url, source)
     select s.merchant_id, 'p-' || k,
       'Product ' || k || ' ' || (array['linen shirt', 'cotton tee', 'wool scarf', 'denim jacket', 'canvas tote'])[1 + k % 5],
       1900 + 100 * k, 'USD', 'https://store-' || s.rank || '.example/products/p-' || k,
       'https://store-' || s.rank || '.example/images/p-' || k || '.jpg', 'platform'
     from scale_stores s cross join generate_series(1, ${products}) k`,
  );
  log(`  ${(stores * products).toLocaleString('en')} products`);

  times.reviews = 0;
  await db.query('begin');
  await db.query('alter table reviews disable trigger user');
  const chunk = Math.max(1, Math.floor(200_000 / reviews));
  for (let from = 1; from <= stores; from += chunk) {
    const to = Math.min(stores, from + chunk - 1);
    times.reviews += await timed(
      db,
      `insert into reviews (merchant_id, product_id, status, customer_name, rating, comment, video_key, thumbnail_key,
         photo_key, source, verified_purchase, created_at, updated_at, status_changed_at, search_text)
       select x.merchant_id, p.id, 'approved', x.customer, x.rating, x.comment,
         case when x.rm < 0.4 then 'reviews/' || x.file || '-video.mp4' end,
         case when x.rm < 0.4 then 'reviews/' || x.file || '-poster.jpg' end,
         case when x.rm >= 0.4 and x.rm < 0.7 then 'reviews/' || x.file || '-photo.jpg' end,
         'widget', x.rv < 0.7, x.at, x.at, x.at + interval '1 hour',
         lower(p.name || chr(10) || x.customer || chr(10) || x.comment)
       from (
         select merchant_id, 1 + floor(${products} * rp * rp)::int as k, rm, rv, at, file,
           case when rr < 0.04 then 1 when rr < 0.08 then 2 when rr < 0.18 then 3 when rr < 0.43 then 4 else 5 end as rating,
           (array['Ana', 'Ben', 'Carla', 'Diego', 'Emma', 'Felipe', 'Grace', 'Hugo'])[1 + (j + rank) % 8] || ' ' ||
             chr(65 + (j * 7 + rank) % 26) || '.' as customer,
           (${sqlText(COMMENTS)})[1 + (j * 3 + rank) % ${COMMENTS.length}] as comment
         from (
           select s.merchant_id, s.rank, j, random() as rp, random() as rr, random() as rm, random() as rv,
             now() - random() * interval '365 days' as at, gen_random_uuid() as file
           from scale_stores s cross join generate_series(1, ${reviews}) j
           where s.rank between $1 and $2
           offset 0
         ) r
       ) x
       join products p on p.merchant_id = x.merchant_id and p.external_id = 'p-' || x.k`,
      [from, to],
    );
    log(`  ${(to * reviews).toLocaleString('en')} reviews`);
  }
  await db.query('alter table reviews enable trigger user');
  await db.query('commit');
  times.reviewRollups = await timed(db, 'select review_rollups_rebuild(merchant_id) from scale_stores');
  log('  review rollups rebuilt');
  return times;
}

// Per session as bench/insights-events.mjs draws them: played 35 %; of plays, quarters reached 80/60/45/35 %, unmute
// 20 %, full screen 5 %; add to cart 6 % after a play, 3 % without. About 2.25 events a session.
const EVENTS_PER_SESSION = 2.2475;
const SESSIONS_PER_STATEMENT = 500_000;

/**
 * About `events` raw widget events over the last 89 days, each session on a store drawn with Zipf-like popularity
 * (rank ⌊(N+1)^u⌋: P(rank = r) ∝ ln(1 + 1/r), store 1 about 7.5 % of sessions at 10,000 stores), then the rollups the
 * server keeps on write, derived for every store at once. Answers each part's ms.
 */
export async function seedEvents(db, { stores, events }, log) {
  const times = {};
  await db.query(`create temp table scale_catalogue as
    select s.rank, s.merchant_id,
      (select array_agg(id order by substr(external_id, 3)::int) from products where merchant_id = s.merchant_id) as products,
      (select array_agg(id order by id) from reviews where merchant_id = s.merchant_id) as reviews
    from scale_stores s`);
  await db.query('alter table scale_catalogue add primary key (rank)');
  await db.query('analyze scale_catalogue');
  const sessions = Math.round(events / EVENTS_PER_SESSION);
  let rows = 0;
  times.events = 0;
  for (let from = 1; from <= sessions; from += SESSIONS_PER_STATEMENT) {
    const to = Math.min(sessions, from + SESSIONS_PER_STATEMENT - 1);
    const started = performance.now();
    const inserted = await db.query(
      `insert into widget_events (merchant_id, product_id, session_id, type, review_id, at)
       select c.merchant_id, c.products[1 + floor(cardinality(c.products) * s.rp * s.rp)::int], 'scale-' || s.i, e.type,
         case when e.type not in ('view', 'add_to_cart') then c.reviews[1 + floor(cardinality(c.reviews) * s.rr)::int] end,
         s.at + e.n * interval '10 seconds'
       from (
         select i, least(${stores}, floor(exp(ln(${stores} + 1) * random())))::int as rank, random() as rp,
           random() as rr, now() - interval '1 hour' - random() * interval '89 days' as at,
           random() as a, random() as b, random() as c
         from generate_series($1::int, $2::int) i
         offset 0
       ) s
       join scale_catalogue c using (rank)
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
       ) e`,
      [from, to],
    );
    times.events += performance.now() - started;
    rows += inserted.rowCount;
    log(`  ${rows.toLocaleString('en')} raw widget events`);
  }
  const rollupStarted = performance.now();
  await db.query('begin');
  await db.query('alter table widget_event_daily disable trigger user');
  await db.query('alter table review_engagement_daily disable trigger user');
  // Store-local days: the seeded stores have no time zone, so UTC.
  await db.query(`insert into widget_event_daily (merchant_id, product_id, day, type, events, sessions)
    select merchant_id, product_id, (at at time zone 'UTC')::date, type, count(*), count(distinct session_id)
    from widget_events group by 1, 2, 3, 4`);
  await db.query(`insert into review_engagement_daily (merchant_id, day, review_id, type, events, sessions)
    select merchant_id, (at at time zone 'UTC')::date, review_id, type, count(*), count(distinct session_id)
    from widget_events where review_id is not null group by 1, 2, 3, 4`);
  await db.query(`insert into widget_session_outcome_daily (merchant_id, day, played, carted, purchased, sessions)
    select merchant_id, day, played, carted, purchased, count(*) from (
      select merchant_id, (min(at) filter (where type = 'view') at time zone 'UTC')::date as day,
        bool_or(type = 'play') as played, bool_or(type = 'add_to_cart') as carted, bool_or(type = 'purchase') as purchased
      from widget_events group by merchant_id, session_id
    ) s where day is not null group by 1, 2, 3, 4, 5`);
  await db.query('alter table widget_event_daily enable trigger user');
  await db.query('alter table review_engagement_daily enable trigger user');
  await db.query(
    'select widget_event_store_daily_rebuild(merchant_id), insights_rollups_rebuild(merchant_id) from scale_stores',
  );
  await db.query('commit');
  times.eventRollups = performance.now() - rollupStarted;
  log('  event rollups derived');
  return { rows, times };
}

/**
 * One review request per store whose first mail is due now (a product each), as the scheduler leaves them, its order
 * named after `batch`. Tokens are the app's own kind, sealed with its `encryptionKey`. Answers the stores' ids.
 */
export async function seedDueRequests(db, encryptionKey, batch) {
  const box = new SecretBox(encryptionKey);
  const { rows: stores } = await db.query(`select id from merchants where store_id like 'vrscale%' order by store_id`);
  const tokens = stores.map(() => newRequestToken());
  await db.query(
    `with r as (
       insert into review_requests (merchant_id, order_external_id, dedupe_key, customer_email, customer_name, locale,
         source, token_hash, token_sealed, expires_at, send_at)
       select t.merchant_id, $4 || '-' || t.n, $4 || '-' || t.n, $4 || '-' || t.n || '@scale.example', 'Buyer ' || t.n,
         'en', 'api', t.hash, t.sealed, now() + interval '30 days', now() - interval '1 minute'
       from unnest($1::uuid[], $2::text[], $3::text[]) with ordinality t(merchant_id, hash, sealed, n)
       returning id, merchant_id
     )
     insert into review_request_products (request_id, merchant_id, product_external_id, name)
     select id, merchant_id, 'p-1', 'Product 1 cotton tee' from r`,
    [
      stores.map((store) => store.id),
      tokens.map((t) => t.hash),
      tokens.map((t) => box.seal(t.token, TOKEN_SEAL_CONTEXT)),
      batch,
    ],
  );
  return stores.map((store) => store.id);
}
