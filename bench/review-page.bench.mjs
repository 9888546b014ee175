// The hosted review page (`/r/{token}`, issue 24) on a phone: Lighthouse's mobile preset (simulated throttling) on
// Debian's Chromium, for a request in each language, and the unsubscribe page (Lighthouse does not audit the expired
// and unknown links' 404/410 pages; the browser test runs axe on them). Goals: performance ≥ 95, CLS 0, accessibility
// 100, first-load JavaScript ≤ 60 KB gzip. `npm run bench review-page`.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadAverage, ROOT, signUp, startApp } from './support.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const dist = (path) => import(join(ROOT, 'dist/api/server', path));

const { openDatabase, migrationsFolder } = await dist('database/database.js');
const { merchants, reviewRequests, reviewRequestProducts } = await dist('database/schema.js');
const { newRequestToken } = await dist('review-requests/request-token.js');
const { SecretBox } = await dist('common/secret-box.js');
const { eq } = await import('drizzle-orm');

/** Requests written as the scheduler leaves them after the first mail: what the page reads. */
async function seedRequests(dataDir, merchantId) {
  const handle = await openDatabase({
    url: process.env.DATABASE_URL,
    poolSize: 1,
    pgliteDir: join(dataDir, 'pglite'),
    migrationsFolder: migrationsFolder(ROOT),
  });
  const box = new SecretBox(ENCRYPTION_KEY);
  const tokens = {};
  try {
    await handle.db
      .update(merchants)
      .set({ storeName: 'Demo Store', storeDomain: 'demo-store.example' })
      .where(eq(merchants.id, merchantId));
    for (const [name, locale] of [
      ['en', 'en'],
      ['es', 'es'],
      ['pt', 'pt'],
      ['unsubscribe', 'en'],
    ]) {
      const { token, hash } = newRequestToken();
      const id = randomUUID();
      await handle.db.insert(reviewRequests).values({
        id,
        merchantId,
        orderExternalId: `bench-${name}`,
        dedupeKey: `bench-${name}`,
        customerEmail: `${name}@example.com`,
        customerName: 'Marta',
        locale,
        source: 'api',
        status: 'sent',
        tokenHash: hash,
        tokenSealed: box.seal(token, id),
        expiresAt: new Date(Date.now() + 90 * 86_400_000),
      });
      await handle.db.insert(reviewRequestProducts).values(
        ['Linen Shirt', 'Wool Scarf', 'Canvas Tote'].map((productName, position) => ({
          requestId: id,
          merchantId,
          productExternalId: `sku-${position}`,
          name: productName,
          position,
        })),
      );
      tokens[name] = token;
    }
  } finally {
    await handle.close();
  }
  return tokens;
}

async function auditOnce(chrome, url, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError || audits['cumulative-layout-shift']?.numericValue === undefined) {
    if (attempt >= 3) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError?.message ?? 'no metrics'}`);
    return auditOnce(chrome, url, attempt + 1);
  }
  return {
    score: Math.round(categories.performance.score * 100),
    a11y: Math.round(categories.accessibility.score * 100),
    cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    tbt: Math.round(audits['total-blocking-time'].numericValue),
    lcp: Math.round(audits['largest-contentful-paint'].numericValue),
  };
}

async function audit(chrome, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditOnce(chrome, url));
  const median = (key) => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return {
    score: median('score'),
    a11y: median('a11y'),
    cls: Math.max(...runs.map((run) => run.cls)),
    tbt: median('tbt'),
    lcp: median('lcp'),
  };
}

/** The page's scripts (files it names and inline ones), each gzipped at level 9: what a first load downloads. */
async function firstLoadJs(url) {
  const html = await (await fetch(url)).text();
  let bytes = 0;
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (attributes.includes('application/json')) continue;
    const src = /src="([^"]+)"/.exec(attributes)?.[1];
    const code = src ? Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer()) : Buffer.from(body);
    bytes += gzipSync(code, { level: 9 }).length;
  }
  return bytes;
}

const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-review-page-'));
const env = { ENCRYPTION_KEY };
let app = await startApp(env, dataDir);
const user = await signUp(app, `review-page-${Date.now().toString(36)}@example.com`);
await app.stop();
const tokens = await seedRequests(dataDir, user.merchant.id);
app = await startApp(env, dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  console.log(`Load average before: ${loadAverage()}`);
  console.log(`Lighthouse mobile, medians of ${RUNS} runs (CLS: the largest of any run).`);
  console.log('| page | performance | accessibility | CLS | TBT ms | LCP ms | first-load JS B gzip |');
  console.log('|---|---|---|---|---|---|---|');
  const pages = [
    ['/r/ en', `/r/${tokens.en}?rating=5`],
    ['/r/ es', `/r/${tokens.es}?rating=5`],
    ['/r/ pt', `/r/${tokens.pt}?rating=5`],
    ['/u/ unsubscribe', `/u/${tokens.unsubscribe}`],
  ];
  for (const [name, path] of pages) {
    const url = `${app.url}${path}`;
    const r = await audit(chrome, url);
    const js = await firstLoadJs(url);
    const ok = r.score >= 95 && r.a11y === 100 && r.cls === 0 && js <= 60 * 1024;
    if (!ok) failed = true;
    console.log(`| ${name} | ${r.score} | ${r.a11y} | ${r.cls} | ${r.tbt} | ${r.lcp} | ${js}${ok ? '' : ' ✗'} |`);
  }
  console.log(`Load average after: ${loadAverage()}`);
} finally {
  await chrome.kill();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
