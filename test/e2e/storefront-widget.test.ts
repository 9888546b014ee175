/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { count, eq } from 'drizzle-orm';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import type { TWidgetSettingsInput } from '../../shared/widgets.js';
import { widgetEvents } from '../../server/database/schema.js';
import { withTestDatabase } from '../factories/users.factory.js';
import { startFakeStorefront, type FakePlatform, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import { launchBrowser, waitForHydration } from '../support/browser.js';
import { registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

const SHIRT: FakeProduct = { id: '7001', name: 'Linen Shirt' };
const BAG: FakeProduct = { id: '112', name: 'Canvas Bag' };
const MATE: FakeProduct = { id: '5501', name: 'Mate' };
const POSTER: FakeProduct = { id: 'poster-9', name: 'Poster' };
const HIDDEN: FakeProduct = { id: 'poster-off', name: 'Hidden Poster' };
const XSS = '<img src=x onerror="window.__xss = 1">';
const en = WIDGET_STRINGS.en;

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let owner: TAuthResponse;
let storeId: string;
const ids: Record<string, string> = {};
const problems: string[] = [];

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `JWT ${owner.access}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

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
      customer_email: `${fields.name.toLowerCase()}@example.com`,
      rating: String(fields.rating),
      comment: fields.comment ?? '',
    },
    files,
  );
  if (status) await api(`/api/reviews/${id}/${status}/`, {});
  return id;
}

/** A shopper's fresh browser (no HTTP cache), collecting console errors and layout shifts from the first paint. */
async function shopperPage(extra: { context?: BrowserContext } = {}): Promise<Page> {
  const context = extra.context ?? (await browser.newContext({ viewport: { width: 1280, height: 720 } }));
  await context.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

const host = (page: Page) => page.locator('.video-reviews-widget');

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

async function layoutShift(page: Page): Promise<number> {
  // Let any late work (lazy thumbnails, fonts) land before reading.
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'storefront@example.com', 'storefront-pass-1');
  storeId = owner.merchant!.store_id;
  const snippet = (await api<{ snippet: string }>('/api/installation/snippet/')).snippet;
  store = await startFakeStorefront(snippet);

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
    { name: 'Quinn', rating: 3, comment: 'Fine' },
    { photo: ['photo.webp', 'image/webp'] },
  );
  // Newest, so first on the page.
  ids.video = await review(
    SHIRT,
    { name: 'Vera', rating: 5, comment: 'Great shirt, see for yourself' },
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
    expect(await layoutShift(page)).toBe(0);
    // The same observer reports a real shift: content pushed down in view.
    await page.evaluate(() => {
      const banner = document.createElement('div');
      banner.style.height = '120px';
      document.body.prepend(banner);
    });
    expect(await layoutShift(page)).toBeGreaterThan(0);
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
    expect(await modal.textContent()).toContain('Great shirt, see for yourself');
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

  it('adds schema.org Product JSON-LD with the aggregate rating and a VideoObject', async () => {
    const published = (await (
      await fetch(`${server.url}/api/reviews/public/?product_id=${SHIRT.id}&merchant_id=${storeId}`)
    ).json()) as TPublicReviews;
    const text = await page.locator('script[type="application/ld+json"]').textContent();
    const ld = JSON.parse(text ?? '{}') as {
      '@type': string;
      name: string;
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: Array<{ reviewBody: string; video?: { '@type': string; contentUrl: string } }>;
    };
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(SHIRT.name);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: published.average_rating, reviewCount: 4 });
    expect(ld.review).toHaveLength(4);
    const video = ld.review.find((r) => r.video)?.video;
    expect(video?.['@type']).toBe('VideoObject');
    expect(video?.contentUrl).toBe(published.results.find((r) => r.id === ids.video)?.video_url);
    expect(text).not.toContain('<img');
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
    expect(await layoutShift(page)).toBe(0);
    await page.context().close();
  });

  it('follows the store language, compact mode and hidden dates on Tienda Nube', async () => {
    await saveSettings({ compact_mode: true, show_date: false });
    const res = await fetch(`${server.url}/api/stores/${owner.merchant!.id}/`, {
      method: 'PATCH',
      headers: { authorization: `JWT ${owner.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ main_language: 'es' }),
    });
    expect(res.status).toBe(200);
    try {
      const tiendanube = await shopperPage();
      await openProduct(tiendanube, 'tiendanube', MATE);
      expect(await host(tiendanube).evaluate((el) => el.previousElementSibling?.className)).toBe('product-description');
      expect(await host(tiendanube).locator('.vr-empty').textContent()).toBe(WIDGET_STRINGS.es.no_reviews);
      expect(await layoutShift(tiendanube)).toBe(0);
      await tiendanube.context().close();

      const shopify = await shopperPage();
      await openProduct(shopify, 'shopify', SHIRT);
      expect(await host(shopify).locator('.vr-root.vr-compact').count()).toBe(1);
      expect(await host(shopify).locator('.vr-date').count()).toBe(0);
      expect(await host(shopify).locator('.vr-write').textContent()).toBe(WIDGET_STRINGS.es.write_review);
      expect(await layoutShift(shopify)).toBe(0);
      await shopify.context().close();
    } finally {
      await saveSettings({ compact_mode: false, show_date: true });
      await fetch(`${server.url}/api/stores/${owner.merchant!.id}/`, {
        method: 'PATCH',
        headers: { authorization: `JWT ${owner.access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ main_language: 'en' }),
      });
    }
  });

  it('renders nothing for a product whose override turns the widget off', async () => {
    const page = await shopperPage();
    const configuration = page.waitForResponse((r) => r.url().includes(`/api/widgets/configuration/${HIDDEN.id}/`));
    await page.goto(store.url + store.path('plain', HIDDEN));
    expect((await configuration).status()).toBe(200);
    await page.waitForTimeout(300);
    expect(
      await page
        .locator('[data-video-reviews][data-product-id]')
        .evaluate((el) => el.shadowRoot === null && el.childElementCount),
    ).toBe(0);
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

    // The client checks come first: nothing is sent for an incomplete form.
    await form.locator('button[type="submit"]').click();
    await form.locator('.vr-error').getByText(en.required).waitFor();

    await form.locator('input[name="customer_name"]').fill('Sam Shopper');
    await form.locator('input[name="customer_email"]').fill('sam@example.com');
    await form.locator('input[name="rating"][value="5"]').check({ force: true });
    await form.locator('textarea[name="comment"]').fill('Filmed it myself');
    await form.locator('.vr-record').click();
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
    await form.locator('button[type="submit"]').click();
    const progress = host(page).locator('.vr-progress');
    await progress.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('.video-reviews-widget')?.shadowRoot?.querySelector('.vr-progress');
      const value = Number(bar?.getAttribute('aria-valuenow') ?? bar?.querySelector('progress')?.value ?? 0);
      return value > 0 && value < 100;
    });
    await host(page).locator('.vr-thanks').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The merchant sees it pending in the dashboard and approves it.
    const dashboard = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await dashboard.addCookies([
      { name: 'access_token', value: owner.access, url: server.url, httpOnly: true, sameSite: 'Lax' },
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

describe('widget events', () => {
  it('sends view, play and add-to-cart beacons that the server stores', async () => {
    const page = await shopperPage();
    await openProduct(page, 'shopify', SHIRT);
    const session = await page.evaluate(() => sessionStorage.getItem('vr_sid'));
    expect(session).toMatch(/^[\w-]{16,64}$/);
    await host(page).scrollIntoViewIfNeeded();
    await host(page).locator(`.vr-tile[data-review-id="${ids.video}"]`).click();
    await host(page).locator('.vr-modal video.vr-player').waitFor();
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
        .select({ type: widgetEvents.type, n: count() })
        .from(widgetEvents)
        .where(eq(widgetEvents.sessionId, session!))
        .groupBy(widgetEvents.type),
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, r.n]))).toMatchObject({ view: 1, play: 1, add_to_cart: 1 });
  });
});
