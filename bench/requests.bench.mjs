// Review requests at scale: two production instances on one fresh PostgreSQL database and one SMTP server (each
// instance mails through its own port of it, so the mails count per instance). 100,000 orders scheduled through the
// CSV import (80,000 with the default 7-day delay, then 20,000 due at once: delay 0, send window 00:00–23:59), more
// through POST /api/review-requests/ and Shopify orders/fulfilled webhooks (due in 7 days), and the 20,000 due mails
// sent. Prints scheduling orders/s, sending mails/s per instance, duplicates (an address mailed twice: each order has
// its own address and no reminder is due), lost (due but never received) and each instance's peak RSS (VmHWM).
// Issue 24's targets: ≥ 2,000 orders/s, ≥ 200 mails/s per instance, 0 duplicates, 0 lost, ≤ 300 MB per instance.
// Needs PostgreSQL (DATABASE_URL, else skipped). BENCH_REQUESTS_STORES (100), BENCH_REQUESTS_SCHEDULE (100000),
// BENCH_REQUESTS_SEND (20000), BENCH_REQUESTS_API (2000) and BENCH_REQUESTS_WEBHOOKS (10000) change the sizes;
// BENCH_REQUESTS_PARALLEL (8) the files and calls in flight at once.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort, loadAverage, startApp } from './support.mjs';

const STORES = Number(process.env.BENCH_REQUESTS_STORES) || 100;
const SCHEDULE = Number(process.env.BENCH_REQUESTS_SCHEDULE) || 100_000;
const SEND = Number(process.env.BENCH_REQUESTS_SEND) || 20_000;
const API = Number(process.env.BENCH_REQUESTS_API) || 2_000;
const WEBHOOKS = Number(process.env.BENCH_REQUESTS_WEBHOOKS) || 10_000;
const SHOPIFY_SECRET = 'bench-requests-shopify-secret';
/** Import files (of at most 10,000 rows) in flight at once, and API calls. */
const PARALLEL = Number(process.env.BENCH_REQUESTS_PARALLEL) || 8;
/** Nothing received for this long after the last mail: the rest is lost. */
const STALL_MS = 150_000;

if (!process.env.DATABASE_URL) {
  console.log('Skipped: this bench needs PostgreSQL (set DATABASE_URL).');
  process.exit(0);
}

const run = randomBytes(4).toString('hex');
const database = `vr_bench_requests_${run}`;
const withDatabase = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
await admin.query(`create database "${database}"`);
const databaseUrl = withDatabase(process.env.DATABASE_URL, database);

/** Every mail received, by envelope recipient, and per instance (each mails through its own port). */
const received = new Map();
const perInstance = [
  { count: 0, first: 0, last: 0 },
  { count: 0, first: 0, last: 0 },
];
const signupLinks = new Map();
function smtpServer(instance) {
  return new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        if (to.some((address) => address.startsWith('owner-'))) {
          const raw = Buffer.concat(chunks)
            .toString('latin1')
            .replace(/=\r?\n/g, '');
          const token = /\/register\/confirm\?token=3D([\w-]+)|\/register\/confirm\?token=([\w-]+)/.exec(raw);
          if (token) signupLinks.set(to[0], token[1] ?? token[2]);
        } else {
          const now = performance.now();
          const mine = perInstance[instance];
          mine.count += 1;
          mine.first ||= now;
          mine.last = now;
          for (const address of to) received.set(address, (received.get(address) ?? 0) + 1);
        }
        callback();
      });
    },
  });
}
const smtp = [smtpServer(0), smtpServer(1)];
const smtpPorts = [await freePort(), await freePort()];
await Promise.all(smtp.map((server, i) => new Promise((resolve) => server.listen(smtpPorts[i], '127.0.0.1', resolve))));

