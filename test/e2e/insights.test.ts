/// <reference lib="dom" />
import { eq, and } from 'drizzle-orm';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import {
  products,
  reviewEngagementDaily,
  reviewRequests,
  widgetEventDaily,
  widgetSessionOutcomeDaily,
} from '../../server/database/schema.js';
import en from '../../web/i18n/insights/en.json' with { type: 'json' };
import { insertDatedReviews, localDay } from '../factories/analytics.factory.js';
import { seedReviewRequest } from '../factories/review-requests.factory.js';
import { seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { axeViolations, launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
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
    // The small store sent two review requests; one was opened.
    const encryptionKey = randomBytes(32).toString('hex');
    const [opened] = [
      await seedReviewRequest(handle, small.merchantId, { encryptionKey }),
      await seedReviewRequest(handle, small.merchantId, { encryptionKey }),
    ];
    await handle.db.update(reviewRequests).set({ openedAt: new Date() }).where(eq(reviewRequests.id, opened.id));
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

async function open(
  user: SeededUser,
  path = '/insights',
  javaScriptEnabled = true,
  before?: (page: Page) => void,
): Promise<Page> {
  context = await signedInContext(browser, server.url, user.accessToken, {
    viewport: { width: 1280, height: 1000 },
    javaScriptEnabled,
  });
  const page = await context.newPage();
  before?.(page);
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  return page;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
/** The SVG the card's width shows (the server draws one per size), and its hover bands, one per week. */
const shown = (chart: Locator) => chart.locator('.server-chart-size:visible > svg');
const bands = (chart: Locator) => shown(chart).locator('[ecmeta_ssr_type]:not([ecmeta_silent="true"])');
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
    expect(await page.getByTestId('requests-chart').count()).toBe(0);
  });

  it('draws the ratings on the server: the SVG in the HTML, a hover band per week, the table as its alternative', async () => {
    const page = await open(big, '/insights', false);
    const chart = page.getByTestId('ratings-chart');
    const weeks = Number(await chart.getAttribute('data-points'));
    expect(weeks).toBeGreaterThanOrEqual(5);
    // Five reviews received: rejected or deleted ones aside, pending ones count.
    expect(await chart.getAttribute('aria-label')).toBe(
      en.ratings.summary_other.replace('{{weeks}}', String(weeks)).replace('{{count}}', '5'),
    );
    expect(await chart.locator('.server-chart-size > svg').count()).toBe(3);
    expect(await bands(chart).count()).toBe(weeks);
    // The average's axis, 1 to 5, and the legend the page prints in its language.
    expect(await shown(chart).locator('text').allTextContents()).toEqual(expect.arrayContaining(['1.0 ★', '5.0 ★']));
    expect(await page.locator('.chart-legend').first().innerText()).toContain(en.ratings.average);
    // The same figures as a table, folded: two days ago a 5★, a 4★ and a 3★, on average 4; twenty days ago a 4★ and
    // a 2★ (pending), 3.
    const table = page.locator('.chart-data').first();
    expect(await table.locator('tbody tr').count()).toBe(weeks);
    await table.locator('summary').click();
    expect(await table.locator('tbody tr', { hasText: '4.00' }).innerText()).toMatch(/1\s+1\s+1\s+0\s+0\s+4\.00$/);
    expect(await table.locator('tbody tr', { hasText: '3.00' }).innerText()).toMatch(/0\s+1\s+0\s+1\s+0\s+3\.00$/);
    // Nothing to explore without the page's script.
    expect(await page.getByTestId('ratings-explore').count()).toBe(0);
  });

  it('shows a week’s tooltip through the light runtime, and loads the full library only when Explore is pressed', async () => {
    const scripts: Array<{ url: string; code: Promise<string> }> = [];
    const page = await open(big, '/insights?days=90', true, (tab) =>
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push({ url: response.url(), code: response.text() });
      }),
    );
    const chart = page.getByTestId('ratings-chart');
    const weeks = Number(await chart.getAttribute('data-points'));
    await bands(chart)
      .nth(weeks - 1)
      .hover();
    const tooltip = chart.locator('.chart-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.locator('.chart-tooltip-title').innerText()).toContain(en.ratings.week);
    expect(await tooltip.innerText()).toContain(en.ratings.average);
    const library = async () =>
      (
        await Promise.all(
          scripts.map(async ({ url, code }) => ((await code).includes('_echarts_instance_') ? url : null)),
        )
      ).filter(Boolean);
    expect(await library()).toEqual([]);
    expect(await axeViolations(page, '.chart-card')).toEqual([]);

    // From the keyboard: the library comes, the interactive chart replaces the drawing, focus on Done.
    await page.getByTestId('ratings-explore').focus();
    const fetched = page.waitForResponse((response) => response.request().resourceType() === 'script');
    await page.keyboard.press('Enter');
    await fetched;
    const explorer = page.getByTestId('ratings-explorer-chart');
    await explorer.locator('svg').first().waitFor();
    expect(await explorer.getAttribute('aria-label')).toBe(en.ratings.explorer);
    expect(await library()).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ratings-done');
    expect(await chart.count()).toBe(0);

    // The wheel zooms over the weeks: fewer of them shown.
    const showing = page.getByTestId('ratings-explorer-showing');
    const all = await showing.innerText();
    const box = (await explorer.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="ratings-explorer-showing"]')?.textContent !== before,
      all,
    );
    // Dragging across the grid selects weeks and says their totals.
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page
      .getByTestId('ratings-explorer-selected')
      .getByText(/average/)
      .waitFor();
    expect(await axeViolations(page, '.chart-card')).toEqual([]);

    // Escape brings the drawing back, and focus to Explore.
    await page.keyboard.press('Escape');
    await chart.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ratings-explore');
    expect(await explorer.count()).toBe(0);
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
    // By average rating (all time, published reviews), lowest first on a second press: the scarf's 3.5, the shirt's 4.5.
    for (const order of ['descending', 'ascending']) {
      await page.getByTestId('sort-average_rating').click();
      await page.waitForSelector(
        `[data-testid="insights-products"] th[aria-sort="${order}"] [data-testid="sort-average_rating"]`,
      );
    }
    await page.waitForFunction(() => !document.querySelector('.insights-products[data-refreshing]'));
    expect(await productNames(page)).toEqual(['Wool scarf', 'Linen shirt']);

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

  it('draws the request funnel on the server once requests were sent, its figures as a table', async () => {
    const page = await open(small, '/insights', false);
    const chart = page.getByTestId('requests-chart');
    const weeks = Number(await chart.getAttribute('data-points'));
    expect(await chart.getAttribute('aria-label')).toBe(
      en.funnel.summary
        .replace('{{weeks}}', String(weeks))
        .replace('{{sent}}', '2')
        .replace('{{opened}}', '1')
        .replace('{{reviewed}}', '0'),
    );
    expect(await bands(chart).count()).toBe(weeks);
    const table = page.locator('.chart-card', { has: chart }).locator('.chart-data');
    await table.locator('summary').click();
    expect(await table.locator('tbody tr').count()).toBe(weeks);
    expect(await table.locator('tbody tr').last().innerText()).toMatch(/2\s+1\s+0$/);
  });

  it('tells a small store there is not enough data yet rather than a lift', async () => {
    const page = await open(small);
    expect(await text(page, 'lift-not-enough')).toContain(en.lift.notEnough);
    expect(await page.getByTestId('lift-difference').count()).toBe(0);
    expect(await text(page, 'lift-watched')).toContain('1 of 1 sessions');
  });
});
