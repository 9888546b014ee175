// Reviews: list and search latency with 100,000 reviews in one store, the export of all of them (CSV and JSON: rows
// a second and the server's RSS growth, budget 50 MB), and server memory while a 200 MB video upload streams
// through, in one request and as a resumable upload. PostgreSQL when DATABASE_URL is set, else PGlite (filled while the server is stopped).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, ROOT, signUp, startApp } from './support.mjs';

const REVIEWS = 100_000;
const run = Date.now().toString(36);
const onPostgres = Boolean(process.env.DATABASE_URL);
const env = { REDIS_KEY_PREFIX: `vr-bench-${run}:`, MAX_VIDEO_MB: '250' };

// 100k reviews over 200 products, names and comments varied enough for search to have to look. Triggers are
// off for this session only (replica role) during the bulk insert, and the counters are rebuilt once after it.
const FILL = (merchantId) => `
  set session_replication_role = replica;
  insert into products (merchant_id, external_id, name)
    select '${merchantId}', 'p' || i, 'Product ' || i || case when i % 7 = 0 then ' linen shirt' else ' cotton tee' end
    from generate_series(1, 200) i;
  insert into reviews (merchant_id, product_id, status, customer_name, rating, comment, created_at, search_text)
    select '${merchantId}', p.id,
      (array['pending','approved','rejected'])[1 + i % 3],
      'Customer ' || (i % 5000), 1 + i % 5,
      case when i % 97 = 0 then 'Fits perfectly, lovely fabric' else 'Good value number ' || i end,
      now() - (i || ' minutes')::interval,
      lower(p.name || chr(10) || 'Customer ' || (i % 5000) || chr(10) ||
        case when i % 97 = 0 then 'Fits perfectly, lovely fabric' else 'Good value number ' || i end)
    from generate_series(1, ${REVIEWS}) i
    join products p on p.merchant_id = '${merchantId}' and p.external_id = 'p' || (1 + i % 200);
  set session_replication_role = origin;
  delete from review_counters where merchant_id = '${merchantId}';
  insert into review_counters (merchant_id, status, deleted, reviews, rating_sum)
    select merchant_id, status, deleted_at is not null, count(*), sum(rating) from reviews
    where merchant_id = '${merchantId}' group by 1, 2, 3;
  analyze reviews;`;

async function fill(merchantId, dataDir) {
  const started = performance.now();
  if (onPostgres) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(FILL(merchantId));
    await client.end();
  } else {
    const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    await db.exec(FILL(merchantId));
    await db.close();
  }
  return performance.now() - started;
}

