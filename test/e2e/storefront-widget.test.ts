/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { count, eq } from 'drizzle-orm';
import type { TReview } from '../../shared/reviews.js';
import type { TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { WIDGET_LAYOUTS, type TWidgetSettingsInput } from '../../shared/widgets.js';
import { widgetEvents } from '../../server/database/schema.js';
import { ProductsRepository } from '../../server/products/products.repository.js';
import { seedUser, withTestDatabase } from '../factories/users.factory.js';
import {
  startFakeStorefront,
  themeProduct,
  type FakePlatform,
  type FakeProduct,
  type FakeStorefront,
} from '../fakes/storefront.js';
import { launchBrowser, layoutShift, waitForHydration, watchLayoutShifts } from '../support/browser.js';
import { fixture } from '../factories/reviews.factory.js';
import { callApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

const SHIRT: FakeProduct = { id: '7001', name: 'Linen Shirt' };
const BAG: FakeProduct = { id: '112', name: 'Canvas Bag' };
const MATE: FakeProduct = { id: '5501', name: 'Mate' };
const POSTER: FakeProduct = { id: 'poster-9', name: 'Poster' };
const HIDDEN: FakeProduct = { id: 'poster-off', name: 'Hidden Poster' };
/** Known to the catalogue by no image, reviewed with a video without thumbnail. */
const BARE: FakeProduct = { id: 'bare-1', name: 'Bare Print' };
/** On a site with no platform, named by the page's Product JSON-LD; one by its Open Graph tags, unknown until reviewed. */
const VASE: FakeProduct = { id: 'vase-7', name: 'Stoneware Vase' };
const BELT: FakeProduct = { id: 'belt-3', name: 'Leather Belt' };
/** What a platform's sync stored for the shirt and the poster: image, price, sku. */
const CATALOGUE = {
  [SHIRT.id]: {
    image: 'https://cdn.shop.example/catalogue/linen-shirt.jpg',
    price: 4900,
    currency: 'USD',
    sku: 'LS-1',
  },
  [POSTER.id]: { image: 'https://cdn.shop.example/catalogue/poster.jpg', price: 1500, currency: 'EUR', sku: 'PO-9' },
};
const LONG_NAME = 'Victoria Villanueva';
const LONG_COMMENT =
  'Great shirt, see for yourself. The linen is soft from the first wash, the cut is relaxed without being boxy, ' +
  'and the buttons feel solid. I wore it through a hot week of travel and it still looked good.';
const XSS = '<img src=x onerror="window.__xss = 1">';
const en = WIDGET_STRINGS.en;

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
let merchantId: string;
let storeId: string;
const ids: Record<string, string> = {};
const problems: string[] = [];

const api = <T>(path: string, body?: unknown) => callApi<T>(server.url, token, path, body);

const saveSettings = (patch: TWidgetSettingsInput) => api('/api/widgets/global-settings/', patch);

async function review(
  product: FakeProduct,
  fields: { name: string; rating: number; comment?: string },
  files: Record<string, [string, string]>,
  status: 'approve' | 'reject' | null = 'approve',
): Promise<string> {
  const id = await uploadByApi(
    server.url,
    {
      merchant_id: storeId,
      product_id: product.id,
      product_name: product.name,
      customer_name: fields.name,
      customer_email: `${fields.name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      rating: String(fields.rating),
      comment: fields.comment ?? '',
    },
    files,
  );
  if (status) await api(`/api/reviews/${id}/${status}/`, {});
  return id;
}

/** A shopper's fresh browser (no HTTP cache), collecting console errors and layout shifts from the first paint. */
async function shopperPage(extra: { context?: BrowserContext; width?: number } = {}): Promise<Page> {
  const context =
    extra.context ?? (await browser.newContext({ viewport: { width: extra.width ?? 1280, height: 720 } }));
  await watchLayoutShifts(context);
  const page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

const host = (page: Page) => page.locator('.video-reviews-widget');

/** The widget's next console line starting `[video-reviews] <start>`: set up before the page loads. */
const consoleLine = (page: Page, start: string) =>
  page
    .waitForEvent('console', (message) => message.text().startsWith('[video-reviews] ' + start))
    .then((message) => message.text());

/** Opens a product page and waits until the widget has rendered and its thumbnails have loaded. */
async function openProduct(page: Page, platform: FakePlatform, product: FakeProduct): Promise<void> {
  await page.goto(store.url + store.path(platform, product));
  await page.locator('.video-reviews-widget .vr-root').waitFor();
  await page.waitForFunction(() =>
    [...(document.querySelector('.video-reviews-widget')?.shadowRoot?.querySelectorAll('img') ?? [])].every(
      (img) => img.complete,
    ),
  );
}

async function settledLayoutShift(page: Page): Promise<number> {
  // Let any late work (lazy thumbnails, fonts) land before reading.
  await page.waitForTimeout(500);
  return layoutShift(page);
}

/** Everything under the widget's host fits the viewport: the page never scrolls sideways. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('.video-reviews-widget').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

type LdNode = Record<string, unknown>;

/**
 * Google Search Central's documented properties for the rich results the widget's markup is for: product snippets
 * and merchant listings (Product, Offer), review snippets (Review, Rating, AggregateRating) and video results
 * (VideoObject). `anyOf`: at least one of them is required.
 */
const GOOGLE: Record<string, { required: string[]; anyOf?: string[]; recommended: string[] }> = {
  Product: {
    required: ['name', 'image', 'offers'],
    anyOf: ['review', 'aggregateRating', 'offers'],
    recommended: ['aggregateRating', 'review', 'brand', 'description', 'gtin', 'sku'],
  },
  Offer: {
    required: ['price', 'priceCurrency'],
    recommended: ['availability', 'itemCondition', 'priceValidUntil', 'shippingDetails', 'hasMerchantReturnPolicy'],
  },
  AggregateRating: {
    required: ['ratingValue'],
    anyOf: ['ratingCount', 'reviewCount'],
    recommended: ['bestRating', 'worstRating'],
  },
  Review: { required: ['author', 'reviewRating'], recommended: ['datePublished'] },
  Rating: { required: ['ratingValue'], recommended: ['bestRating', 'worstRating'] },
  Person: { required: ['name'], recommended: [] },
  VideoObject: {
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: [
      'contentUrl',
      'description',
      'duration',
      'embedUrl',
      'expires',
      'hasPart',
      'interactionStatistic',
      'regionsAllowed',
    ],
  },
};
/**
 * Recommended properties nothing in the app knows, so the widget's own markup leaves them out: the catalogue has no
 * brand, description, GTIN, stock, condition, shipping or returns; videos have no embed page, expiry, chapters or
 * view counts, and their length only once media processing measures it.
 */
const UNKNOWN: Record<string, string[]> = {
  Product: ['brand', 'description', 'gtin'],
  Offer: ['availability', 'itemCondition', 'priceValidUntil', 'shippingDetails', 'hasMerchantReturnPolicy'],
  VideoObject: ['duration', 'embedUrl', 'expires', 'hasPart', 'interactionStatistic', 'regionsAllowed'],
};
const NESTED: Record<string, string> = {
  offers: 'Offer',
  aggregateRating: 'AggregateRating',
  review: 'Review',
  reviewRating: 'Rating',
  author: 'Person',
  video: 'VideoObject',
};

/**
 * What Google's lists find missing in `node` and what it nests, as `Type.property` (recommended: `Type.?property`),
 * leaving out the recommended properties nobody knows.
 */
function richResultProblems(node: LdNode): string[] {
  const type = String(node['@type']);
  const rules = GOOGLE[type];
  if (!rules) return [`unexpected type ${type}`];
  const has = (name: string) => node[name] !== undefined && node[name] !== null && node[name] !== '';
  const problems = rules.required.filter((name) => !has(name)).map((name) => `${type}.${name}`);
  if (rules.anyOf && !rules.anyOf.some(has)) problems.push(`${type}.${rules.anyOf.join('|')}`);
  const unknown = UNKNOWN[type] ?? [];
  problems.push(
    ...rules.recommended.filter((name) => !has(name) && !unknown.includes(name)).map((name) => `${type}.?${name}`),
  );
  for (const [property, nestedType] of Object.entries(NESTED)) {
    for (const child of ([] as unknown[]).concat(node[property] ?? [])) {
      const typed = child as LdNode;
      if (typed['@type'] !== nestedType) problems.push(`${type}.${property} is not a ${nestedType}`);
      else problems.push(...richResultProblems(typed));
    }
  }
  return problems;
}

/** The values Google checks the shape of: dates, URLs, ratings in range, prices and names. */
function expectValidValues(product: LdNode): void {
  const rating = product.aggregateRating as LdNode;
  expect(Number(rating.ratingValue)).toBeGreaterThanOrEqual(Number(rating.worstRating));
  expect(Number(rating.ratingValue)).toBeLessThanOrEqual(Number(rating.bestRating));
  for (const image of ([] as unknown[]).concat(product.image)) expect(String(image)).toMatch(/^https?:\/\//);
  for (const offer of ([] as LdNode[]).concat((product.offers as LdNode) ?? [])) {
    expect(String(offer.price)).toMatch(/^\d+(\.\d+)?$/);
    expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
  }
  for (const review of product.review as LdNode[]) {
    const name = String((review.author as LdNode).name);
    expect(name.length).toBeGreaterThan(0);
    expect(name.length).toBeLessThan(100);
    expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const video = review.video as LdNode | undefined;
    if (!video) continue;
    expect(video.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/);
    expect(String(video.thumbnailUrl)).toMatch(/^https?:\/\//);
    expect(String(video.contentUrl)).toMatch(/^https?:\/\//);
  }
}

/** Every JSON-LD block of the page, parsed, once the widget's JSON-LD chunk has written its own or the theme's. */
async function jsonLd(page: Page): Promise<Array<{ own: string | null; data: LdNode }>> {
  await page.locator('script[data-video-reviews-jsonld]').waitFor({ state: 'attached' });
  return page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => ({
      own: script.getAttribute('data-video-reviews-jsonld'),
      data: JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    })),
  );
}

/** Sets the page's Open Graph `<meta property>` tags (null: removes one) before the widget reads them. */
async function setMeta(page: Page, tags: Record<string, string | null>): Promise<void> {
  await page.addInitScript((tags) => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const [property, content] of Object.entries(tags)) {
        document.querySelector(`meta[property="${property}"]`)?.remove();
        if (content === null) continue;
        const meta = document.createElement('meta');
        meta.setAttribute('property', property);
        meta.content = content;
        document.head.append(meta);
      }
    });
  }, tags);
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'storefront@example.com' });
  token = owner.accessToken;
  merchantId = owner.merchantId;
  // A platform's catalogue sync, before the server takes the database.
  await withTestDatabase(testEnv.env, (database) =>
    new ProductsRepository(database).upsertFromPlatform(
      merchantId,
      [SHIRT, POSTER].map((product) => ({
        externalId: product.id,
        name: product.name,
        sku: CATALOGUE[product.id].sku,
        imageUrl: CATALOGUE[product.id].image,
        priceAmount: CATALOGUE[product.id].price,
        currency: CATALOGUE[product.id].currency,
        url: null,
        archived: false,
      })),
    ),
  );
  server = await startServerProcess(testEnv.env);
  const snippet = await api<{ snippet: string; store_id: string }>('/api/installation/snippet/');
  storeId = snippet.store_id;
  store = await startFakeStorefront(snippet.snippet);

  await saveSettings({
    primary_color: '#ff5500',
    secondary_color: '#114477',
    text_color: '#222222',
    background_color: '#fff8f0',
    initial_videos_count: 3,
    show_date: true,
    show_rating: true,
    widget_title: 'What buyers filmed',
  });
  // The Free plan allows 5 active reviews: 4 here, the shopper's own below.
  ids.photo = await review(
    SHIRT,
    { name: 'Pablo', rating: 4, comment: 'Nice fabric' },
    { photo: ['photo.jpg', 'image/jpeg'] },
  );
  ids.xss = await review(SHIRT, { name: 'Mallory', rating: 4, comment: XSS }, { photo: ['photo.png', 'image/png'] });
  ids.fourth = await review(
    SHIRT,
    { name: LONG_NAME, rating: 3, comment: 'Fine' },
    { photo: ['photo.webp', 'image/webp'] },
  );
  // Newest, so first on the page.
  ids.video = await review(
    SHIRT,
    { name: 'Vera', rating: 5, comment: LONG_COMMENT },
    { video: ['review.webm', 'video/webm'], thumbnail: ['thumbnail.jpg', 'image/jpeg'] },
  );
  await review(
    SHIRT,
    { name: 'Pending', rating: 1, comment: 'PENDING-TEXT' },
    { photo: ['photo.jpg', 'image/jpeg'] },
    null,
  );
  await review(
    SHIRT,
    { name: 'Rejected', rating: 1, comment: 'REJECTED-TEXT' },
    { photo: ['photo.jpg', 'image/jpeg'] },
    'reject',
  );
  await review(
    BAG,
    { name: 'Rita', rating: 2, comment: 'REJECTED-BAG' },
    { photo: ['photo.jpg', 'image/jpeg'] },
    'reject',
  );
  await review(HIDDEN, { name: 'Hugo', rating: 5 }, { photo: ['photo.jpg', 'image/jpeg'] }, null);
  await api('/api/widgets/product-overrides/set_override/', { product_id: BAG.id, position: 'after_gallery' });
  await api('/api/widgets/product-overrides/set_override/', { product_id: HIDDEN.id, enabled: false });

  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('the storefront widget on a Shopify product page', () => {
  let page: Page;
  beforeAll(async () => {
    page = await shopperPage();
    await openProduct(page, 'shopify', SHIRT);
  });

  it('shifts no layout while loading (first, before any scrolling), and the measurement does see a shift', async () => {
    expect(await settledLayoutShift(page)).toBe(0);
    // The same observer reports a real shift: content pushed down in view.
    await page.evaluate(() => {
      const banner = document.createElement('div');
      banner.style.height = '120px';
      document.body.prepend(banner);
    });
    expect(await settledLayoutShift(page)).toBeGreaterThan(0);
  });

  it('renders only approved reviews after the description, with the saved title, colours, count and dates', async () => {
    expect(await host(page).evaluate((el) => el.previousElementSibling?.className)).toBe('product__description');
    expect(await host(page).getAttribute('data-product-id')).toBe(SHIRT.id);
    const root = host(page).locator('.vr-root');
    expect(await root.locator('.vr-title').textContent()).toBe('What buyers filmed');
    expect(await root.locator('.vr-count').textContent()).toBe(en.reviews_many.replace('{n}', '4'));
    expect(await root.locator('.vr-average').textContent()).toContain('4');
    expect(await host(page).evaluate((el) => getComputedStyle(el).getPropertyValue('--vr-primary').trim())).toBe(
      '#ff5500',
    );
    expect(await root.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 248, 240)');
    expect(await root.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(34, 34, 34)');

    const tiles = root.locator('.vr-tile');
    expect(await tiles.count()).toBe(3);
    expect(await root.locator('.vr-date').count()).toBe(3);
    expect(await root.locator('.vr-stars').count()).toBe(3);
    const text = (await root.textContent()) ?? '';
    for (const hidden of ['PENDING-TEXT', 'REJECTED-TEXT']) expect(text).not.toContain(hidden);
    await root.locator('.vr-more').click();
    await page.waitForFunction(
      () => document.querySelector('.video-reviews-widget')?.shadowRoot?.querySelectorAll('.vr-tile').length === 4,
    );
    expect(await root.locator('.vr-more').isVisible()).toBe(false);
    const shown = await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-review-id')));
    expect(shown.sort()).toEqual([ids.video, ids.photo, ids.xss, ids.fourth].sort());
  });

  it('shows a comment holding markup as text', async () => {
    const comment = host(page).locator(`.vr-tile[data-review-id="${ids.xss}"] .vr-comment`);
    expect(await comment.textContent()).toBe(XSS);
    expect(await host(page).locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('plays a video review in a modal that traps focus and closes with Escape', async () => {
    const tile = host(page).locator(`.vr-tile[data-review-id="${ids.video}"]`);
    await tile.click();
    const modal = host(page).locator('.vr-modal');
    await modal.waitFor();
    expect(await modal.getAttribute('role')).toBe('dialog');
    await page.waitForFunction(() => {
      const video = document
        .querySelector('.video-reviews-widget')
        ?.shadowRoot?.querySelector<HTMLVideoElement>('.vr-modal video.vr-player');
      return video !== null && video !== undefined && video.currentTime > 0;
    });
    expect(await modal.textContent()).toContain(LONG_COMMENT);
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await modal.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(
      await tile.evaluate((el) => {
        const active = (el.getRootNode() as ShadowRoot).activeElement;
        return active !== null && (el === active || el.contains(active));
      }),
    ).toBe(true);
  });

  it('adds the rating and reviews to the theme’s own Product JSON-LD, meeting Google’s requirements', async () => {
    const published = (await (
      await fetch(`${server.url}/api/reviews/public/?product_id=${SHIRT.id}&merchant_id=${storeId}`)
    ).json()) as TPublicReviews;
    const blocks = await jsonLd(page);
    // No second Product: the theme's block carries everything, under its own @id and url.
    expect(blocks).toHaveLength(1);
    expect(blocks[0].own).toBe('attached');
    const ld = blocks[0].data;
    const theme = themeProduct(SHIRT.id, SHIRT.name);
    expect(ld).toMatchObject({
      '@type': 'Product',
      '@id': theme['@id'],
      url: theme.url,
      name: SHIRT.name,
      image: theme.image,
      offers: theme.offers,
    });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: published.average_rating, reviewCount: 4 });
    const reviews = ld.review as LdNode[];
    expect(reviews).toHaveLength(4);
    const video = reviews.find((review) => review.video)?.video as LdNode;
    const vera = published.results.find((review) => review.id === ids.video)!;
    expect(video).toMatchObject({
      '@type': 'VideoObject',
      contentUrl: vera.video_url,
      thumbnailUrl: vera.thumbnail_url,
      uploadDate: vera.created_at,
      description: LONG_COMMENT,
    });
    expect(richResultProblems(ld)).toEqual([]);
    expectValidValues(ld);
    expect(reviews.map((review) => review.reviewBody)).toContain(XSS);
    expect(await page.evaluate(() => document.head.innerHTML)).not.toContain('<img src=x');
    // The widget's host is the only element the merchants' selector matches.
    expect(await page.locator('[data-video-reviews]').count()).toBe(0);
  });

  it('leaves the theme’s Product as it was but for the rating and reviews, whatever the page’s Open Graph says', async () => {
    const shopper = await shopperPage();
    // Dawn writes og:price tags beside its JSON-LD; here they and the image differ from the theme's Product.
    await setMeta(shopper, {
      'og:price:amount': '39.00',
      'og:price:currency': 'USD',
      'og:image:secure_url': 'https://cdn.shop.example/elsewhere.jpg',
    });
    await openProduct(shopper, 'shopify', SHIRT);
    const [{ own, data }] = await jsonLd(shopper);
    expect(own).toBe('attached');
    const { aggregateRating, review, ...theme } = data;
    expect(theme).toEqual(themeProduct(SHIRT.id, SHIRT.name));
    expect(aggregateRating).toMatchObject({ ratingValue: expect.any(Number), reviewCount: 4 });
    expect(review).toHaveLength(4);
    await shopper.context().close();
  });

  it('shows the distribution of stars and readable names on tiles with a play button', async () => {
    const rows = host(page).locator('.vr-bar-row');
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(
      [
        [5, 1],
        [4, 2],
        [3, 1],
        [2, 0],
        [1, 0],
      ].map(([n, count]) => en.distribution_row.replace('{n}', String(n)).replace('{count}', String(count))),
    );
    const widths = await host(page)
      .locator('.vr-bar > span')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).style.width));
    expect(widths).toEqual(['25%', '50%', '25%', '0%', '0%']);
    const name = host(page).locator('.vr-tile .vr-name', { hasText: LONG_NAME });
    // Whole and on one line at a desktop width.
    expect(
      await name.evaluate(
        (el) =>
          el.scrollWidth <= el.clientWidth &&
          (el as HTMLElement).offsetHeight < parseFloat(getComputedStyle(el).lineHeight) * 1.5,
      ),
    ).toBe(true);
    const videoTile = host(page).locator(`.vr-tile[data-review-id="${ids.video}"]`);
    expect(await videoTile.locator('.vr-play').count()).toBe(1);
    // No media processing yet: the length is unknown, so none is shown.
    expect(await videoTile.locator('.vr-duration').count()).toBe(0);
  });

  it('shows a video’s length on its tile once it is known', async () => {
    const configuration = (await (
      await fetch(`${server.url}/api/widgets/configuration/${SHIRT.id}/?merchant_id=${storeId}`)
    ).json()) as TWidgetConfiguration;
    const published = (await (
      await fetch(`${server.url}/api/reviews/public/?product_id=${SHIRT.id}&merchant_id=${storeId}`)
    ).json()) as TPublicReviews;
    const measured = {
      ...published,
      results: published.results.map((review) => ({ ...review, video_duration: review.video_url ? 95 : null })),
    };
    const duration = await page.evaluate(
      ([configuration, reviews]) => {
        const preview = document.body.appendChild(document.createElement('div'));
        (window as unknown as { VideoReviews: { render: (...args: unknown[]) => void } }).VideoReviews.render(
          preview,
          configuration,
          reviews,
          { preview: true },
        );
        const text = preview.shadowRoot!.querySelector('.vr-duration')?.textContent;
        preview.remove();
        return text;
      },
      [configuration, measured] as const,
    );
    expect(duration).toBe('1:35');
  });
});

describe('the storefront widget on other platforms', () => {
  it('places itself by the product override on BigCommerce and shows no refused review', async () => {
    const page = await shopperPage();
    await openProduct(page, 'bigcommerce', BAG);
    expect(await host(page).evaluate((el) => el.previousElementSibling?.className)).toBe('productView-images');
    expect(await host(page).locator('.vr-tile').count()).toBe(0);
    expect(await host(page).locator('.vr-empty').textContent()).toBe(en.no_reviews);
    expect(await host(page).locator('.vr-write').textContent()).toBe(en.write_review);
    expect(await host(page).locator('.vr-root').textContent()).not.toContain('REJECTED-BAG');
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(await settledLayoutShift(page)).toBe(0);
    await page.context().close();
  });

  it('follows the widget’s language, compact mode and hidden dates on Tienda Nube', async () => {
    // A fixed language (automatic, the default, is test/e2e/widget-language.test.ts's).
    await saveSettings({ compact_mode: true, show_date: false, language: 'es' });
    try {
      const tiendanube = await shopperPage();
      await openProduct(tiendanube, 'tiendanube', MATE);
      expect(await host(tiendanube).evaluate((el) => el.previousElementSibling?.className)).toBe('product-description');
      expect(await host(tiendanube).locator('.vr-empty').textContent()).toBe(WIDGET_STRINGS.es.no_reviews);
      expect(await settledLayoutShift(tiendanube)).toBe(0);
      await tiendanube.context().close();

      const shopify = await shopperPage();
      await openProduct(shopify, 'shopify', SHIRT);
      expect(await host(shopify).locator('.vr-root.vr-compact').count()).toBe(1);
      expect(await host(shopify).locator('.vr-date').count()).toBe(0);
      expect(await host(shopify).locator('.vr-write').textContent()).toBe(WIDGET_STRINGS.es.write_review);
      expect(await settledLayoutShift(shopify)).toBe(0);
      await shopify.context().close();
    } finally {
      await saveSettings({ compact_mode: false, show_date: true, language: 'auto' });
    }
  });

  it('renders nothing for a product whose override turns the widget off, and says so in the console', async () => {
    const page = await shopperPage();
    const configuration = page.waitForResponse((r) => r.url().includes(`/api/widgets/configuration/${HIDDEN.id}/`));
    const said = consoleLine(page, 'product');
    await page.goto(store.url + store.path('plain', HIDDEN));
    expect((await configuration).status()).toBe(200);
    expect(await said).toBe(
      `[video-reviews] product "${HIDDEN.id}" (from data-video-reviews): turned off for this product`,
    );
    expect(
      await page
        .locator('[data-video-reviews][data-product-id]')
        .evaluate((el) => el.shadowRoot === null && el.childElementCount),
    ).toBe(0);
    await page.context().close();
  });
});

describe('the widget’s own JSON-LD', () => {
  it('leaves out the VideoObject of a video with no thumbnail on a product with no image', async () => {
    const id = await review(
      BARE,
      { name: 'Nadia', rating: 4, comment: 'Crisp print' },
      { video: ['review.webm', 'video/webm'] },
    );
    try {
      const page = await shopperPage();
      // This page has no og:image either.
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () =>
          document.querySelector('meta[property="og:image"]')?.remove(),
        ),
      );
      await openProduct(page, 'plain', BARE);
      const [{ data: ld }] = await jsonLd(page);
      expect(ld.image).toBeUndefined();
      expect(ld.offers).toBeUndefined();
      const [only] = ld.review as LdNode[];
      expect(only).toMatchObject({ author: { name: 'Nadia' }, reviewBody: 'Crisp print' });
      expect(only.video).toBeUndefined();
      // Still a valid product snippet (name and rating); a merchant listing needs what only a platform's catalogue
      // knows.
      expect(richResultProblems(ld)).toEqual(['Product.image', 'Product.offers', 'Product.?sku']);
      await page.context().close();
    } finally {
      // Back under the Free plan's 5 active reviews.
      await api(`/api/reviews/${id}/reject/`, {});
    }
  });
});

describe('the widget’s own JSON-LD from the page’s Open Graph tags, for a product the catalogue does not know', () => {
  const PRINT: FakeProduct = { id: 'print-4', name: 'Linocut Print' };
  const OG_IMAGE = 'https://cdn.shop.example/Linocut-Print.jpg';
  const SECURE_IMAGE = 'https://secure.shop.example/linocut-print.jpg';
  beforeAll(async () => {
    ids.print = await review(
      PRINT,
      { name: 'Iris', rating: 4, comment: 'Sharp lines' },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
  });
  // Back under the Free plan's 5 active reviews.
  afterAll(() => api(`/api/reviews/${ids.print}/reject/`, {}));

  /** The Product the widget publishes on the Open Graph page with these tags. */
  async function published(tags: Record<string, string | null>): Promise<LdNode> {
    const page = await shopperPage();
    await setMeta(page, tags);
    await openProduct(page, 'opengraph', PRINT);
    const blocks = await jsonLd(page);
    await page.context().close();
    expect(blocks).toHaveLength(1);
    expect(blocks[0].own).toBe('');
    return blocks[0].data;
  }

  it.each(['product:price', 'og:price'])(
    'takes the Offer from the %s tags and the image from og:image:secure_url: a complete merchant listing',
    async (prefix) => {
      const ld = await published({
        [`${prefix}:amount`]: '18.50',
        [`${prefix}:currency`]: 'eur',
        'og:image:secure_url': SECURE_IMAGE,
      });
      const url = `${store.url}/opengraph`;
      expect(ld).toMatchObject({
        '@type': 'Product',
        name: PRINT.name,
        url,
        image: SECURE_IMAGE,
        offers: { '@type': 'Offer', price: '18.50', priceCurrency: 'EUR', url },
        aggregateRating: { ratingValue: 4, reviewCount: 1 },
      });
      // No page tag gives a sku.
      expect(richResultProblems(ld)).toEqual(['Product.?sku']);
      expectValidValues(ld);
    },
  );

  it.each([
    ['no price anywhere', {}],
    ['a price with a thousands separator', { 'product:price:amount': '1,299.00', 'product:price:currency': 'USD' }],
    ['a price whose dot may be a thousands separator', { 'og:price:amount': '12.000', 'og:price:currency': 'ARS' }],
    ['a price without a currency', { 'product:price:amount': '18.50' }],
    ['a price of zero', { 'product:price:amount': '0.00', 'product:price:currency': 'EUR' }],
  ])('publishes no Offer for %s: a review snippet with the page’s image', async (_, tags) => {
    const ld = await published(tags);
    expect(ld.image).toBe(OG_IMAGE);
    expect(ld.offers).toBeUndefined();
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(richResultProblems(ld)).toEqual(['Product.offers', 'Product.?sku']);
  });

  it('publishes no Offer for a price without any image: no merchant listing Google finds incomplete', async () => {
    const ld = await published({ 'og:image': null, 'product:price:amount': '18.50', 'product:price:currency': 'EUR' });
    expect(ld.image).toBeUndefined();
    expect(ld.offers).toBeUndefined();
    expect(richResultProblems(ld)).toEqual(['Product.image', 'Product.offers', 'Product.?sku']);
  });
});

describe('the snippet alone on a site with no platform', () => {
  beforeAll(async () => {
    ids.vase = await review(
      VASE,
      { name: 'Olga', rating: 5, comment: 'Lovely glaze' },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
  });
  // Back under the Free plan's 5 active reviews.
  afterAll(() => api(`/api/reviews/${ids.vase}/reject/`, {}));

  it('finds the product in the page’s JSON-LD, mounts after the product form and shows its approved reviews', async () => {
    const page = await shopperPage();
    const mounted = consoleLine(page, 'mounted');
    await openProduct(page, 'jsonld', VASE);
    expect(await mounted).toBe(
      `[video-reviews] mounted for product "${VASE.id}" (from JSON-LD) after form[action*="/cart/add"]`,
    );
    expect(await host(page).evaluate((el) => el.previousElementSibling?.className)).toBe('add-form');
    expect(await host(page).getAttribute('data-product-id')).toBe(VASE.id);
    expect(await host(page).locator('.vr-tile .vr-name').allTextContents()).toEqual(['Olga']);
    // The rating joins the page's own Product.
    const blocks = await jsonLd(page);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({
      own: 'attached',
      data: { sku: VASE.id, name: VASE.name, aggregateRating: { ratingValue: 5, reviewCount: 1 } },
    });
    await expectAccessible(page);
    await page.context().close();
  });

  it('fills a container without data-product-id where the merchant put it, for the product the page names', async () => {
    const page = await shopperPage();
    // The merchant's element, right under the title (before the widget's own DOMContentLoaded work).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const container = document.createElement('div');
        container.id = 'reviews-here';
        container.setAttribute('data-video-reviews', '');
        document.querySelector('h1')!.after(container);
      }),
    );
    const mounted = consoleLine(page, 'mounted');
    await openProduct(page, 'jsonld', VASE);
    expect(await mounted).toBe(
      `[video-reviews] mounted for product "${VASE.id}" (from JSON-LD) inside [data-video-reviews]`,
    );
    expect(await host(page).getAttribute('id')).toBe('reviews-here');
    expect(await host(page).getAttribute('data-product-id')).toBe(VASE.id);
    expect(await host(page).locator('.vr-tile .vr-name').allTextContents()).toEqual(['Olga']);
    await page.context().close();
  });

  it('finds a product by its Open Graph tags; a review sent there describes it as the page does, unverified', async () => {
    const page = await shopperPage();
    const mounted = consoleLine(page, 'mounted');
    await openProduct(page, 'opengraph', BELT);
    expect(await mounted).toBe(
      `[video-reviews] mounted for product "${BELT.id}" (from Open Graph) after .product-description`,
    );
    expect(await host(page).locator('.vr-empty').textContent()).toBe(en.no_reviews);

    await host(page).locator('.vr-write').click();
    const form = host(page).locator('.vr-form');
    await form.waitFor();
    await form.locator('input[name="customer_name"]').fill('Bea Buckle');
    await form.locator('input[name="customer_email"]').fill('bea@example.com');
    await form.locator('input[name="rating"][value="4"]').check({ force: true });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: fixture('photo.jpg') });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/reviews/upload/'));
    await form.locator('button[type="submit"]').click();
    expect((await sent).status()).toBe(201);
    await host(page).locator('.vr-thanks').waitFor();
    const { id } = (await (await sent).json()) as { id: string };
    await page.context().close();

    // The product the review created is the page's: its title, its og:image, its own address; marked unverified.
    const { product } = await api<TReview>(`/api/reviews/${id}/`);
    expect(product).toMatchObject({
      external_id: BELT.id,
      name: BELT.name,
      image: 'https://cdn.shop.example/Leather-Belt.jpg',
      url: `${store.url}/opengraph`,
      source: 'storefront',
    });
    // The merchant sees it so, with no link to follow.
    const dashboard = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await dashboard.addCookies([
      { name: 'access_token', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const merchant = await dashboard.newPage();
    await merchant.goto('/reviews');
    await waitForHydration(merchant, '[data-testid="reviews-search"]');
    const row = merchant.locator('[data-testid="review-row"]', { hasText: 'Bea Buckle' });
    await row.waitFor();
    expect(await row.getByTestId('product-unverified').textContent()).toBe('From the storefront page, unverified');
    expect(await row.locator('td[data-column="product"] a').count()).toBe(0);
    await dashboard.close();
  });

  it('mounts nothing on a page that is no product’s, asks nothing, and says why in the console', async () => {
    const page = await shopperPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url + '/api/')) calls.push(request.url());
    });
    const said = consoleLine(page, 'no product');
    await page.goto(store.url + store.path('blog', { id: '', name: 'Our Kilns' }));
    expect(await said).toBe(
      '[video-reviews] no product found on this page: no data-product-id container, no platform product, no Product JSON-LD, no og:type=product',
    );
    expect(await page.locator('.video-reviews-widget').count()).toBe(0);
    // Detection and the calls it would start run in one go: none was made.
    expect(calls).toEqual([]);
    await page.context().close();
  });
});

describe('a shopper submitting a review', () => {
  it('records a video with the camera, uploads it with progress, and it shows once the merchant approves it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.grantPermissions(['camera', 'microphone'], { origin: store.url });
    const page = await shopperPage({ context });
    await openProduct(page, 'plain', POSTER);
    expect(await host(page).evaluate((el) => el.hasAttribute('data-video-reviews'))).toBe(true);
    await host(page).locator('.vr-write').click();
    const form = host(page).locator('.vr-form');
    await form.waitFor();

    // The client checks come first: nothing is sent for an incomplete form. One summary, and each field says
    // what it misses.
    await form.locator('button[type="submit"]').click();
    await form.locator('.vr-error').getByText(en.check_fields).waitFor();
    expect(await form.locator('.vr-error').textContent()).toBe(en.check_fields);
    const fieldErrors = Object.fromEntries(
      await form
        .locator('.vr-field-error')
        .evaluateAll((els) => els.map((el) => [el.id, el.textContent] as const).filter(([, text]) => text)),
    );
    expect(fieldErrors).toEqual({
      'vr-customer_name-error': en.name_required,
      'vr-customer_email-error': en.email_required,
      'vr-rating-error': en.rating_required,
      // The store takes reviews with only stars and text (the default): the video is optional, the text is not then.
      'vr-comment-error': en.comment_required,
    });
    expect(await form.locator('#vr-customer_name').getAttribute('aria-invalid')).toBe('true');
    // The summary has the focus (test/e2e/widget-form.test.ts: on a phone it is a screen above the button).
    expect(await form.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement?.className)).toBe('vr-error');
    // Nothing is said twice.
    const shown = await form.locator('.vr-error, .vr-field-error').allTextContents();
    expect(shown.filter(Boolean)).toHaveLength(new Set(shown.filter(Boolean)).size);

    await form.locator('input[name="customer_name"]').fill('Sam Shopper');
    await form.locator('input[name="customer_email"]').fill('sam@example.com');
    await form.locator('input[name="rating"][value="5"]').check({ force: true });
    await form.locator('textarea[name="comment"]').fill('Filmed it myself');
    await form.locator('.vr-record').click();
    // Recording starts once the camera answers (slow on a busy machine): then a second and a half of it.
    await form.locator('.vr-stop').waitFor();
    await page.waitForTimeout(1500);
    await form.locator('.vr-stop').click();
    await form.getByText('review.webm').waitFor();

    // A slow uplink, so the progress bar is seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 1_000_000,
      uploadThroughput: 40_000,
    });
    // Every value the bar shows is recorded as it changes: polling for one could miss them on a busy machine.
    await page.evaluate(() => {
      const root = document.querySelector('.video-reviews-widget')!.shadowRoot!;
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const read = () => {
        const bar = root.querySelector('.vr-progress');
        if (bar) seen.push(Number(bar.getAttribute('aria-valuenow') ?? bar.querySelector('progress')?.value ?? 0));
      };
      new MutationObserver(read).observe(root, { subtree: true, childList: true, attributes: true });
    });
    await form.locator('button[type="submit"]').click();
    await host(page).locator('.vr-progress').waitFor();
    await host(page).locator('.vr-thanks').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The merchant sees it pending in the dashboard and approves it.
    const dashboard = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await dashboard.addCookies([
      { name: 'access_token', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const merchant = await dashboard.newPage();
    await merchant.goto('/reviews');
    await waitForHydration(merchant, '[data-testid="reviews-search"]');
    const row = merchant.locator('[data-testid="review-row"]', { hasText: 'Sam Shopper' });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('pending');
    await row.getByTestId('approve-review').click();
    await merchant.locator('[data-testid="review-row"][data-status="approved"]', { hasText: 'Sam Shopper' }).waitFor();
    await dashboard.close();

    await page.reload();
    await page.locator('.video-reviews-widget .vr-tile').waitFor();
    expect(await host(page).locator('.vr-tile').count()).toBe(1);
    expect(await host(page).locator('.vr-tile .vr-name').textContent()).toBe('Sam Shopper');
    expect(await host(page).locator('.vr-tile .vr-comment').textContent()).toBe('Filmed it myself');
    await context.close();
  });
});

describe('the widget’s own JSON-LD on a page without a Product, after the shopper’s review', () => {
  it('publishes one Product from the catalogue under its own attribute, meeting Google’s requirements', async () => {
    const page = await shopperPage();
    // The catalogue's price comes first.
    await setMeta(page, { 'product:price:amount': '9.99', 'product:price:currency': 'USD' });
    await openProduct(page, 'plain', POSTER);
    const published = (await (
      await fetch(`${server.url}/api/reviews/public/?product_id=${POSTER.id}&merchant_id=${storeId}`)
    ).json()) as TPublicReviews;
    const blocks = await jsonLd(page);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].own).toBe('');
    const ld = blocks[0].data;
    const url = `${store.url}/plain`;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': `${url}#product`,
      url,
      name: POSTER.name,
      image: CATALOGUE[POSTER.id].image,
      sku: CATALOGUE[POSTER.id].sku,
      offers: { '@type': 'Offer', price: '15.00', priceCurrency: 'EUR' },
      aggregateRating: { ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 },
    });
    const [review] = ld.review as LdNode[];
    const shopper = published.results[0];
    expect(review).toMatchObject({
      author: { '@type': 'Person', name: 'Sam Shopper' },
      datePublished: shopper.created_at.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: 5 },
      reviewBody: 'Filmed it myself',
    });
    // The recorded video's first frame, else (the browser could not decode it in time) the product's image.
    expect((review.video as LdNode).thumbnailUrl).toBe(shopper.thumbnail_url ?? CATALOGUE[POSTER.id].image);
    expect(richResultProblems(ld)).toEqual([]);
    expectValidValues(ld);
    // `[data-video-reviews]` is the merchant's mount only; the JSON-LD has its own attribute.
    expect(await page.locator('[data-video-reviews]').evaluateAll((els) => els.map((el) => el.tagName))).toEqual([
      'DIV',
    ]);
    await page.context().close();
  });
});

