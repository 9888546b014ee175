// The dashboard's JavaScript per page (issue 18): what Chromium fetches from a fresh cache until the page is hydrated
// and the network has gone quiet, without a click (the language's texts and, on `/`, the charts included), each file
// measured gzipped (level 9) from dist/client. Goals: first-load JavaScript ≤ 150 kB gzip on every page, and ≤ 120
// kB gzip for what the dashboard's two charts cost (ECharts draws them on the server; the page loads only
// web/components/charts and ECharts' light client runtime, echarts/ssr/client, never the library); design budget:
// route JavaScript ≤ 250 kB gzip. Figures only, nothing timed. `npm run bench dashboard-js`; `node bench/dashboard-js.bench.mjs
// /reviews` runs one page; SCRIPTS=1 also lists each page's files (on stderr).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { PUBLIC_PAGES, ROOT, seedReviews, SIGNED_IN_PAGES, signUp, startApp } from './support.mjs';

const FIRST_LOAD_GOAL_KB = 150;
const ROUTE_BUDGET_KB = 250;
const only = process.argv[2];

const kB = (bytes) => (bytes / 1000).toFixed(1);
const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipped.get(file);
}

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
  return gzipSync(outputFiles[0].contents, { level: 9 }).length;
}

/** The scripts and style sheets a page loads on its own, as asset paths, in the order requested. */
async function assetsOf(browser, url, cookie) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const { origin } = new URL(url);
  if (cookie) await context.addCookies([{ name: 'access_token', value: cookie, url: origin, httpOnly: true }]);
  const page = await context.newPage();
  const scripts = [];
  const styles = [];
  page.on('request', (request) => {
    const requested = new URL(request.url());
    if (requested.origin !== origin) return;
    if (request.resourceType() === 'script') scripts.push(requested.pathname);
    if (request.resourceType() === 'stylesheet') styles.push(requested.pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Hydrated (every layout has the brand link), then quiet again: what loads after hydration is counted too.
  await page.waitForFunction(() => {
    const brand = globalThis.document.querySelector('.brand');
    return !!brand && Object.keys(brand).some((key) => key.startsWith('__reactProps'));
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await context.close();
  if (process.env.SCRIPTS) console.error(url, scripts.join(' '));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

const app = await startApp();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
try {
  const user = await signUp(app, `bundle-${Date.now().toString(36)}@example.com`);
  await seedReviews(app, user, 12);
  console.log('| page | first-load JS kB gzip | files | CSS kB gzip (files) | largest files (kB gzip) |');
  console.log('|---|---|---|---|---|');
  const pages = [
    ...PUBLIC_PAGES.map((path) => [path, undefined]),
    ...SIGNED_IN_PAGES.map((path) => [path, user.access]),
  ].filter(([path]) => !only || path === only);
  let worst = 0;
  for (const [path, cookie] of pages) {
    const { scripts, styles } = await assetsOf(browser, `${app.url}${path}`, cookie);
    const css = styles.reduce((sum, style) => sum + gzipSize(join(ROOT, 'dist', 'client', style)), 0);
    const sizes = scripts.map((script) => [script, gzipSize(join(ROOT, 'dist', 'client', script))]);
    const first = sizes.reduce((sum, [, size]) => sum + size, 0);
    worst = Math.max(worst, first);
    const largest = sizes
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_JS_FILES ?? 4))
      .map(([script, size]) => `${script.split('/').pop()} ${kB(size)}`)
      .join(', ');
    const mark = first <= FIRST_LOAD_GOAL_KB * 1000 ? '' : ' ✗';
    const cells = [`${kB(first)}${mark}`, sizes.length, `${kB(css)} (${styles.length})`, largest];
    console.log(`| ${path} | ${cells.join(' | ')} |`);
  }

  console.log(
    `\nLargest first load: ${kB(worst)} kB gzip (goal ≤ ${FIRST_LOAD_GOAL_KB}; design budget for a route ` +
      `≤ ${ROUTE_BUDGET_KB}: nothing loads after hydration). The charts: ${kB(chartsSize())} kB gzip in the ` +
      `browser, ECharts' light runtime included (goal ≤ 120; the library is never loaded: they come drawn).`,
  );
} finally {
  await browser.close();
  await app.stop();
}