const shared = {
  DATABASE_URL: databaseUrl,
  REDIS_KEY_PREFIX: `vr-bench-requests-${run}:`,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'error',
  SHOPIFY_API_KEY: 'bench-requests-key',
  SHOPIFY_API_SECRET: SHOPIFY_SECRET,
};
const apps = [];
let db;
const seconds = (ms) => (ms / 1000).toFixed(1);
const peakRss = (pid) => {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

async function signUp(app, email, index) {
  const headers = {
    'content-type': 'application/json',
    origin: app.url,
    'x-forwarded-for': `10.9.${index >> 8}.${index & 255}`,
  };
  const res = await fetch(`${app.url}/api/auth/register/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password-1', first_name: 'B', last_name: 'M' }),
  });
  if (res.status !== 202) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  for (let i = 0; !signupLinks.has(email); i++) {
    if (i > 400) throw new Error(`No sign-up mail to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const confirmed = await fetch(`${app.url}/api/auth/register/confirm/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: signupLinks.get(email) }),
  });
  if (confirmed.status !== 200) throw new Error(`register/confirm answered ${confirmed.status}`);
  return confirmed.json();
}

/** Runs `work(i)` for i in [0, n), `parallel` at a time. */
async function pool(n, parallel, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, n) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

function csvOf(store, from, count) {
  const lines = ['customer_email,customer_name,locale,order_id,product_id,product_name'];
  for (let i = from; i < from + count; i++) {
    lines.push(`buyer-${store}-${i}@example.com,Buyer ${i},en,${i},p-${i % 50},Product ${i % 50}`);
  }
  return lines.join('\n');
}

async function importOrders(app, store, from, count) {
  for (let offset = 0; offset < count; offset += 10_000) {
    const form = new FormData();
    const rows = Math.min(10_000, count - offset);
    form.set('file', new Blob([csvOf(store.index, from + offset, rows)], { type: 'text/csv' }), 'orders.csv');
    const res = await fetch(`${app.url}/api/review-requests/import/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `JWT ${store.access}`, origin: app.url },
    });
    const answer = await res.json();
    if (res.status !== 200 || answer.scheduled !== rows) {
      throw new Error(`import answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
  }
}

/** One Shopify `orders/fulfilled` delivery, signed as Shopify signs it, for the store's shop. */
async function deliverOrder(app, store, n) {
  const body = JSON.stringify({
    id: `wh-${n}`,
    name: `#W${n}`,
    email: `hook-${store.index}-${n}@example.com`,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    currency: 'USD',
    total_price: '49.00',
    financial_status: 'paid',
    fulfillment_status: 'fulfilled',
    customer: { id: 5000 + n, email: `hook-${store.index}-${n}@example.com`, first_name: 'Hook', last_name: 'Buyer' },
    line_items: [{ product_id: 7000 + (n % 20), title: `Product ${n % 20}`, quantity: 1, price: '49.00' }],
  });
  const res = await fetch(`${app.url}/api/webhooks/shopify/`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/fulfilled',
      'x-shopify-shop-domain': store.shop,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-hmac-sha256': createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'),
    },
  });
  if (res.status !== 200) throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
}

