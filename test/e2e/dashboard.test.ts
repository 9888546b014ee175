/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import en from '../../web/i18n/dashboard/en.json' with { type: 'json' };
import reviewsEn from '../../web/i18n/reviews/en.json' with { type: 'json' };
import shellEn from '../../web/i18n/en.json' with { type: 'json' };
import { insertDatedReviews, insertSessionDays } from '../factories/analytics.factory.js';
import { seedMember, seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import {
  axeViolations,
  expectToast,
  launchBrowser,
  layoutShift,
  signedInContext,
  waitForHydration,
  watchLayoutShifts,
} from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, JWT_SECRET, type TestEnv } from '../support/test-env.js';

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let merchant: SeededUser;
let shopify: SeededUser;
let member: SeededUser;
let pendingLinen: string;
let context: BrowserContext | undefined;
const problems: string[] = [];

// Known answers (UTC store, reviews received at noon):
//   this period (30 days): Linen shirt ×3 a day ago (5, 4 approved; 3 pending), Wool scarf ×2 three days ago
//   (5 approved, 2 rejected), Canvas tote ×4 twenty days ago (4, 4 approved; 5, 1 pending);
//   the period before: Denim jacket ×2 forty days ago (3, 2 approved).
//   Totals 11 reviews, 3 pending, approved average 27 / 7 = 3.9; received 9 against 2 (+350 %), pending 3 against
//   0 (new), approved average 4.4 against 2.5 (+1.9 pts). Widget sessions: 6 of 40 added to the cart five
//   days ago (15 %), 5 of 50 thirty-five days ago (10 %): +5 pp.
beforeAll(async () => {
  testEnv = await createTestEnv();
  merchant = await seedUser(testEnv.env, JWT_SECRET, { email: 'analytics@example.com' });
  shopify = await seedUser(testEnv.env, JWT_SECRET, { email: 'shopify@example.com', platform: 'shopify' });
  member = await seedMember(testEnv.env, JWT_SECRET, merchant, { email: 'member@example.com' });
  await withTestDatabase(testEnv.env, async (handle) => {
    const ids = await insertDatedReviews(handle, merchant.merchantId, [
      { product: 'Linen shirt', daysAgo: 1, status: 'approved', rating: 5 },
      { product: 'Linen shirt', daysAgo: 1, status: 'approved', rating: 4 },
      { product: 'Linen shirt', daysAgo: 1, status: 'pending', rating: 3 },
      { product: 'Wool scarf', daysAgo: 3, status: 'approved', rating: 5 },
      { product: 'Wool scarf', daysAgo: 3, status: 'rejected', rating: 2 },
      { product: 'Canvas tote', daysAgo: 20, status: 'approved', rating: 4 },
      { product: 'Canvas tote', daysAgo: 20, status: 'approved', rating: 4 },
      { product: 'Canvas tote', daysAgo: 20, status: 'pending', rating: 5 },
      { product: 'Canvas tote', daysAgo: 20, status: 'pending', rating: 1 },
      { product: 'Denim jacket', daysAgo: 40, status: 'approved', rating: 3 },
      { product: 'Denim jacket', daysAgo: 40, status: 'approved', rating: 2 },
    ]);
    pendingLinen = ids[2];
    await insertSessionDays(handle, merchant.merchantId, [
      { daysAgo: 5, views: 40, carts: 6 },
      { daysAgo: 35, views: 50, carts: 5 },
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

interface OpenOptions {
  javaScriptEnabled?: boolean;
  path?: string;
  viewport?: { width: number; height: number };
  /** Runs before the page loads: cookies, listeners. */
  before?: (context: BrowserContext, page: Page) => Promise<unknown> | void;
}

async function open(user: SeededUser, options: OpenOptions = {}): Promise<Page> {
  const { path = '/', before, ...contextOptions } = options;
  context = await signedInContext(browser, server.url, user.accessToken, {
    viewport: { width: 1280, height: 1000 },
    ...contextOptions,
  });
  const page = await context.newPage();
  await before?.(context, page);
  page.on('console', (message: ConsoleMessage) => {
    // A failure this file provokes on purpose (the 500 below) is reported by the page in a toast.
    if (message.type() === 'error' && !/status of 500/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  return page;
}

const card = (page: Page, metric: string) => page.getByTestId(`metric-${metric}`);

async function metric(page: Page, name: string): Promise<{ value: string; trend: string; direction: string | null }> {
  const element = card(page, name);
  return {
    value: (await element.getByTestId('metric-value').textContent()) ?? '',
    trend: (await element.getByTestId('metric-trend').textContent()) ?? '',
    direction: await element.getByTestId('metric-trend').getAttribute('data-direction'),
  };
}

const activityChart = (page: Page) => page.getByTestId('review-activity-chart');
const productsChart = (page: Page) => page.getByTestId('top-products-chart');

/** The SVG the card's width shows: the server draws one per size (shared/charts.ts), CSS shows one. */
const shown = (chart: Locator) => chart.locator('.server-chart-size:visible > svg');
/** What ECharts' light runtime reports the pointer on: a hover band per point (server/charts/hover-bands.ts). */
const bands = (chart: Locator) => shown(chart).locator('[ecmeta_ssr_type]:not([ecmeta_silent="true"])');
/** The series' own marks: the line's points, the bars. */
const marks = (chart: Locator) => shown(chart).locator('[ecmeta_series_index="0"]');

/** Waits until the chart shows this many points (ChartCard marks what it drew), a hover band for each. */
async function drawn(page: Page, testId: string, points: number): Promise<void> {
  const chart = page.locator(`[data-testid="${testId}"][data-points="${points}"]`);
  await chart.locator('.server-chart').waitFor();
  expect(await bands(chart).count()).toBe(points);
}

function productsSummary(days: number, products: Array<[string, number]>): string {
  const list = new Intl.ListFormat('en').format(products.map(([name, reviews]) => `${name} (${reviews})`));
  return en.topProducts.summary.replace('{{days}}', String(days)).replace('{{products}}', list);
}

/** Yesterday as the activity chart labels its days. */
const yesterdayLabel = () =>
  new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.now() - 86_400_000);

/** The months the last 365 days (today among them) touch, in UTC: 13, but 12 when they start on the 1st. */
function monthsOfLastYear(): number {
  const today = new Date();
  const start = new Date(today.getTime() - 364 * 86_400_000);
  const index = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
  return index(today) - index(start) + 1;
}

const updated = (days: number) => en.toasts.updateDataSuccess.replace('{{days}}', String(days));

describe('the dashboard', () => {
  it('is rendered on the server with the figures: the markup holds them with JavaScript off', async () => {
    const page = await open(merchant, { javaScriptEnabled: false });
    expect(await metric(page, 'total_reviews')).toEqual({
      value: '11',
      trend: expect.stringMatching(/350\.0%.*vs last month/),
      direction: 'up',
    });
    // 3 pending against none the month before: no meaningless "↑ 100.0 %", just new.
    expect(await metric(page, 'pending_reviews')).toEqual({
      value: '3',
      trend: `${en.trend.new} ${en.trend.noneLastMonth}`,
      direction: 'up',
    });
    expect(await metric(page, 'average_rating')).toMatchObject({ value: '3.9', direction: 'up' });
    expect((await metric(page, 'average_rating')).trend).toContain('1.9 pts');
    expect(await metric(page, 'conversion_rate')).toMatchObject({ value: '15.0%', direction: 'up' });
    expect((await metric(page, 'conversion_rate')).trend).toContain('5.0 pp');
    // The conversion rate leads to Insights, where it is taken apart: a plain link, working before any script.
    await page.getByTestId('insights-link').click();
    await page.waitForURL(/\/insights$/);
    await page.goBack();
    // The charts' data came with the page too: their descriptions are there before any script ran.
    expect(await activityChart(page).getAttribute('aria-label')).toBe(
      en.activity.summary.replace('{{total}}', '9').replace('{{days}}', '30'),
    );
    expect(await productsChart(page).getAttribute('aria-label')).toBe(
      productsSummary(30, [
        ['Canvas tote', 4],
        ['Linen shirt', 3],
        ['Wool scarf', 2],
      ]),
    );
    // And the charts themselves, drawn by the server: an SVG per size in the page, the one for a 460 px card shown,
    // a point and a hover band for each of the 30 days, a bar per product named and counted, 4 : 3 : 2.
    expect(await activityChart(page).getAttribute('data-points')).toBe('30');
    expect(await activityChart(page).locator('.server-chart-size > svg').count()).toBe(3);
    expect(await activityChart(page).locator('.server-chart-size:visible').getAttribute('data-size')).toBe('m');
    expect(await bands(activityChart(page)).count()).toBe(30);
    expect(await marks(activityChart(page)).count()).toBe(30);
    expect(await shown(activityChart(page)).locator('text').allTextContents()).toEqual(
      expect.arrayContaining(['0', '1', '2', '3']),
    );
    expect(await shown(productsChart(page)).locator('text').allTextContents()).toEqual(
      expect.arrayContaining(['Canvas tote', 'Linen shirt', 'Wool scarf', '4', '3', '2']),
    );
    const widths = await marks(productsChart(page)).evaluateAll((bars) =>
      bars.map((bar) => bar.getBoundingClientRect().width),
    );
    expect(widths).toHaveLength(3);
    expect(widths[1] / widths[0]).toBeCloseTo(0.75, 1);
    expect(widths[2] / widths[0]).toBeCloseTo(0.5, 1);
    // A store that is not on Shopify and has reviews sees neither notice; seven approved reviews on a plan of five
    // bring the upgrade card, drawn with the page so it does not push the figures down later.
    expect(await page.getByTestId('shopify-setup-banner').count()).toBe(0);
    expect(await page.getByTestId('no-reviews-notice').count()).toBe(0);
    expect(await page.getByTestId('upgrade-widget').textContent()).toContain('7 / 5');
  });

  it('draws a phone’s charts at a phone’s size, their text as large as the page’s', async () => {
    const page = await open(merchant, { javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    for (const chart of [activityChart(page), productsChart(page)]) {
      expect(await chart.locator('.server-chart-size:visible').getAttribute('data-size')).toBe('s');
      // Drawn 320 px wide: shown at 0.85 to 1.3 times that, so 12 px labels print at 10 px or more.
      const scale = (await shown(chart).boundingBox())!.width / 320;
      expect(scale).toBeGreaterThanOrEqual(0.85);
      expect(scale).toBeLessThanOrEqual(1.3);
    }
  });

  it('shows a tooltip under the pointer through ECharts’ light runtime, never loading the library, nothing moving', async () => {
    const scripts: Array<Promise<string>> = [];
    const page = await open(merchant, {
      before: async (opened, tab) => {
        await watchLayoutShifts(opened);
        tab.on('response', (response) => {
          if (response.request().resourceType() === 'script') scripts.push(response.text());
        });
      },
    });
    await waitForHydration(page);
    await drawn(page, 'review-activity-chart', 30);
    await drawn(page, 'top-products-chart', 3);
    expect(await layoutShift(page)).toBe(0);

    // The day under the pointer: today had no reviews, yesterday three (Linen shirt).
    const tooltip = activityChart(page).locator('.chart-tooltip');
    const tip = async () => (await tooltip.locator('.chart-tooltip-row').textContent()) ?? '';
    await bands(activityChart(page)).nth(29).hover();
    await tooltip.waitFor();
    expect(await tip()).toMatch(new RegExp(`^${en.activity.series}\\s*0$`));
    await bands(activityChart(page)).nth(28).hover();
    await activityChart(page).locator('.chart-tooltip-title', { hasText: yesterdayLabel() }).waitFor();
    expect(await tip()).toMatch(new RegExp(`^${en.activity.series}\\s*3$`));
    // The day is marked: its band tinted, its point filled.
    expect(
      await shown(activityChart(page))
        .locator('[data-pointed]')
        .evaluateAll((marked) => marked.map((mark) => mark.getAttribute('ecmeta_data_index'))),
    ).toEqual(['28', '28']);
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });
    expect(await shown(activityChart(page)).locator('[data-pointed]').count()).toBe(0);

    // A bar's row names its product and its count under the pointer.
    await bands(productsChart(page)).nth(1).hover();
    const barTip = productsChart(page).locator('.chart-tooltip');
    await barTip.locator('.chart-tooltip-title', { hasText: 'Linen shirt' }).waitFor();
    expect(await barTip.locator('.chart-tooltip-row').textContent()).toMatch(
      new RegExp(`${en.topProducts.series}\\s*3`),
    );

    // The page loaded ECharts' light runtime (its event attributes), never the library (its instance attribute).
    const code = await Promise.all(scripts);
    expect(code.some((source) => source.includes('ecmeta_ssr_type'))).toBe(true);
    expect(code.filter((source) => source.includes('_echarts_instance_'))).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'passes axe in the %s theme, the charts in its colours, and follows a switch without drawing again',
    async (theme) => {
      const colours = { light: 'rgb(124, 58, 237)', dark: 'rgb(167, 139, 250)' };
      const other = theme === 'light' ? 'dark' : 'light';
      const page = await open(merchant, {
        before: (opened) => opened.addCookies([{ name: 'theme', value: theme, url: server.url }]),
      });
      await waitForHydration(page);
      await drawn(page, 'review-activity-chart', 30);
      await drawn(page, 'top-products-chart', 3);
      expect(await axeViolations(page, '.dashboard-charts')).toEqual([]);
      const lineColour = () =>
        marks(activityChart(page))
          .first()
          .evaluate((point) => getComputedStyle(point).stroke);
      const barColour = () =>
        marks(productsChart(page))
          .first()
          .evaluate((bar) => getComputedStyle(bar).fill);
      expect([await lineColour(), await barColour()]).toEqual([colours[theme], colours[theme]]);

      // The SVG names the theme's variables: switching the theme recolours it at once, with nothing fetched.
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(request.url()));
      await page.getByTestId('theme-toggle').click();
      await page.waitForFunction((next) => document.documentElement.dataset.theme === next, other);
      expect([await lineColour(), await barColour()]).toEqual([colours[other], colours[other]]);
      expect(fetched.filter((url) => url.includes('/api/analytics/'))).toEqual([]);
    },
  );

  it('re-queries the figures and both charts for each period, by day up to 90 days and by month beyond, with the toasts', async () => {
    const page = await open(merchant);
    await waitForHydration(page);
    await drawn(page, 'review-activity-chart', 30);

    const choose = async (days: number, interval: 'day' | 'month') => {
      const requests = Promise.all([
        page.waitForRequest((r) => r.url().includes(`/api/analytics/dashboard_metrics/?days=${days}`)),
        page.waitForRequest((r) =>
          r.url().includes(`/api/analytics/review_activity/?days=${days}&interval=${interval}`),
        ),
        page.waitForRequest((r) => r.url().includes(`/api/analytics/top_products/?days=${days}&limit=10`)),
      ]);
      await expectToast(page, 'success', updated(days), () =>
        page.locator(`[data-testid="period-selector"] [data-value="${days}"]`).click(),
      );
      await requests;
      expect(
        await page.locator(`[data-testid="period-selector"] [data-value="${days}"]`).getAttribute('aria-checked'),
      ).toBe('true');
    };

    await choose(7, 'day');
    await drawn(page, 'review-activity-chart', 7);
    await drawn(page, 'top-products-chart', 2);
    // Issue 23: the four cards kept comparing 30 days whatever the period. This week against the one before, which had
    // no review and no widget session: each figure is new, where the rating said "0.0 pts, no change".
    const newThisWeek = `${en.trend.new} ${en.trend.nonePrevious.replace('{{days}}', '7')}`;
    await card(page, 'conversion_rate').getByTestId('metric-trend').getByText(newThisWeek).waitFor();
    for (const name of ['total_reviews', 'pending_reviews', 'average_rating', 'conversion_rate']) {
      expect(await metric(page, name)).toMatchObject({ trend: newThisWeek, direction: 'up' });
    }
    // The counts and the rating are the store's; the conversion rate is the period's (6 of 40 sessions).
    expect((await metric(page, 'total_reviews')).value).toBe('11');
    expect((await metric(page, 'conversion_rate')).value).toBe('15.0%');
    expect(await activityChart(page).getAttribute('aria-label')).toContain('5 reviews in the last 7 days');
    expect(await productsChart(page).getAttribute('aria-label')).toBe(
      productsSummary(7, [
        ['Linen shirt', 3],
        ['Wool scarf', 2],
      ]),
    );

    await choose(365, 'month');
    await drawn(page, 'review-activity-chart', monthsOfLastYear());
    await drawn(page, 'top-products-chart', 4);
    expect(await productsChart(page).getAttribute('aria-label')).toBe(
      productsSummary(365, [
        ['Canvas tote', 4],
        ['Linen shirt', 3],
        ['Denim jacket', 2],
        ['Wool scarf', 2],
      ]),
    );

    await choose(90, 'day');
    await drawn(page, 'review-activity-chart', 90);
    // Back to a period already shown: asked again all the same, the merchant wants the figures of now.
    await choose(30, 'day');
    await drawn(page, 'review-activity-chart', 30);
    await drawn(page, 'top-products-chart', 3);
    // Four periods in a row, one toast: each replaced the one before instead of stacking over the charts.
    expect(await page.getByTestId('toast').allTextContents()).toEqual([updated(30)]);
    // Back to the month against the month before.
    expect(await metric(page, 'total_reviews')).toEqual({
      value: '11',
      trend: expect.stringMatching(/350\.0%.*vs last month/),
      direction: 'up',
    });

    await page.route('**/api/analytics/top_products/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Internal error', code: 'internal' }),
      }),
    );
    await expectToast(page, 'error', en.toasts.updateDataError, () =>
      page.locator('[data-testid="period-selector"] [data-value="7"]').click(),
    );
    expect(await page.getByTestId('toast').allTextContents()).toEqual([en.toasts.updateDataError]);
  });

  it('shows a moderation at once', async () => {
    const res = await fetch(`${server.url}/api/reviews/${pendingLinen}/reject/`, {
      method: 'POST',
      headers: { authorization: `JWT ${merchant.accessToken}` },
    });
    expect(res.status).toBe(200);
    const page = await open(merchant, { javaScriptEnabled: false });
    expect((await metric(page, 'pending_reviews')).value).toBe('2');
    expect((await metric(page, 'total_reviews')).value).toBe('11');
  });
});

describe('the dashboard notices', () => {
  it('asks a Shopify store to finish its setup until dismissed, which the server then remembers', async () => {
    const page = await open(shopify);
    await waitForHydration(page);
    const banner = page.getByTestId('shopify-setup-banner');
    await banner.waitFor();
    expect(await banner.getByRole('link').getAttribute('href')).toBe('/settings/integrations/shopify');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/stores/shopify_setup_complete/') && r.request().method() === 'POST',
    );
    await page.getByTestId('shopify-setup-banner-dismiss').click();
    expect((await saved).status()).toBe(200);
    await banner.waitFor({ state: 'detached' });
    await context!.close();

    // Another browser, nothing stored locally: the server's own render leaves it out.
    const elsewhere = await open(shopify, { javaScriptEnabled: false });
    expect(await elsewhere.getByTestId('shopify-setup-banner').count()).toBe(0);
  });

  it('tells a store without reviews, and stays dismissed for the browser session', async () => {
    const page = await open(shopify);
    await waitForHydration(page);
    const notice = page.getByTestId('no-reviews-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.noReviews.title);
    expect(await card(page, 'total_reviews').getByTestId('metric-value').textContent()).toBe('0');
    // Nothing in this period nor the one before: no trend, rather than "0.0 %, no change" (issue 23).
    for (const name of ['total_reviews', 'pending_reviews', 'average_rating', 'conversion_rate']) {
      expect(await card(page, name).getByTestId('metric-trend').count()).toBe(0);
    }
    expect(await page.locator('.chart-frame:has([data-testid="top-products-chart"]) .chart-empty').textContent()).toBe(
      en.topProducts.empty,
    );
    await page.getByTestId('no-reviews-notice-dismiss').click();
    await notice.waitFor({ state: 'detached' });
    // The server's own render leaves it out: it never shows and then vanishes.
    const html = await (await page.reload())!.text();
    expect(html).not.toContain('data-testid="no-reviews-notice"');
    await waitForHydration(page);
    await drawn(page, 'review-activity-chart', 30);
    expect(await notice.count()).toBe(0);
    // A new browser session shows it again.
    await context!.close();
    const next = await open(shopify, { javaScriptEnabled: false });
    expect(await next.getByTestId('no-reviews-notice').count()).toBe(1);
  });

  it('shows the upgrade card as one line above the figures, its details a click away', async () => {
    const page = await open(merchant);
    await waitForHydration(page);
    const widget = page.getByTestId('upgrade-widget');
    const box = (await widget.boundingBox())!;
    // Issue 17: it took ~320 px and pushed the charts below the fold.
    expect(box.height).toBeLessThanOrEqual(64);
    expect((await card(page, 'total_reviews').boundingBox())!.y).toBeLessThan(box.y + box.height + 40);
    expect(await widget.locator('.upgrade-line').getByTestId('usage-active').textContent()).toContain('7 / 5');
    const details = widget.getByTestId('upgrade-details');
    expect(await details.isVisible()).toBe(false);
    const toggle = widget.getByTestId('upgrade-details-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await details.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await details.textContent()).toContain(reviewsEn.upgrade.reasons.reached_active_limit);
    expect(await details.getByTestId('upgrade-plan').count()).toBeGreaterThan(0);
    // Seven approved reviews on a plan of five: the limit is reached, and the card cannot be hidden.
    expect(await widget.getByTestId('upgrade-limit-reached').isVisible()).toBe(true);
    expect(await widget.getByTestId('upgrade-dismiss').count()).toBe(0);
    expect(await widget.getByTestId('upgrade-cta').getAttribute('href')).toMatch(/^\/settings\/billing\?plan=/);
  });

  it('comes with the server render of the reviews page too, so it never pushes the table down', async () => {
    const page = await open(merchant, { javaScriptEnabled: false, path: '/reviews' });
    expect(await page.getByTestId('upgrade-widget').count()).toBe(1);
  });

  it('hides the card for a week when its owner asks, in every browser, unless a limit is reached', async () => {
    const page = await open(shopify);
    await waitForHydration(page);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/users/me/') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('upgrade-dismiss').click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('upgrade-widget').waitFor({ state: 'detached' });
    await context!.close();
    // Another browser, no cookie of its own: the server remembers, and its render leaves the card out.
    for (const path of ['/', '/reviews']) {
      const elsewhere = await open(shopify, { javaScriptEnabled: false, path });
      expect(
        await elsewhere.getByTestId('metric-total_reviews').or(elsewhere.getByTestId('reviews-table')).count(),
      ).toBe(1);
      expect(await elsewhere.getByTestId('upgrade-widget').count()).toBe(0);
      await context!.close();
    }

    // A store over its limit shows the card to an owner who hid it all the same.
    const hidden = await fetch(`${server.url}/api/auth/users/me/`, {
      method: 'PATCH',
      headers: { authorization: `JWT ${merchant.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hide_upgrade_prompt: true }),
    });
    expect(
      ((await hidden.json()) as { upgrade_prompt_hidden_until: string | null }).upgrade_prompt_hidden_until,
    ).not.toBeNull();
    const over = await open(merchant, { javaScriptEnabled: false });
    expect(await over.getByTestId('upgrade-widget').count()).toBe(1);
  });
});

describe('what members see', () => {
  it('no upgrade card, which they could not act on', async () => {
    for (const path of ['/', '/reviews']) {
      const page = await open(member, { path });
      await waitForHydration(page);
      await page.getByTestId('metric-total_reviews').or(page.getByTestId('review-row').first()).waitFor();
      expect(await page.getByTestId('upgrade-widget').count()).toBe(0);
      await context!.close();
      context = undefined;
    }
  });

  it('no Billing or Integrations cards in settings, which the server would refuse them', async () => {
    const page = await open(member, { path: '/settings' });
    const titles = await page.locator('.card-title').allTextContents();
    expect(titles).toContain(shellEn.pages.account.title);
    expect(titles).toContain(shellEn.pages.team.title);
    expect(titles).not.toContain(shellEn.pages.billing.title);
    expect(titles).not.toContain(shellEn.pages.integrations.title);
    expect(await page.locator('a[href="/settings/billing"], a[href="/settings/integrations"]').count()).toBe(0);
    await context!.close();
    // The owner of the same store sees both.
    const owner = await open(merchant, { path: '/settings' });
    expect(await owner.locator('a[href="/settings/billing"]').count()).toBe(1);
    expect(await owner.locator('a[href="/settings/integrations"]').count()).toBe(1);
  });
});
