/// <reference lib="dom" />
import { eq, and } from 'drizzle-orm';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import {
  products,
  reviewEngagementDaily,
  widgetEventDaily,
  widgetSessionOutcomeDaily,
} from '../../server/database/schema.js';
import en from '../../web/i18n/insights/en.json' with { type: 'json' };
import { insertDatedReviews, localDay } from '../factories/analytics.factory.js';
import { seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, JWT_SECRET, type TestEnv } from '../support/test-env.js';

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let big: SeededUser;
let small: SeededUser;
let context: BrowserContext | undefined;
const problems: string[] = [];

// Known answers, all two days ago (UTC stores). The big store: Linen shirt seen by 400 sessions, 100 of which
// played a video; its first review played by 60 (quarters reached 60, 45, 30, 24), its second by 40 (20, -, -, 4):
// share watched 183 / 4 / 100 = 45.75 %, completion 28 %. Sessions: 30 of 100 that played added to the cart,
// 30 of 300 that did not: 30 % against 10 %, +20 points. Reviews: Linen shirt 2 (two days ago), Wool scarf 3
// (one two days ago, two twenty days ago). The small store has 3 sessions: not enough data.
beforeAll(async () => {
  testEnv = await createTestEnv();
  big = await seedUser(testEnv.env, JWT_SECRET, { email: 'insights@example.com' });
  small = await seedUser(testEnv.env, JWT_SECRET, { email: 'small@example.com' });
  await withTestDatabase(testEnv.env, async (handle) => {
    const day = localDay(2);
    const [first, second] = await insertDatedReviews(handle, big.merchantId, [
      { product: 'Linen shirt', daysAgo: 2, status: 'approved', rating: 5 },
      { product: 'Linen shirt', daysAgo: 2, status: 'approved', rating: 4 },
      { product: 'Wool scarf', daysAgo: 2, status: 'approved', rating: 3 },
      { product: 'Wool scarf', daysAgo: 20, status: 'approved', rating: 4 },
      { product: 'Wool scarf', daysAgo: 20, status: 'pending', rating: 2 },
    ]);
    const [linen] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, big.merchantId), eq(products.name, 'Linen shirt')));
    const merchantId = big.merchantId;
    await handle.db.insert(widgetEventDaily).values([
      { merchantId, day, productId: linen.id, type: 'view', events: 500, sessions: 400 },
      { merchantId, day, productId: linen.id, type: 'play', events: 120, sessions: 100 },
      { merchantId, day, productId: linen.id, type: 'add_to_cart', events: 60, sessions: 60 },
    ]);
    const engagement = (reviewId: string, counts: Record<string, number>) =>
      Object.entries(counts).map(([type, sessions]) => ({
        merchantId,
        day,
        reviewId,
        type: type as 'play',
        events: sessions,
        sessions,
      }));
    await handle.db
      .insert(reviewEngagementDaily)
      .values([
        ...engagement(first, { play: 60, watched_25: 60, watched_50: 45, watched_75: 30, watched_100: 24 }),
        ...engagement(second, { play: 40, watched_25: 20, watched_100: 4 }),
      ]);
    await handle.db.insert(widgetSessionOutcomeDaily).values([
      { merchantId, day, played: true, carted: true, purchased: false, sessions: 30 },
      { merchantId, day, played: true, carted: false, purchased: false, sessions: 70 },
      { merchantId, day, played: false, carted: true, purchased: false, sessions: 30 },
      { merchantId, day, played: false, carted: false, purchased: false, sessions: 270 },
      { merchantId: small.merchantId, day, played: true, carted: true, purchased: false, sessions: 1 },
      { merchantId: small.merchantId, day, played: false, carted: false, purchased: false, sessions: 2 },
    ]);
  });
  server = await startServerProcess(testEnv.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(problems.splice(0)).toEqual([]);
});