async function timings(url, path, headers, times = 30) {
  const ms = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(times / 2)].toFixed(1), p95: ms[Math.floor(times * 0.95)].toFixed(1) };
}

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/** Streams a 200 MB "video" (a real MP4 header, then zeros) without holding it in this process either. */
function upload(url, storeId, bytes) {
  const boundary = `----bench${run}`;
  const head = Buffer.from(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="merchant_id"',
      '',
      storeId,
      `--${boundary}`,
      'Content-Disposition: form-data; name="product_id"',
      '',
      'p1',
      `--${boundary}`,
      'Content-Disposition: form-data; name="rating"',
      '',
      '5',
      `--${boundary}`,
      'Content-Disposition: form-data; name="video"; filename="big.mp4"',
      'Content-Type: video/mp4',
      '',
      '',
    ].join('\r\n'),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const mp4 = readFileSync(join(ROOT, 'test/fixtures/media/review.mp4'));
  const chunk = Buffer.alloc(1024 * 1024);
  async function* body() {
    yield head;
    yield mp4;
    for (let sent = mp4.length; sent < bytes; sent += chunk.length)
      yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
    yield tail;
  }
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/reviews/upload/`,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

/**
 * The same video as a resumable upload, as the widget sends it: tus chunks of 4 MB (each streamed, never held), then
 * the review's POST naming it, which stores the file under its key.
 */
async function resumableUpload(url, storeId, bytes) {
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = `merchant_id ${Buffer.from(storeId).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  const started = await fetch(`${url}/api/reviews/uploads/`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(bytes), 'upload-metadata': metadata },
  });
  if (started.status !== 201) throw new Error(`POST /api/reviews/uploads/ answered ${started.status}`);
  const location = new URL(started.headers.get('location'), url);
  const mp4 = readFileSync(join(ROOT, 'test/fixtures/media/review.mp4'));
  const zeros = Buffer.alloc(1024 * 1024);
  const CHUNK = 4 * 1024 * 1024;
  for (let offset = 0; offset < bytes; offset += CHUNK) {
    const size = Math.min(CHUNK, bytes - offset);
    const status = await new Promise((resolve, reject) => {
      const req = request(
        location,
        {
          method: 'PATCH',
          headers: {
            ...tus,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(size),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      async function* body() {
        let sent = 0;
        if (offset === 0) {
          yield mp4;
          sent = mp4.length;
        }
        for (; sent < size; sent += zeros.length) yield zeros.subarray(0, Math.min(zeros.length, size - sent));
      }
      Readable.from(body()).pipe(req);
    });
    if (status !== 204) throw new Error(`PATCH at ${offset} answered ${status}`);
  }
  const review = new FormData();
  for (const [name, value] of Object.entries({ merchant_id: storeId, product_id: 'p1', rating: '5' })) {
    review.append(name, value);
  }
  review.append('upload_id', location.pathname.split('/').filter(Boolean).pop());
  return (await fetch(`${url}/api/reviews/upload/`, { method: 'POST', body: review })).status;
}

/** Peak RSS growth of the server while `work` runs. */
async function memoryDuring(pid, work) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const started = performance.now();
  try {
    const status = await work();
    return { status, seconds: ((performance.now() - started) / 1000).toFixed(1), before, peak };
  } finally {
    clearInterval(sampler);
  }
}

const dataDir = onPostgres ? undefined : mkdtempSync(join(tmpdir(), 'vr-bench-reviews-'));
let app = await startApp(env, dataDir);
try {
  const user = await signUp(app, `reviews-${run}@example.com`);
  const auth = { authorization: `JWT ${user.access}` };
  if (!onPostgres) await app.stop();
  const fillMs = await fill(user.merchant.id, dataDir);
  if (!onPostgres) app = await startApp(env, dataDir);

  console.log(
    `${REVIEWS.toLocaleString('en')} reviews in one store on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (bulk load ${(fillMs / 1000).toFixed(1)} s); 30 sequential calls each`,
  );
  console.log('| call | p50 ms | p95 ms |');
  console.log('|---|---|---|');
  for (const path of [
    '/api/reviews/?page=1&page_size=10',
    '/api/reviews/?page=500&page_size=10',
    '/api/reviews/?status=pending&page_size=10',
    '/api/reviews/?search=linen&page_size=10',
    '/api/reviews/?search=fits%20perfectly&page_size=10',
    '/api/reviews/?search=customer%204242&page_size=10',
    '/api/reviews/stats/',
    '/api/reviews/usage_details/',
  ]) {
    await timings(app.url, path, auth, 3);
    const { p50, p95 } = await timings(app.url, path, auth);
    console.log(`| GET ${path} | ${p50} | ${p95} |`);
  }
  const list = await load(`${app.url}/api/reviews/?page_size=10`, { connections: 10, duration: 5, headers: auth });
  console.log(
    `\nGET /api/reviews/ under load (10 connections, 5 s): ${list.rps} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, ${list.errors} errors`,
  );

  // The whole store's export, read as a browser downloads it (as fast as the server writes).
  for (const format of ['csv', 'json']) {
    let bytes = 0;
    const { status, seconds, before, peak } = await memoryDuring(app.pid, async () => {
      const res = await fetch(`${app.url}/api/reviews/export/?format=${format}`, { headers: auth });
      for await (const chunk of res.body) bytes += chunk.length;
      return res.status;
    });
    const rate = Math.round(REVIEWS / Number(seconds)).toLocaleString('en');
    console.log(
      `\nExport of ${REVIEWS.toLocaleString('en')} reviews as ${format.toUpperCase()}: HTTP ${status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds} s (${rate} reviews/s); server RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB (growth ${((peak - before) / 1024).toFixed(0)} MB; budget 50 MB)`,
    );
  }

  for (const [label, send] of [
    ['200 MB video upload', upload],
    ['200 MB resumable video upload (tus, 4 MB chunks, then the review)', resumableUpload],
  ]) {
    const { status, seconds, before, peak } = await memoryDuring(app.pid, () =>
      send(app.url, user.merchant.store_id, 200 * 1024 * 1024),
    );
    console.log(
      `\n${label}: HTTP ${status} in ${seconds} s; server RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB (growth ${((peak - before) / 1024).toFixed(0)} MB; budget 50 MB)`,
    );
  }
} finally {
  await app.stop();
  if (onPostgres) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(
      `delete from workspaces where id in (select workspace_id from memberships m join users u on u.id = m.user_id where u.email = $1)`,
      [`reviews-${run}@example.com`],
    );
    await client.query(`delete from users where email = $1`, [`reviews-${run}@example.com`]);
    await client.end();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
