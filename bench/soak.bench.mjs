// A short mixed soak: sign-ins, moderation, uploads, storefront reads and widget events at once against one instance
// for SOAK_SECONDS, printing each kind's throughput and p99 and the error count, which must be zero (any answer other
// than the expected one counts). PostgreSQL + Redis when DATABASE_URL/REDIS_URL are set, else PGlite + memory.
// Each simulated client comes from its own address (X-Forwarded-For), as shoppers do: per-address limits stay out of it.
//
// `--faults` runs the same load through an operator's bad day: the app gets a Redis of the bench's own, stopped for a
// quarter of the run and started again, and (with DATABASE_URL) a database of its own whose connections are all
// killed (pg_terminate_backend) at three quarters. A 503 with Retry-After is then an allowed answer, counted apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { privateRedis, ROOT, signIn, signUp, startApp } from './support.mjs';

const SOAK_SECONDS = 25;
const STORES = 3;
/** Concurrent clients of each kind, on a 2-core machine. */
const CLIENTS = { 'storefront read': 16, 'widget event': 4, upload: 2, moderation: 3, 'sign-in': 2 };
const withFaults = process.argv.includes('--faults');

const run = Date.now().toString(36);
const photo = readFileSync(join(ROOT, 'test', 'fixtures', 'media', 'photo.jpg'));
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** A 503 with Retry-After: the database was restarting; allowed under `--faults`, counted apart. */
class RetryLater extends Error {}

