// The dashboard's JavaScript per page (issues 18, 29): what Chromium fetches from a fresh cache until the page is
// hydrated and the network has gone quiet, without a click (the language's texts and, on `/`, the charts included).
// Each page's figure is what went over the wire, as Lighthouse counts a script's transfer size: the answer's headers
// and its body in the encoding the server chose for Chromium's Accept-Encoding (CDP's encodedDataLength); beside it
// the same files gzipped at level 9. Goal (issue 29): first-load JavaScript ≤ 150 kB transferred on every page, the
// signed-out pages and the hosted review page (/r/:token) included; ≤ 120 kB gzip for what the dashboard's two charts
// cost (ECharts draws them on the server; the page loads only web/components/charts and ECharts' light client
// runtime, echarts/ssr/client, never the library); design budget: route JavaScript ≤ 250 kB gzip. Figures only,
// nothing timed. `npm run bench dashboard-js`; `node bench/dashboard-js.bench.mjs /reviews` runs one page (`/r/` the
// hosted review page); SCRIPTS=1 also lists each page's files with their bytes transferred (on stderr).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { PUBLIC_PAGES, ROOT, seedReviews, SIGNED_IN_PAGES, signUp, startApp } from './support.mjs';

const FIRST_LOAD_GOAL_KB = 150;
const ROUTE_BUDGET_KB = 250;
const REVIEW_PAGE = '/r/';
const only = process.argv[2];

const kB = (bytes) => (bytes / 1000).toFixed(1);
const gzip9 = (body) => gzipSync(body, { level: 9 }).length;

/** The charts' browser code (web/components/charts and the light runtime it imports), minified and gzipped apart. */
function chartsSize() {
  const dir = join(ROOT, 'web', 'components', 'charts');
  const entry = readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `export * from ${JSON.stringify(join(dir, name))};`)
    .join('\n');
  const { outputFiles } = buildSync({
    stdin: { contents: entry, resolveDir: dir, loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    external: ['react', 'react/jsx-runtime'],
  });
  return gzip9(outputFiles[0].contents);
}

/**
 * A review request's link to the hosted review page, for a store of `user` (signUp's): made through the API, sent
 * now, and read from the mail in the outbox.
 */