async function putSettings(app, store, settings) {
  const res = await fetch(`${app.url}/api/review-requests/settings/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `JWT ${store.access}`, origin: app.url },
    body: JSON.stringify(settings),
  });
  if (res.status !== 200) throw new Error(`settings answered ${res.status}: ${await res.text()}`);
}

try {
  // One after the other: the second finds the migrations applied by the first.
  for (const port of smtpPorts) apps.push(await startApp({ ...shared, SMTP_URL: `smtp://127.0.0.1:${port}` }));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // Every store on a plan without a monthly request quota (the bench's own database).
  await db.query('update plans set max_monthly_requests = null');

  const stores = [];
  await pool(STORES, 4, async (index) => {
    const user = await signUp(apps[index % 2], `owner-${index}@example.com`, index);
    stores[index] = { index, access: user.access };
  });
  await pool(STORES, PARALLEL, (index) =>
    putSettings(apps[index % 2], stores[index], {
      rate_per_minute: 600,
      send_window_start: '00:00',
      send_window_end: '23:59',
      reminders: 0,
      delay_days: 7,
    }),
  );

  // Scheduling: later orders first (7-day delay, nothing sent meanwhile), each store's in 10,000-row files.
  const later = SCHEDULE - SEND;
  const perStoreLater = Math.ceil(later / STORES);
  let started = performance.now();
  await pool(STORES, PARALLEL, (index) => importOrders(apps[index % 2], stores[index], 0, perStoreLater));
  const laterMs = performance.now() - started;

  started = performance.now();
  await pool(API, PARALLEL * 2, async (i) => {
    const store = stores[i % STORES];
    const app = apps[i % 2];
    const res = await fetch(`${app.url}/api/review-requests/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${store.access}`, origin: app.url },
      body: JSON.stringify({
        customer_email: `api-${store.index}-${i}@example.com`,
        customer_name: `Api Buyer ${i}`,
        locale: 'en',
        order_id: `api-${i}`,
        products: [{ id: 'p-1', name: 'Product 1', url: null, image_url: null }],
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/review-requests/ answered ${res.status}: ${await res.text()}`);
  });
  const apiMs = performance.now() - started;

  // Order webhooks: the stores become Shopify stores (as an install leaves them, without a token: nothing here calls
  // Shopify), then fulfilled orders arrive, each a signed delivery; scheduled once every request exists.
  for (let index = 0; index < STORES; index++) {
    stores[index].shop = `bench-requests-${index}.myshopify.com`;
    await db.query(
      `update merchants set platform = 'shopify', external_store_id = $1, connected_at = now()
       where workspace_id = (select workspace_id from memberships m join users u on u.id = m.user_id where u.email = $2)`,
      [stores[index].shop, `owner-${index}@example.com`],
    );
  }
  started = performance.now();
  await pool(WEBHOOKS, PARALLEL * 4, (n) => deliverOrder(apps[n % 2], stores[n % STORES], n));
  const webhooksAnsweredMs = performance.now() - started;
  for (let i = 0; ; i++) {
    const { rows } = await db.query(
      "select count(*)::int as n from review_requests where order_external_id like 'wh-%'",
    );
    if (rows[0].n >= WEBHOOKS) break;
    if (i > 6_000) throw new Error(`Only ${rows[0].n} of ${WEBHOOKS} webhook orders scheduled after ten minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const webhooksMs = performance.now() - started;

  // Due at once: delay 0, the whole day as the window.
  await pool(STORES, PARALLEL, (index) => putSettings(apps[index % 2], stores[index], { delay_days: 0 }));
  const perStoreDue = Math.ceil(SEND / STORES);
  started = performance.now();
  await pool(STORES, PARALLEL, (index) => importOrders(apps[index % 2], stores[index], 1_000_000, perStoreDue));
  const dueMs = performance.now() - started;
  const due = perStoreDue * STORES;

  let lastCount = 0;
  let lastChange = performance.now();
  for (;;) {
    const total = perInstance[0].count + perInstance[1].count;
    if (total !== lastCount) {
      lastCount = total;
      lastChange = performance.now();
    }
    if (received.size >= due || performance.now() - lastChange > STALL_MS) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  // A late repeat would show in these seconds.
  await new Promise((r) => setTimeout(r, 3_000));
  const sendEnd = Math.max(perInstance[0].last, perInstance[1].last);
  const sendStart = Math.min(...perInstance.filter((p) => p.count).map((p) => p.first));
  let lost = 0;
  for (let store = 0; store < STORES; store++) {
    for (let i = 1_000_000; i < 1_000_000 + perStoreDue; i++) {
      if (!received.has(`buyer-${store}-${i}@example.com`)) lost += 1;
    }
  }
  const duplicates = [...received.values()].reduce((sum, n) => sum + n - 1, 0);
  const unexpected = [...received.keys()].filter((address) => !/^buyer-\d+-1\d{6}@/.test(address)).length;
  const { rows: states } = await db.query(
    'select status, count(*)::int as n from review_requests group by status order by status',
  );

  const scheduled = perStoreLater * STORES + due;
  const orders = Math.round((perStoreLater * STORES) / (laterMs / 1000));
  console.log(
    `${STORES} stores (rate_per_minute 600), two instances, PostgreSQL, load ${loadAverage()}; ` +
      `requests by status: ${states.map((row) => `${row.status} ${row.n}`).join(', ')}`,
  );
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(
    `| scheduling, CSV import (${(perStoreLater * STORES).toLocaleString('en')} orders, ${PARALLEL} files at once, due in 7 days) | ${orders} orders/s (${seconds(laterMs)} s) |`,
  );
  console.log(
    `| scheduling, CSV import (${due.toLocaleString('en')} orders due at once, while they are sent) | ${Math.round(due / (dueMs / 1000))} orders/s (${seconds(dueMs)} s) |`,
  );
  console.log(
    `| scheduling, POST /api/review-requests/ (${API.toLocaleString('en')} calls, ${PARALLEL * 2} at once) | ${Math.round(API / (apiMs / 1000))} orders/s |`,
  );
  console.log(
    `| scheduling, Shopify orders/fulfilled webhooks (${WEBHOOKS.toLocaleString('en')}, ${PARALLEL * 4} at once; answered in ${seconds(webhooksAnsweredMs)} s) | ${Math.round(WEBHOOKS / (webhooksMs / 1000))} orders/s (${seconds(webhooksMs)} s to the last request) |`,
  );
  console.log(`| orders scheduled in all | ${(scheduled + API + WEBHOOKS).toLocaleString('en')} |`);
  const sendS = (sendEnd - sendStart) / 1000;
  for (const [i, p] of perInstance.entries()) {
    console.log(
      `| sending, instance ${i + 1} | ${p.count} mails, ${Math.round(p.count / sendS)} mails/s over the ${sendS.toFixed(1)} s of sending |`,
    );
  }
  console.log(`| sending, both | ${Math.round(lastCount / sendS)} mails/s |`);
  console.log(`| duplicates (an address mailed twice) | ${duplicates} |`);
  console.log(`| lost (due, never received) | ${lost} |`);
  console.log(`| mails to addresses not due | ${unexpected} |`);
  for (const [i, app] of apps.entries()) console.log(`| peak RSS, instance ${i + 1} | ${peakRss(app.pid)} MB |`);
} finally {
  await db?.end();
  await Promise.all(apps.map((app) => app.stop()));
  await Promise.all(smtp.map((server) => new Promise((resolve) => server.close(resolve))));
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
}