describe('a throttled shopper', () => {
  it('is told the wait in minutes, has one action, and keeps everything typed and chosen', async () => {
    // This address's uploads for the hour run out (the limiter counts before reading the body).
    let retryAfter = 0;
    for (let i = 0; i < 40 && !retryAfter; i += 1) {
      const res = await fetch(`${server.url}/api/reviews/upload/`, { method: 'POST', body: new FormData() });
      if (res.status === 429) retryAfter = Number(res.headers.get('retry-after'));
    }
    expect(retryAfter).toBeGreaterThan(60);
    const page = await shopperPage();
    await openProduct(page, 'plain', POSTER);
    await host(page).locator('.vr-write').click();
    const form = host(page).locator('.vr-form');
    await form.waitFor();
    await form.locator('input[name="customer_name"]').fill('Tess Throttled');
    await form.locator('input[name="customer_email"]').fill('tess@example.com');
    await form.locator('input[name="rating"][value="4"]').check({ force: true });
    await form.locator('textarea[name="comment"]').fill('Second try');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: fixture('photo.jpg') });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/reviews/upload/'));
    await form.locator('button[type="submit"]').click();
    const response = await refused;
    expect(response.status()).toBe(429);

    // The wait this refusal names: a second or more has passed since the one above, which may be a minute less.
    const minutes = Math.ceil(Number(response.headers()['retry-after']) / 60);
    await form.locator('.vr-error', { hasText: String(minutes) }).waitFor();
    // Chromium logs the refused request itself: the one console line expected here.
    expect(problems.splice(0)).toEqual([expect.stringContaining('429')]);
    expect(await form.locator('.vr-error').textContent()).toBe(en.throttled_many.replace('{n}', String(minutes)));
    expect(await form.locator('.vr-buttons button:visible').allTextContents()).toEqual([en.submit, en.cancel]);
    expect(await form.locator('input[name="customer_name"]').inputValue()).toBe('Tess Throttled');
    expect(await form.locator('input[name="customer_email"]').inputValue()).toBe('tess@example.com');
    expect(await form.locator('input[name="rating"]:checked').getAttribute('value')).toBe('4');
    expect(await form.locator('textarea[name="comment"]').inputValue()).toBe('Second try');
    expect(await form.locator('.vr-file-name').textContent()).toBe('photo.jpg');
    expect(await form.locator('.vr-file').isVisible()).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe.each(WIDGET_LAYOUTS)('the %s layout', (layout) => {
  beforeAll(() => saveSettings({ layout }));
  afterAll(() => saveSettings({ layout: 'grid' }));

  it.each([375, 1280])('at %i px fits the page, shifts nothing, works and is accessible', async (width) => {
    const page = await shopperPage({ width });
    await openProduct(page, 'shopify', SHIRT);
    expect(await settledLayoutShift(page)).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    const root = host(page).locator('.vr-root');
    expect(await root.getAttribute('data-layout')).toBe(layout);
    if (layout === 'list') {
      // Names are whole (wrapped at worst), never cut.
      expect(
        await root.locator('.vr-name').evaluateAll((els) => els.every((el) => el.scrollWidth <= el.clientWidth)),
      ).toBe(true);
    } else {
      // A tile's name takes one line (its height is fixed, issue 25): a long one is cut on screen with "…", and read
      // whole by screen readers (the tile's text) and in the review's dialog.
      const names = root.locator('.vr-tile .vr-name');
      expect(await names.allTextContents()).toContain(LONG_NAME);
      expect(await names.first().evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    }
    await LAYOUT_CHECKS[layout](page, width);
    expect(await noSidewaysScroll(page)).toBe(true);
    // The markup is the same at every width: axe once per layout.
    if (width === 375) await expectAccessible(page);
    await page.context().close();
  });
});

/** Boxes of the widget's tiles, in order. */
const tileBoxes = (page: Page) =>
  host(page)
    .locator('.vr-tile')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));

const LAYOUT_CHECKS: Record<(typeof WIDGET_LAYOUTS)[number], (page: Page, width: number) => Promise<void>> = {
  async grid(page, width) {
    const tiles = await tileBoxes(page);
    const grid = await host(page)
      .locator('.vr-grid')
      .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const firstRow = tiles.filter((tile) => tile.top === tiles[0].top);
    // The first 3 reviews fill the row on a desktop; two columns on a phone.
    expect(firstRow).toHaveLength(width < 700 ? 2 : 3);
    expect(Math.abs(firstRow[firstRow.length - 1].right - grid.right)).toBeLessThan(2);
    expect(tiles[0].width).toBeGreaterThan(140);
  },
  async carousel(page) {
    const region = host(page).locator('.vr-carousel');
    expect(await region.getAttribute('role')).toBe('region');
    expect(await region.getAttribute('aria-roledescription')).toBe(en.carousel);
    const track = region.locator('.vr-grid');
    expect(await track.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe('x mandatory');
    // Everything loaded is in the carousel: it scrolls instead of growing.
    expect(await region.locator('.vr-tile').count()).toBe(4);
    expect(await host(page).locator('.vr-more').count()).toBe(0);
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const previous = region.locator('.vr-prev');
    const next = region.locator('.vr-next');
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    expect(await next.getAttribute('aria-disabled')).toBe('false');

    // The arrow keys go from tile to tile, and the track follows the focus (the last tile whole).
    // Where the track rests once it stops: the same for three reads 100 ms apart. Given where it was before a click, it
    // first waits (up to 5 s) for the smooth scroll to start, which on a loaded machine can take longer than a read.
    const settled = (from?: number) =>
      track.evaluate(
        (el, from) =>
          new Promise<number>((resolve) => {
            const started = Date.now();
            let last = -1;
            let still = 0;
            const tick = () => {
              const now = el.scrollLeft;
              const waiting = now === from && Date.now() - started < 5000;
              still = !waiting && now === last ? still + 1 : 0;
              if (still === 2) return resolve(now);
              last = now;
              setTimeout(tick, 100);
            };
            tick();
          }),
        from,
      );
    const scrolled = () => track.evaluate((el) => el.scrollLeft);
    await region.locator('.vr-tile').first().focus();
    const focused = () =>
      region.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement?.getAttribute('data-review-id'));
    const order = await region
      .locator('.vr-tile')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-review-id')));
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(order[3]);
    expect(await settled(0)).toBe(await track.evaluate((el) => el.scrollWidth - el.clientWidth));
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await previous.getAttribute('aria-disabled')).toBe('false');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(order[2]);

    // The buttons page back to the start, and on again.
    for (let i = 0; i < 10 && (await previous.getAttribute('aria-disabled')) === 'false'; i += 1) {
      const from = await scrolled();
      await previous.click();
      await settled(from);
    }
    expect(await scrolled()).toBe(0);
    await next.click();
    expect(await settled(0)).toBeGreaterThan(0);
  },
  async list(page) {
    const tiles = await tileBoxes(page);
    // One review per row, each under the one before.
    for (let i = 1; i < tiles.length; i += 1) expect(tiles[i].top).toBeGreaterThanOrEqual(tiles[i - 1].bottom);
    const comment = host(page).locator(`.vr-tile[data-review-id="${ids.video}"] .vr-comment`);
    expect(await comment.textContent()).toBe(LONG_COMMENT);
    // The whole comment shows: nothing clamped or hidden.
    expect(await comment.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    // The media is a button that opens the review; the text is plain text screen readers read.
    const media = host(page).locator(`.vr-tile[data-review-id="${ids.video}"] button.vr-media`);
    expect(await media.getAttribute('aria-label')).toBe(en.play_video.replace('{name}', 'Vera'));
    await media.click();
    await host(page).locator('.vr-modal').waitFor();
    await page.keyboard.press('Escape');
    await host(page).locator('.vr-modal').waitFor({ state: 'detached' });
  },
};

describe('widget events', () => {
  it("sends view, add-to-cart and the player's beacons that the server stores", async () => {
    const page = await shopperPage();
    await openProduct(page, 'shopify', SHIRT);
    const session = await page.evaluate(() => sessionStorage.getItem('vr_sid'));
    expect(session).toMatch(/^[\w-]{16,64}$/);
    await host(page).scrollIntoViewIfNeeded();
    await host(page).locator(`.vr-tile[data-review-id="${ids.video}"]`).click();
    // The shopper mutes and unmutes, then skips to the end: the player reports the sound and every quarter.
    await host(page)
      .locator('.vr-modal video.vr-player')
      .evaluate(async (video: HTMLVideoElement) => {
        const next = (name: string) => new Promise((resolve) => video.addEventListener(name, resolve, { once: true }));
        if (!video.duration) await next('loadedmetadata');
        for (const muted of [true, false]) {
          const changed = next('volumechange');
          video.muted = muted;
          await changed;
        }
        const ended = next('ended');
        await video.play();
        video.currentTime = video.duration;
        await ended;
      });
    await page.keyboard.press('Escape');
    // Adding to the cart leaves the page: what is still queued goes out on pagehide.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart\/add/);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(1000);
    await page.context().close();

    // Read back from the server's own database once it has stopped (PGlite allows one process at a time).
    await server.stop();
    const rows = await withTestDatabase(testEnv.env, (database) =>
      database.db
        .select({ type: widgetEvents.type, review: widgetEvents.reviewId, n: count() })
        .from(widgetEvents)
        .where(eq(widgetEvents.sessionId, session!))
        .groupBy(widgetEvents.type, widgetEvents.reviewId),
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, [r.n, r.review]]))).toEqual({
      view: [1, null],
      play: [1, ids.video],
      add_to_cart: [1, null],
      watched_25: [1, ids.video],
      watched_50: [1, ids.video],
      watched_75: [1, ids.video],
      watched_100: [1, ids.video],
      unmute: [1, ids.video],
    });
  });
});