async function open(user: SeededUser, path = '/insights', javaScriptEnabled = true): Promise<Page> {
  context = await signedInContext(browser, server.url, user.accessToken, {
    viewport: { width: 1280, height: 1000 },
    javaScriptEnabled,
  });
  const page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  return page;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const productNames = (page: Page) => page.locator('[data-testid="insights-products"] tbody th').allInnerTexts();

describe('Insights', () => {
  it('arrives from the server whole, with JavaScript off: engagement, lift with its interval, reviews, products', async () => {
    const page = await open(big, '/insights', false);
    expect(await text(page, 'engagement-play_rate')).toContain('25%');
    expect(await text(page, 'engagement-play_rate')).toContain('100 of 400 sessions');
    expect(await text(page, 'engagement-average_watched')).toContain('45.8%');
    expect(await text(page, 'engagement-completion')).toContain('28%');
    expect(await text(page, 'lift-watched')).toMatch(/30 of 100 sessions[\s\S]*30% converted/);
    expect(await text(page, 'lift-viewed')).toMatch(/30 of 300 sessions[\s\S]*10% converted/);
    expect(await text(page, 'lift-difference')).toMatch(
      /Difference: \+20 points \(95% interval \+\d+(\.\d)? to \+\d+(\.\d)?\)/,
    );
    expect(await page.getByTestId('lift-difference').getAttribute('data-verdict')).toBe('verdictUp');
    expect(await page.locator('[data-testid="most-watched"] tbody tr').count()).toBe(2);
    expect(await text(page, 'most-watched')).toMatch(/60\s+40%/);
    expect(await productNames(page)).toEqual(['Linen shirt', 'Wool scarf']);
    // No request was ever sent: no funnel.
    expect(await page.getByTestId('request-funnel').count()).toBe(0);
  });

  it('follows the range in its URL, sorts the products, and exports them as CSV', async () => {
    const page = await open(big);
    const showing = await text(page, 'range-showing');
    await page.getByTestId('range-7').click();
    await page.waitForURL(/\/insights\?days=7$/);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="range-showing"]')?.textContent !== before,
      showing,
    );
    expect(await page.getByTestId('range-7').getAttribute('aria-current')).toBe('page');
    // The scarf's reviews of twenty days ago are out of the range.
    await page.getByTestId('sort-reviews').click();
    await page.waitForSelector(
      '[data-testid="insights-products"] th[aria-sort="descending"] [data-testid="sort-reviews"]',
    );
    await page.waitForFunction(() => !document.querySelector('.insights-products[data-refreshing]'));
    expect(await productNames(page)).toEqual(['Linen shirt', 'Wool scarf']);

    // Custom dates: twenty days ago only.
    await page.getByLabel(en.range.start).fill(localDay(20));
    await page.getByLabel(en.range.end).fill(localDay(20));
    await page.getByRole('button', { name: en.range.apply }).click();
    await page.waitForURL(new RegExp(`start=${localDay(20)}&end=${localDay(20)}`));
    await page.waitForFunction(() => !document.querySelector('.insights[data-refreshing]'));
    expect(await productNames(page)).toEqual(['Wool scarf']);
    expect(await text(page, 'lift-not-enough')).toContain(en.lift.notEnough);

    await page.goto('/insights?days=30');
    await waitForHydration(page);
    await page.getByTestId('sort-reviews').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="insights-products"] tbody th')?.textContent === 'Wool scarf',
    );
    const href = await page.getByTestId('insights-export').getAttribute('href');
    expect(href).toBe('/api/insights/products/export/?days=30&sort=-reviews');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines.map((line) => line.split(',')[1])).toEqual(['name', 'Wool scarf', 'Linen shirt']);
  });

  it('tells a small store there is not enough data yet rather than a lift', async () => {
    const page = await open(small);
    expect(await text(page, 'lift-not-enough')).toContain(en.lift.notEnough);
    expect(await page.getByTestId('lift-difference').count()).toBe(0);
    expect(await text(page, 'lift-watched')).toContain('1 of 1 sessions');
  });
});
