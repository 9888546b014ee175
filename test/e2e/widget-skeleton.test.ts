/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import type { TPublicReviews } from '../../shared/storefront.js';
import { WIDGET_DEFAULTS, type TWidgetSettings, type TWidgetSettingsInput } from '../../shared/widgets.js';
import { plans, subscriptions } from '../../server/database/schema.js';
import { PLAN_CATALOG } from '../../server/billing/plans.catalog.js';
import { PlansRepository } from '../../server/billing/plans.repository.js';
import { widgetLayout } from '../../server/integrations/shopify/shopify-widget-layout.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { seedUser, withTestDatabase } from '../factories/users.factory.js';
import { collectProblems, launchBrowser, layoutShift, watchLayoutShifts } from '../support/browser.js';
import { renderProductBlock } from '../support/product-block.js';
import { callApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// Issue 25: on a Shopify product page with the product reviews app block, the widget arrives without moving
// anything (CLS 0) on a shopper's first visit. The block's skeleton, drawn by the theme from the product's review
// count and the widget's layout settings, must be exactly as tall as the widget that replaces it, at every width,
// whatever the reviews say (long names, long comments, text-only reviews, verified badges).

const SEVEN = { id: 'sk-7', name: 'Seven Reviews' };
const TWO = { id: 'sk-2', name: 'Two Reviews' };
const NONE = { id: 'sk-0', name: 'No Reviews' };
const WIDTHS = [375, 768, 1280];
const LONG_NAME = 'Maximiliano Bartholomew Fitzgerald-Villanueva';
const LONG_COMMENT =
  'Soft linen, relaxed cut, solid buttons; it survived a week of travel and still looked new. '.repeat(4);

let testEnv: TestEnv;
let server: ServerProcess;
let pages: Server;
let pagesUrl: string;
let browser: Browser;
let token: string;
let snippet: string;
let storeId: string;
const html = new Map<string, string>();
const problems: string[] = [];

const api = <T>(path: string, body?: unknown) => callApi<T>(server.url, token, path, body);

/** A product page whose block sits under the product's title, with related products right below it, in view. */
function productPage(block: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<link rel="icon" href="data:,"><title>Product</title>${snippet}
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif}main{max-width:960px;margin:0 auto;padding:16px}
.related{height:1200px;background:#fafafa}</style></head>
<body><main><h1>Linen shirt</h1><p>$49.00</p>${block}<section class="related">You may also like</section></main></body></html>`;
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'skeleton@example.com' });
  token = owner.accessToken;
  await withTestDatabase(testEnv.env, async (database) => {
    // A plan without a limit on published reviews, for the two uploads below.
    await new PlansRepository(database).seed(PLAN_CATALOG);
    const [scale] = await database.db.select({ id: plans.id }).from(plans).where(eq(plans.code, 'scale'));
    await database.db
      .insert(subscriptions)
      .values({ merchantId: owner.merchantId, planId: scale!.id, provider: 'none' });
    // Text-only reviews: long and short names and comments, some verified.
    await seedReviews(database, owner.merchantId, 5, {
      status: 'approved',
      productId: SEVEN.id,
      productName: SEVEN.name,
      customerName: (i) => (i % 2 ? LONG_NAME : 'Ana'),
      comment: (i) => (i % 3 ? LONG_COMMENT : ''),
      verifiedPurchase: (i) => i % 2 === 1,
    });
    await seedReviews(database, owner.merchantId, 2, {
      status: 'approved',
      productId: TWO.id,
      productName: TWO.name,
      comment: () => 'Fine.',
    });
  });
  server = await startServerProcess(testEnv.env);
  ({ snippet, store_id: storeId } = await api<{ snippet: string; store_id: string }>('/api/installation/snippet/'));
  // Two reviews with a photo, one of them with a long comment: tiles with media beside text-only ones.
  for (const comment of [LONG_COMMENT, 'Great.']) {
    const id = await uploadByApi(
      server.url,
      {
        merchant_id: storeId,
        product_id: SEVEN.id,
        product_name: SEVEN.name,
        customer_name: LONG_NAME,
        customer_email: 'photo@example.com',
        rating: '4',
        comment,
      },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
    await api(`/api/reviews/${id}/approve/`, {});
  }
  for (let i = 0; i < 300; i++) {
    const shown = await api<TPublicReviews>(`/api/reviews/public/?product_id=${SEVEN.id}&merchant_id=${storeId}`);
    if (shown.count === 7) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  pages = createServer((req, res) => {
    const page = html.get(req.url ?? '');
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? '');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages?.close(resolve));
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

interface Measured {
  skeleton: number;
  widget: number;
  shift: number;
  tiles: number;
}

/** Loads the page in a fresh browser at `width`: the placeholder's height before the widget, after it, and the CLS. */
async function measure(path: string, width: number): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await watchLayoutShifts(context);
  // Before any of the page's scripts: the skeleton's height as the theme drew it.
  await context.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const placeholder = document.querySelector('[data-video-reviews]') as HTMLElement;
      (window as unknown as { __skeleton: number }).__skeleton = placeholder.getBoundingClientRect().height;
    }),
  );
  const page = await context.newPage();
  collectProblems(page, problems);
  await page.goto(pagesUrl + path);
  await page.locator('.video-reviews-widget .vr-root').waitFor();
  // Every thumbnail in and the fonts settled: nothing left that could move the page.
  await page.waitForFunction(() =>
    [...(document.querySelector('.video-reviews-widget')!.shadowRoot!.querySelectorAll('img') ?? [])].every(
      (img) => img.complete,
    ),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const shift = await layoutShift(page);
  const measured = await page.evaluate(() => {
    const host = document.querySelector('.video-reviews-widget') as HTMLElement;
    return {
      skeleton: (window as unknown as { __skeleton: number }).__skeleton,
      widget: host.getBoundingClientRect().height,
      tiles: host.shadowRoot!.querySelectorAll('.vr-tile').length,
    };
  });
  await context.close();
  return { ...measured, shift };
}

const CASES: Array<[string, TWidgetSettingsInput, { id: string }, number]> = [
  ['a grid of 3 of 7 reviews with title, stars and dates', { initial_videos_count: 3 }, SEVEN, 3],
  [
    'a compact grid of all 7, no title, no dates',
    { compact_mode: true, initial_videos_count: 10, widget_title: '', show_date: false },
    SEVEN,
    7,
  ],
  ['a carousel without stars', { layout: 'carousel', show_rating: false }, SEVEN, 7],
  ['a grid of the 2 reviews there are, with "all" shown', { initial_videos_count: 0 }, TWO, 2],
  ['a product without reviews', {}, NONE, 0],
];

describe.each(CASES)('the product reviews block with %s', (_name, patch, product, tiles) => {
  const path = `/${product.id}-${Object.keys(patch).join('-') || 'defaults'}`;

  beforeAll(async () => {
    const settings = await api<TWidgetSettings>('/api/widgets/global-settings/', {
      ...WIDGET_DEFAULTS,
      ...patch,
    });
    const { count } = await api<TPublicReviews>(`/api/reviews/public/?product_id=${product.id}&merchant_id=${storeId}`);
    html.set(path, productPage(renderProductBlock(product.id, count, widgetLayout(settings))));
  });

  it.each(WIDTHS)('is as tall as the widget that replaces it at %i px: nothing moves', async (width) => {
    const { skeleton, widget, shift, tiles: shown } = await measure(path, width);
    expect(shown).toBe(tiles);
    expect(Math.abs(widget - skeleton)).toBeLessThan(0.5);
    expect(shift).toBe(0);
  });
});

describe('the product reviews block without the metafields', () => {
  it('is an empty placeholder the widget fills (the shift the skeleton avoids, measured)', async () => {
    await api('/api/widgets/global-settings/', WIDGET_DEFAULTS);
    html.set('/bare', productPage(renderProductBlock(SEVEN.id, undefined, undefined)));
    const { skeleton, widget, shift } = await measure('/bare', 1280);
    expect(skeleton).toBe(0);
    expect(widget).toBeGreaterThan(300);
    expect(shift).toBeGreaterThan(0);
  });

  it('draws no skeleton for the list layout, whose rows grow with their text', () => {
    const block = renderProductBlock(SEVEN.id, 7, { ...widgetLayout(WIDGET_DEFAULTS), layout: 'list' });
    expect(block).toContain('data-product-id="sk-7"');
    expect(block).not.toContain('vr-k-i');
  });
});
