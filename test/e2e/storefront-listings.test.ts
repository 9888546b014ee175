/// <reference lib="dom" />
import type { Browser, Page, Request } from 'playwright-core';
import { ProductsRepository } from '../../server/products/products.repository.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { seedUser, withTestDatabase } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeListing, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import { axeViolations, collectProblems, launchBrowser, layoutShift, watchLayoutShifts } from '../support/browser.js';
import { callApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// Storefront pages of many products. Stars on a collection page's product cards: the badge chunk, one
// GET /api/reviews/summary/ for every card, labels a screen reader reads, and nothing on the page moving when they
// arrive. The store's "Reviews" page (data-vr-mode="all"): every product's reviews with their product, paged.

/** Seeded ratings run 1, 2, 3…: 4 approved reviews average 2.5, 2 average 1.5, 1 is 1. */
const SHIRT: FakeProduct = { id: '7001', name: 'Linen Shirt' };
const BAG: FakeProduct = { id: '112', name: 'Canvas Bag' };
const MATE: FakeProduct = { id: '5501', name: 'Mate' };
/** No published review: its card shows no stars. */
const CUP: FakeProduct = { id: '9090', name: 'Cup' };
const PRODUCTS = [SHIRT, BAG, MATE, CUP];
const en = WIDGET_STRINGS.en;

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
const problems: string[] = [];
const PRODUCT_PAGES = 'https://shop.example/products/';

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'collection@example.com' });
  await withTestDatabase(testEnv.env, async (database) => {
    // The platform's catalogue: the Reviews page names and links these products.
    await new ProductsRepository(database).upsertFromPlatform(
      owner.merchantId,
      [SHIRT, BAG, MATE].map(({ id, name }) => ({
        externalId: id,
        name,
        url: id === BAG.id ? null : `${PRODUCT_PAGES}${id}`,
        sku: null,
        imageUrl: null,
        priceAmount: null,
        currency: null,
        archived: false,
      })),
    );
    await seedReviews(database, owner.merchantId, 4, { productId: SHIRT.id, status: 'approved' });
    await seedReviews(database, owner.merchantId, 2, { productId: BAG.id, status: 'approved' });
    await seedReviews(database, owner.merchantId, 1, { productId: MATE.id, status: 'approved' });
    // Not published: counted nowhere.
    await seedReviews(database, owner.merchantId, 3, { productId: MATE.id, status: 'pending' });
    await seedReviews(database, owner.merchantId, 2, { productId: CUP.id, status: 'rejected' });
  });
  server = await startServerProcess(testEnv.env);
  token = owner.accessToken;
  const { snippet } = await callApi<{ snippet: string }>(server.url, token, '/api/installation/snippet/');
  store = await startFakeStorefront(snippet);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

/**
 * A shopper's fresh browser on a collection page, counting the requests to the summary endpoint and the layout
 * shifts from the first paint.
 */
async function shopperPage(): Promise<{ page: Page; summaries: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchLayoutShifts(context);
  const page = await context.newPage();
  collectProblems(page, problems);
  const summaries: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/reviews/')) summaries.push(request.url());
  });
  return { page, summaries };
}

async function openCollection(listing: FakeListing): Promise<{ page: Page; summaries: string[] }> {
  const { page, summaries } = await shopperPage();
  await page.goto(store.url + store.collection(listing, PRODUCTS));
  // Three of the four cards have published reviews.
  await page.waitForFunction(() => document.querySelectorAll('[data-vr-product-id], .vr-badge').length > 0);
  await page.waitForFunction(
    () => [...document.querySelectorAll('*')].filter((el) => el.shadowRoot?.querySelector('[role=img]')).length === 3,
  );
  return { page, summaries };
}

/** Each card's product name and its stars' label and text (null: no stars). */
function badges(page: Page, card: string, name: string) {
  return page.evaluate(
    ([cardSelector, nameSelector]) =>
      [...document.querySelectorAll(cardSelector)].map((card) => {
        const host = [card, ...card.querySelectorAll('*')].find((el) => el.shadowRoot);
        const badge = host?.shadowRoot?.querySelector('[role=img]');
        return {
          name: card.querySelector(nameSelector)?.textContent,
          label: badge?.getAttribute('aria-label') ?? null,
          text: badge?.textContent ?? null,
        };
      }),
    [card, name],
  );
}

const EXPECTED = [
  { name: SHIRT.name, label: en.rated.replace('{n}', '2.5').replace('{count}', '4 reviews'), text: '★★★★★ 2.5 (4)' },
  { name: BAG.name, label: en.rated.replace('{n}', '1.5').replace('{count}', '2 reviews'), text: '★★★★★ 1.5 (2)' },
  { name: MATE.name, label: en.rated.replace('{n}', '1').replace('{count}', en.reviews_one), text: '★★★★★ 1 (1)' },
  { name: CUP.name, label: null, text: null },
];