async function expectStatus(response, status, what) {
  if (response.status === 503 && response.headers.get('retry-after')) throw new RetryLater(`${what} answered 503`);
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function upload(url, store, i) {
  const form = new FormData();
  form.set('merchant_id', store.storeId);
  form.set('product_id', 'soak-product');
  form.set('product_name', 'Soak product');
  form.set('customer_name', `Shopper ${i}`);
  form.set('rating', String(1 + (i % 5)));
  form.set('comment', `Review number ${i}, with a few words about the product.`);
  form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${url}/api/reviews/upload/`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': nextAddress() },
  });
  return (await (await expectStatus(res, 201, 'upload')).json()).id;
}

async function moderate(url, store, id, action) {
  const res = await fetch(`${url}/api/reviews/${id}/${action}/`, {
    method: 'POST',
    headers: { authorization: `JWT ${store.access}` },
  });
  await expectStatus(res, 200, action);
}

/** A database of the bench's own on the DATABASE_URL server, so killing its connections touches nobody else. */
async function privateDatabase() {
  const name = `vr_soak_${run}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async killConnections() {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return rowCount;
    },
    async close() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const redis = withFaults ? await privateRedis() : undefined;
const database = withFaults && process.env.DATABASE_URL ? await privateDatabase() : undefined;
const app = await startApp({
  REDIS_KEY_PREFIX: `vr-bench-${run}:`,
  TRUST_PROXY: 'true',
  ...(redis ? { REDIS_URL: redis.url } : {}),
  ...(database ? { DATABASE_URL: database.url } : {}),
});
try {
  const stores = [];
  for (let s = 0; s < STORES; s += 1) {
    const email = `soak-${run}-${s}@example.com`;
    const user = await signUp(app, email);
    stores.push({ email, access: user.access, storeId: user.merchant.store_id });
  }
  // Each store shows two reviews; each moderation client owns one review it approves and rejects in turn (the Free
  // plan's five active reviews are never exceeded).
  let uploaded = 0;
  for (const store of stores) {
    for (let i = 0; i < 2; i += 1) await moderate(app.url, store, await upload(app.url, store, uploaded++), 'approve');
  }
  const owned = [];
  for (let c = 0; c < CLIENTS.moderation; c += 1) {
    const store = stores[c % STORES];
    owned.push({ store, id: await upload(app.url, store, uploaded++), next: 'approve' });
  }

  const steps = {
    'storefront read': (c, n) => {
      const { storeId } = stores[(c + n) % STORES];
      const path = [
        `/api/reviews/public/?product_id=soak-product&merchant_id=${storeId}`,
        `/api/widgets/configuration/soak-product/?merchant_id=${storeId}`,
        `/widget/v1/${storeId}.js`,
      ][n % 3];
      return fetch(`${app.url}${path}`).then((res) => expectStatus(res, 200, path));
    },
    // A shopper's visit: a view, then a play, then an add to cart, each its own beacon.
    'widget event': (c, n) => {
      const visit = Math.floor(n / 3);
      return fetch(`${app.url}/api/widgets/events/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({
          merchant_id: stores[visit % STORES].storeId,
          session_id: `soak-${run}-${c}-${visit}`,
          events: [{ type: ['view', 'play', 'add_to_cart'][n % 3], product_id: 'soak-product' }],
        }),
      }).then((res) => expectStatus(res, 202, 'event'));
    },
    upload: (c, n) => upload(app.url, stores[(c + n) % STORES], uploaded++),
    // The action flips only once it succeeded: after a 503 the same one is asked again.
    moderation: async (c) => {
      const review = owned[c];
      await moderate(app.url, review.store, review.id, review.next);
      review.next = review.next === 'approve' ? 'reject' : 'approve';
    },
    'sign-in': (c, n) =>
      signIn(app.url, stores[(c + n) % STORES].email, { 'x-forwarded-for': nextAddress() }).catch((error) => {
        throw error.status === 503 && error.retryAfter ? new RetryLater(error.message) : error;
      }),
  };

  const results = Object.fromEntries(
    Object.keys(CLIENTS).map((kind) => [kind, { latencies: [], retryLater: 0, errors: [] }]),
  );
  const started = performance.now();
  const deadline = Date.now() + SOAK_SECONDS * 1000;
  const clients = Object.entries(CLIENTS).flatMap(([kind, count]) =>
    Array.from({ length: count }, async (_, c) => {
      for (let n = 0; Date.now() < deadline; n += 1) {
        const began = performance.now();
        try {
          await steps[kind](c, n);
          results[kind].latencies.push(performance.now() - began);
        } catch (error) {
          if (withFaults && error instanceof RetryLater) results[kind].retryLater += 1;
          else results[kind].errors.push(error.message);
        }
      }
    }),
  );
  const faults = [];
  const at = (fraction, what, action) =>
    new Promise((resolve) =>
      setTimeout(
        async () => {
          const detail = await action();
          faults.push(
            `${what} at ${Math.round(SOAK_SECONDS * fraction)} s${detail === undefined ? '' : ` (${detail})`}`,
          );
          resolve();
        },
        SOAK_SECONDS * fraction * 1000,
      ),
    );
  if (redis) {
    clients.push(at(0.25, 'Redis stopped', () => redis.stop()));
    clients.push(at(0.5, 'Redis started again', () => redis.start()));
  }
  if (database) {
    clients.push(at(0.75, 'PostgreSQL connections killed', async () => `${await database.killConnections()} killed`));
  }
  // What a load balancer would see, once a second: degraded while the instance answers without Redis.
  const readiness = {};
  clients.push(
    (async () => {
      while (Date.now() < deadline) {
        const { status } = await (await fetch(`${app.url}/api/ready`)).json().catch(() => ({ status: 'no answer' }));
        readiness[status] = (readiness[status] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })(),
  );
  await Promise.all(clients);
  const seconds = (performance.now() - started) / 1000;
  const ready = await (await fetch(`${app.url}/api/ready`)).json();

  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  console.log(
    `${SOAK_SECONDS} s, ${Object.values(CLIENTS).reduce((a, b) => a + b)} clients, ${database || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} + ${redis || process.env.REDIS_URL ? 'Redis' : 'memory'}${withFaults ? `; faults: ${faults.join(', ')}` : ''}`,
  );
  console.log('| kind | clients | requests | req/s | p50 ms | p99 ms | max ms | 503 retry later | errors |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  let total = 0;
  let errors = 0;
  for (const [kind, { latencies, retryLater, errors: failed }] of Object.entries(results)) {
    const sorted = latencies.sort((a, b) => a - b);
    const count = sorted.length + retryLater + failed.length;
    total += count;
    errors += failed.length;
    const ms = (value) => value.toFixed(1);
    console.log(
      `| ${kind} | ${CLIENTS[kind]} | ${count} | ${(sorted.length / seconds).toFixed(1)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? 0)} | ${retryLater} | ${failed.length} |`,
    );
  }
  console.log(`\nall kinds: ${total} requests, ${(total / seconds).toFixed(1)} req/s, ${errors} errors`);
  const sampled = Object.entries(readiness).map(([status, count]) => `${status} ${count}`);
  console.log(`readiness once a second: ${sampled.join(', ')}; afterwards: ${ready.status}`);
  for (const [kind, { errors: failed }] of Object.entries(results)) {
    for (const message of [...new Set(failed)].slice(0, 3)) console.log(`  ${kind}: ${message}`);
  }
  if (errors > 0 || ready.status !== 'ok') process.exitCode = 1;
} finally {
  await app.stop();
  await redis?.close();
  await database?.close();
}