async function reviewPageLink(app, user) {
  const headers = { authorization: `JWT ${user.access}`, 'content-type': 'application/json', origin: app.url };
  const call = async (method, path, body) => {
    const res = await fetch(`${app.url}/api/review-requests/${path}`, { method, headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} /api/review-requests/${path} answered ${res.status}`);
    return res.json();
  };
  // Any hour of the day: the store's send window would otherwise hold the mail until the morning.
  await call('PUT', 'settings/', { send_window_start: '00:00', send_window_end: '23:59' });
  const email = `buyer-${Date.now().toString(36)}@example.com`;
  const request = await call('POST', '', {
    customer_email: email,
    customer_name: 'Rae',
    order_id: `bench-${Date.now()}`,
    products: [
      { id: 'product-0', name: 'Linen shirt' },
      { id: 'product-1', name: 'Wool scarf' },
    ],
  });
  await call('POST', `${request.id}/send-now/`, {});
  const outbox = join(app.dataDir, 'outbox');
  for (let i = 0; i < 400; i++) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const eml = readFileSync(join(outbox, file), 'latin1').replace(/=\r?\n/g, '');
      const token = eml.includes(email) && /\/r\/([\w-]+)/.exec(eml)?.[1];
      if (token) return `${REVIEW_PAGE}${token}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No review request mail to ${email} in ${outbox}`);
}

/**
 * The scripts a page loads on its own, in the order requested, each with its bytes transferred (headers included)
 * and its body gzipped at level 9; its style sheets' bytes transferred, and its document's (which carries the first
 * page's style sheets: server/ssr/first-paint.ts).
 */
async function firstLoadOf(browser, url, cookie) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const { origin } = new URL(url);
  if (cookie) await context.addCookies([{ name: 'access_token', value: cookie, url: origin, httpOnly: true }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script' && type !== 'Stylesheet' && type !== 'Document') return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    requests.set(requestId, { type, url: response.url, encoding: headers['content-encoding'] ?? 'identity' });
  });
  const finished = [];
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (!request) return;
    request.transferred = encodedDataLength;
    if (request.type === 'Script') {
      finished.push(
        cdp.send('Network.getResponseBody', { requestId }).then(({ body, base64Encoded }) => {
          request.gzip = gzip9(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'));
        }),
      );
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (!url.includes(REVIEW_PAGE)) {
    // Hydrated (every layout has the brand link), then quiet again: what loads after hydration is counted too.
    await page.waitForFunction(() => {
      const brand = globalThis.document.querySelector('.brand');
      return !!brand && Object.keys(brand).some((key) => key.startsWith('__reactProps'));
    });
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await Promise.all(finished);
  await context.close();
  const all = [...requests.values()].filter((request) => request.transferred !== undefined);
  const scripts = all
    .filter((request) => request.type === 'Script')
    .map((request) => ({ ...request, name: new URL(request.url).pathname.split('/').pop() }));
  const styles = all.filter((request) => request.type === 'Stylesheet');
  const documents = all.filter((request) => request.type === 'Document');
  if (process.env.SCRIPTS) {
    const files = scripts.map((script) => `${script.name} ${script.transferred} B ${script.encoding}`);
    console.error(url.replace(origin, ''), files.join(', '));
  }
  return { scripts, styles, document: sum(documents, 'transferred') };
}

const sum = (items, field) => items.reduce((total, item) => total + item[field], 0);

const app = await startApp();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
try {
  const user = await signUp(app, `bundle-${Date.now().toString(36)}@example.com`);
  await seedReviews(app, user, 12);
  const pages = [
    ...PUBLIC_PAGES.map((path) => [path, path, undefined]),
    ...SIGNED_IN_PAGES.map((path) => [path, path, user.access]),
    [`${REVIEW_PAGE}:token`, REVIEW_PAGE, undefined],
  ].filter(([, path]) => !only || path === only);
  console.log(
    `| page | first-load JS kB transferred | ≤ ${FIRST_LOAD_GOAL_KB} kB | kB gzip-9 | files | ` +
      'document kB transferred | CSS kB transferred (files) | largest files (kB transferred) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  let worst = 0;
  let worstGzip = 0;
  for (const [name, path, cookie] of pages) {
    const url = path === REVIEW_PAGE ? await reviewPageLink(app, user) : path;
    const { scripts, styles, document } = await firstLoadOf(browser, `${app.url}${url}`, cookie);
    const transferred = sum(scripts, 'transferred');
    const gzip = sum(scripts, 'gzip');
    worst = Math.max(worst, transferred);
    worstGzip = Math.max(worstGzip, gzip);
    const largest = [...scripts]
      .sort((a, b) => b.transferred - a.transferred)
      .slice(0, Number(process.env.BENCH_JS_FILES ?? 4))
      .map((script) => `${script.name} ${kB(script.transferred)}`)
      .join(', ');
    const verdict = transferred <= FIRST_LOAD_GOAL_KB * 1000 ? 'yes' : 'NO';
    const css = `${kB(sum(styles, 'transferred'))} (${styles.length})`;
    const cells = [kB(transferred), verdict, kB(gzip), scripts.length, kB(document), css, largest];
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }

  console.log(
    `\nLargest first load: ${kB(worst)} kB transferred, ${kB(worstGzip)} kB gzip-9 (goal ≤ ${FIRST_LOAD_GOAL_KB} ` +
      `transferred; design budget for a route ≤ ${ROUTE_BUDGET_KB}: nothing loads after hydration). The charts: ` +
      `${kB(chartsSize())} kB gzip in the browser, ECharts' light runtime included (goal ≤ 120; the library is never ` +
      'loaded: they come drawn).',
  );
} finally {
  await browser.close();
  await app.stop();
}
