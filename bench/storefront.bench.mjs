// The storefront: widget script sizes (loader and bundles, gzip) against DESIGN §8's budgets, and the read path a
// product page costs (configuration + public reviews of one product) under 100 connections, as a ratio to a bare
// Fastify JSON route run beside it (goal ≥ 0.75 for the reads, ≥ 0.85 for the loader; medians of BENCH_ROUNDS rounds,
// 3 by default). PostgreSQL + Redis when DATABASE_URL/REDIS_URL are set, else PGlite + memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { freePort, load, loadRounds, printRows, ROOT, ROUNDS, signUp, startApp } from './support.mjs';

const run = Date.now().toString(36);
const KB = 1024;

function gzipSize(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

async function approvedReview(url, user, i) {
  const form = new FormData();
  form.set('merchant_id', user.merchant.store_id);
  form.set('product_id', 'bench-product');
  form.set('product_name', 'Bench product');
  form.set('customer_name', `Shopper ${i}`);
  form.set('rating', String(1 + (i % 5)));
  form.set('comment', `Review number ${i}, with a few words about the product.`);
  const photo = readFileSync(join(ROOT, 'test', 'fixtures', 'media', 'photo.jpg'));
  form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${url}/api/reviews/upload/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `JWT ${user.access}` },
  });
  const { id } = await res.json();
  await fetch(`${url}/api/reviews/${id}/approve/`, {
    method: 'POST',
    headers: { authorization: `JWT ${user.access}` },
  });
  return id;
}

/** Uploaded media are processed (sharp, ffmpeg) after the upload answers; storefronts show only ready reviews. */
async function processed(url, user, id) {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/api/reviews/${id}/`, { headers: { authorization: `JWT ${user.access}` } });
    const { media_state } = await res.json();
    if (media_state === 'ready') return;
    if (media_state !== 'processing' || Date.now() > until) throw new Error(`review ${id}: media ${media_state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const bare = Fastify();
bare.get('/', async () => ({ status: 'ok' }));
const barePort = await freePort();
await bare.listen({ port: barePort, host: '127.0.0.1' });

const app = await startApp({ REDIS_KEY_PREFIX: `vr-bench-${run}:` });
try {
  const user = await signUp(app, `storefront-${run}@example.com`);
  const storeId = user.merchant.store_id;
  // The Free plan's 5 active reviews: a product page's typical first screen.
  const ids = [];
  for (let i = 0; i < 5; i++) ids.push(await approvedReview(app.url, user, i));
  for (const id of ids) await processed(app.url, user, id);
  const published = await (
    await fetch(`${app.url}/api/reviews/public/?product_id=bench-product&merchant_id=${storeId}`)
  ).json();
  if (published.count !== 5) throw new Error(`expected 5 published reviews, found ${published.count}`);

  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'widget', 'manifest.json'), 'utf8'));
  const loader = Buffer.from(await (await fetch(`${app.url}/widget/v1/${storeId}.js`)).arrayBuffer());
  const bundle = readFileSync(join(ROOT, 'dist', 'widget', manifest.widget));
  const form = readFileSync(join(ROOT, 'dist', 'widget', manifest.form));
  console.log('| widget file | bytes | gzip bytes | budget (gzip) |');
  console.log('|---|---|---|---|');
  console.log(`| loader /widget/v1/{store_id}.js | ${loader.length} | ${gzipSize(loader)} | ≤ ${KB} |`);
  console.log(`| initial bundle ${manifest.widget} | ${bundle.length} | ${gzipSize(bundle)} | ≤ ${8 * KB} |`);
  console.log(`| player and form ${manifest.form} (on demand) | ${form.length} | ${gzipSize(form)} | — |`);

  const paths = [
    `/api/widgets/configuration/bench-product/?merchant_id=${storeId}`,
    `/api/reviews/public/?product_id=bench-product&merchant_id=${storeId}`,
  ];
  const requests = paths.map((path) => ({ method: 'GET', path }));
  await load(`http://127.0.0.1:${barePort}/`, { duration: 1 });
  await load(app.url, { duration: 2, requests });

  // What the widget sends: the loader's data version, whose answers a CDN may keep long.
  const version = /dataset\.version\s*=\s*"([^"]*)"/.exec(loader.toString())?.[1];
  const etags = await Promise.all(paths.map(async (path) => (await fetch(app.url + path)).headers.get('etag')));
  const rows = await loadRounds([
    ['bare Fastify JSON (baseline)', `http://127.0.0.1:${barePort}/`],
    ['configuration + public reviews (alternating, 200)', app.url, { requests }],
    // What browsers send: the answers over 1 KB then travel compressed.
    [
      'same, with a browser Accept-Encoding (gzip, br)',
      app.url,
      { requests: requests.map((r) => ({ ...r, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })) },
    ],
    [
      'same, revalidated with If-None-Match (304)',
      app.url,
      { requests: requests.map((r, i) => ({ ...r, headers: { 'if-none-match': etags[i] } })) },
    ],
    [
      `same, at the loader's data version (v=${version})`,
      app.url,
      { requests: requests.map(({ method, path }) => ({ method, path: `${path}&v=${version}` })) },
    ],
    [
      'GET /widget/v1/{store_id}.js (gzip)',
      `${app.url}/widget/v1/${storeId}.js`,
      { headers: { 'accept-encoding': 'gzip' } },
    ],
  ]);
  console.log(
    `\n100 connections, 5 s each, medians of ${ROUNDS} rounds, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} + ${process.env.REDIS_URL ? 'Redis' : 'memory cache'}; ` +
      'goal ≥ 0.75 of baseline (loader ≥ 0.85), p99 ≤ 25 ms, 0 errors',
  );
  printRows(rows);
} finally {
  await app.stop();
  await bare.close();
}