describe('stars on a Shopify collection page (the app block in each card)', () => {
  let page: Page;
  let summaries: string[];
  beforeAll(async () => ({ page, summaries } = await openCollection('shopify')));

  it('fetches every card’s stars in one request, the ids sorted and the data version named', () => {
    expect(summaries).toHaveLength(1);
    const url = new URL(summaries[0]);
    expect(url.pathname).toBe('/api/reviews/summary/');
    expect(url.searchParams.get('ids')).toBe(
      [SHIRT, BAG, MATE, CUP]
        .map((p) => p.id)
        .sort()
        .join(','),
    );
    expect(url.searchParams.get('v')).toMatch(/^[\w-]+\.\d+$/);
  });

  it('shows each product’s average and count, labelled for screen readers; none for a product without reviews', async () => {
    expect(await badges(page, '.card-wrapper', '.card__heading')).toEqual(EXPECTED);
    // The stars drawn: 2.5 rounds to 3 filled of 5.
    const filled = await page
      .locator('[data-vr-product-id="7001"]')
      .evaluate((el) => el.shadowRoot!.querySelector('.s')!.textContent);
    expect(filled).toBe('★★★');
  });

  it('moves nothing on the page (CLS 0) and is accessible', async () => {
    expect(await layoutShift(page)).toBe(0);
    expect(await axeViolations(page, '.grid')).toEqual([]);
    // The measurement does see a shift: a banner pushing the cards down.
    await page.evaluate(() => {
      const banner = document.createElement('div');
      banner.style.height = '120px';
      document.querySelector('main')!.prepend(banner);
    });
    await page.waitForFunction(() => (window as unknown as { __shifts: number[] }).__shifts.length > 0);
    expect(await layoutShift(page)).toBeGreaterThan(0);
  });
});

describe.each([
  ['bigcommerce', '.card', '.card-title'],
  ['tiendanube', '.js-item-product', '.item-name'],
] as const)("stars on a %s collection page (the theme's own cards)", (listing, card, name) => {
  it('shows every card’s stars from one request, over the card, moving nothing', async () => {
    const { page, summaries } = await openCollection(listing);
    expect(summaries).toHaveLength(1);
    expect(await badges(page, card, name)).toEqual(EXPECTED);
    expect(await layoutShift(page)).toBe(0);
    expect(await axeViolations(page, '.grid')).toEqual([]);
  });
});

describe('the store\'s Reviews page (data-vr-mode="all")', () => {
  let page: Page;
  let calls: string[];
  const host = () => page.locator('[data-vr-mode=all]');
  const rows = () => host().locator('.vr-tile');
  beforeAll(async () => {
    await callApi(server.url, token, '/api/widgets/global-settings/', { initial_videos_count: 3 });
    ({ page, summaries: calls } = await shopperPage());
    await page.goto(store.url + '/reviews');
    await host().locator('.vr-tile').first().waitFor();
  });

  it('lists the published reviews of every product, one request, each row naming and linking its product', async () => {
    expect(calls.filter((url) => new URL(url).pathname === '/api/reviews/public/all/')).toHaveLength(1);
    expect(calls.filter((url) => new URL(url).pathname === '/api/reviews/public/')).toEqual([]);
    // The store's summary: 4 + 2 + 1 published reviews.
    expect(await host().locator('.vr-count').textContent()).toBe(en.reviews_many.replace('{n}', '7'));
    expect(await rows().count()).toBe(3);
    const products = async () =>
      rows().evaluateAll((elements) =>
        elements.map((row) => {
          const product = row.querySelector('.vr-product');
          return { name: product?.textContent, href: product?.querySelector('a')?.getAttribute('href') ?? null };
        }),
      );
    const names = new Map([SHIRT, BAG, MATE].map(({ id, name }) => [name, id === BAG.id ? null : PRODUCT_PAGES + id]));
    for (const { name, href } of await products()) expect(names.get(name!)).toBe(href);

    // The existing pagination: Show more, until every review is there.
    await host().locator('.vr-more').click();
    await page.waitForFunction(
      () => document.querySelector('[data-vr-mode=all]')!.shadowRoot!.querySelectorAll('.vr-tile').length === 6,
    );
    await host().locator('.vr-more').click();
    await page.waitForFunction(
      () => document.querySelector('[data-vr-mode=all]')!.shadowRoot!.querySelectorAll('.vr-tile').length === 7,
    );
    expect(await host().locator('.vr-more').count()).toBe(0);
    const all = await products();
    expect(all).toHaveLength(7);
    expect(all.filter((product) => product.name === SHIRT.name)).toHaveLength(4);
    expect(all.filter((product) => product.name === MATE.name)).toHaveLength(1);
    for (const { name, href } of all) expect(names.get(name!)).toBe(href);
  });

  it('has no form, no Questions and no product JSON-LD, and is accessible', async () => {
    expect(await host().locator('.vr-write, .vr-ask').count()).toBe(0);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(await axeViolations(page, '[data-vr-mode=all]')).toEqual([]);
  });
});
