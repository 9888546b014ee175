/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import en from '../../web/i18n/moderation/en.json' with { type: 'json' };
import { PLAN_CATALOG } from '../../server/billing/plans.catalog.js';
import { PlansRepository } from '../../server/billing/plans.repository.js';
import { subscriptions } from '../../server/database/schema.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { animationsDone, expectToast, launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// A store with 300 pending reviews (seeded through the repositories) and one shopper's video, on the Growth plan
// (200 active reviews): moderated in bulk, then reviews opened in the drawer, at desktop and phone widths.

const SEEDED = 300;
const PENDING = SEEDED + 1;
const ACTIVE_MAX = 200;

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: SeededUser;
let videoId: string;
let verifiedId: string;
const problems: string[] = [];

beforeAll(async () => {
  testEnv = await createTestEnv();
  owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'bulk@example.com', firstName: 'Bea', lastName: 'Bulk' });
  await withTestDatabase(testEnv.env, async (handle) => {
    [verifiedId] = await seedReviews(handle, owner.merchantId, 1, {
      productId: 'mug',
      productName: 'Stoneware Mug',
      customerName: () => 'Valentina Verified',
      customerEmail: () => 'valentina@example.com',
      verifiedPurchase: () => true,
      comment: () => 'Bought two, both arrived intact.',
    });
    await seedReviews(handle, owner.merchantId, SEEDED - 1, { customerName: (i) => `Seeded ${i}` });
    await new PlansRepository(handle).seed(PLAN_CATALOG);
    const growth = await new PlansRepository(handle).findByCode('growth');
    expect(growth?.maxActiveReviews).toBe(ACTIVE_MAX);
    await handle.db
      .insert(subscriptions)
      .values({ merchantId: owner.merchantId, planId: growth!.id, provider: 'none' });
  });
  server = await startServerProcess(testEnv.env);
  videoId = await uploadByApi(
    server.url,
    {
      merchant_id: owner.merchantId,
      product_id: 'boots',
      product_name: 'Trail Boots',
      product_url: 'https://shop.example/products/trail-boots',
      customer_name: 'Zoe Video',
      customer_email: 'zoe@example.com',
      rating: '4',
      comment: 'Walked 40 km in them.\nNo blisters at all, and they kept my feet dry through two river crossings.',
    },
    { video: ['review.webm', 'video/webm'], thumbnail: ['thumbnail.jpg', 'image/jpeg'] },
    'https://shop.example',
  );
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

async function openReviews(viewport: { width: number; height: number }): Promise<void> {
  await context?.close();
  context = await signedInContext(browser, server.url, owner.accessToken, { viewport });
  page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    // The plan-limit refusal a single approve gets is shown by the page; Chromium still logs the response.
    if (message.type() === 'error' && !/status of 403/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/reviews');
  await waitForHydration(page, '[data-testid="select-page"]');
}

const rows = () => page.locator('[data-testid="review-row"]');
const row = (id: string) => page.locator(`[data-testid="review-row"][data-id="${id}"]`);
const bar = () => page.getByTestId('bulk-bar');
const status = () => page.getByTestId('bulk-status');
const plural = (text: string, count: number) => text.replace('{{count}}', String(count));

async function filter(value: string, count: number): Promise<void> {
  await page.locator(`[data-testid="status-filter"] [data-value="${value}"]`).click();
  await page.waitForFunction(
    ([wanted, total]) =>
      document.querySelector('[data-testid="pagination-summary"]')?.textContent?.includes(String(total)) &&
      [...document.querySelectorAll('[data-testid="review-row"]')].every((r) =>
        wanted === 'deleted' ? r.getAttribute('data-deleted') === 'true' : r.getAttribute('data-status') === wanted,
      ),
    [value, count] as const,
  );
}

/** The moderation buttons offered (clearing the selection and pinning aside). */
const actionsOf = (region: Locator) =>
  region
    .locator(
      '.bulk-bar-actions button:not([data-testid="bulk-clear"]), .review-drawer-actions button:not([data-testid="drawer-pin"])',
    )
    .allTextContents();

async function axeViolations(...selectors: string[]): Promise<string[]> {
  const { violations } = await selectors
    .reduce((builder, selector) => builder.include(selector), new AxeBuilder({ page }))
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('bulk moderation', () => {
  beforeAll(() => openReviews({ width: 1280, height: 900 }));

  it('selects rows with the mouse and the keyboard, and says so to screen readers', async () => {
    expect(await status().getAttribute('role')).toBe('status');
    expect(await bar().getAttribute('data-active')).toBeNull();
    await rows().nth(0).getByTestId('select-review').click();
    // A focused checkbox toggles with Space.
    await rows().nth(1).getByTestId('select-review').locator('input').focus();
    await page.keyboard.press('Space');
    await page.getByText(plural(en.bulk.selected_other, 2)).waitFor();
    expect(
      await page
        .getByTestId('select-page')
        .locator('input')
        .evaluate((i: HTMLInputElement) => i.indeterminate),
    ).toBe(true);
    await page.getByTestId('bulk-clear').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="bulk-bar"][data-active]'));
    // Focus does not fall to the page when the bar's buttons go: it lands on the header checkbox.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid')),
    ).toBe('select-page');
  });

  it('approves every pending review matching the filter in one action, within the plan, and shows what was left', async () => {
    await filter('pending', PENDING);
    await page.getByTestId('select-page').click();
    await status().getByText(plural(en.bulk.selected_other, 10)).waitFor();
    expect(await rows().locator('input[type="checkbox"]:checked').count()).toBe(10);
    expect(await bar().getByTestId('select-matching').textContent()).toBe(
      plural(en.bulk.selectMatching_other, PENDING),
    );
    await bar().getByTestId('select-matching').click();
    await status().getByText(plural(en.bulk.allMatching_other, PENDING)).waitFor();
    // Pending reviews can be approved, rejected or deleted; not restored.
    expect(await actionsOf(bar())).toEqual([en.bulk.actions.approve, en.bulk.actions.reject, en.bulk.actions.delete]);
    expect(await axeViolations('[data-testid="bulk-bar"]', '[data-testid="reviews-table"] .select-cell')).toEqual([]);

    const started = Date.now();
    await expectToast(page, 'warning', plural(en.bulk.done.approve_other, ACTIVE_MAX), () =>
      bar().getByTestId('bulk-approve').click(),
    );
    const elapsed = Date.now() - started;
    const toast = page
      .locator('[data-testid="toast"]')
      .filter({ hasText: plural(en.bulk.done.approve_other, ACTIVE_MAX) });
    expect(await toast.textContent()).toContain(plural(en.bulk.outcomes.skipped_limit_other, PENDING - ACTIVE_MAX));
    const modal = page.getByTestId('limit-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('limit-detail').textContent()).toBe(
      plural(en.bulk.limitDetail_other, PENDING - ACTIVE_MAX).replace(
        '{{detail}}',
        "You've reached your plan limit for active reviews.",
      ),
    );
    expect(await modal.getByTestId('usage-active').getAttribute('data-level')).toBe('error');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (total) => document.querySelector('[data-testid="pagination-summary"]')?.textContent?.includes(String(total)),
      PENDING - ACTIVE_MAX,
    );
    expect(await bar().getAttribute('data-active')).toBeNull();
    console.log(`Bulk approve of ${PENDING} matching reviews in the browser: ${elapsed} ms to the toast`);
  });

  it('deletes a page of reviews after confirming, and restores them from the deleted filter', async () => {
    await page.getByTestId('select-page').click();
    await bar().getByTestId('bulk-delete').click();
    const dialog = page.getByTestId('bulk-delete-dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe(
      en.bulk.deleteDialog.title_other.replace('{{count}}', '10'),
    );
    await expectToast(page, 'success', plural(en.bulk.done.delete_other, 10).replace('{{days}}', '30'), () =>
      dialog.getByTestId('confirm-bulk-delete').click(),
    );
    await dialog.waitFor({ state: 'detached' });
    await filter('deleted', 10);
    await page.getByTestId('select-page').click();
    expect(await actionsOf(bar())).toEqual([en.bulk.actions.restore]);
    await expectToast(page, 'success', plural(en.bulk.done.restore_other, 10), () =>
      bar().getByTestId('bulk-restore').click(),
    );
    await page.getByTestId('reviews-empty').waitFor();
  });
});

describe('review drawer', () => {
  it('shows the whole review with its media, people, product and history, and moderates it', async () => {
    // The newest review, so the bulk approval took it first.
    await page.locator('[data-testid="status-filter"] [data-value="all"]').click();
    await page.getByTestId('reviews-search').fill('zoe');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="review-row"]').length === 1);
    const opener = row(videoId).getByTestId('details-review');
    await opener.click();
    const drawer = page.getByTestId('review-drawer');
    await drawer.waitFor();
    const dialog = drawer.getByRole('dialog');
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toBe(
      en.details.title.replace('{{customer}}', 'Zoe Video'),
    );
    expect(await drawer.getByTestId('review-drawer-comment').textContent()).toContain('two river crossings');
    // The product came from the shopper's page: its address is shown as unverified text, never as a link.
    expect(await drawer.getByTestId('review-drawer-product-url').textContent()).toBe(
      'https://shop.example/products/trail-boots',
    );
    expect(await drawer.getByTestId('product-unverified').count()).toBe(1);
    expect(await drawer.getByTestId('review-drawer-product-link').count()).toBe(0);
    expect(await drawer.locator('a[href="mailto:zoe@example.com"]').count()).toBe(1);
    expect(await drawer.getByTestId('review-drawer-verified').getAttribute('data-verified')).toBe('false');

    // The video plays through the signed dashboard link.
    const video = drawer.locator('video');
    expect(await video.getAttribute('src')).toMatch(/^\/media\/reviews\/.+\.webm\?expires=\d+&signature=[\w-]+$/);
    // A full-size stage (an overflowing drawer once squeezed it to a strip).
    expect((await video.boundingBox())!.height).toBeGreaterThan(300);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="review-drawer"] video') as HTMLVideoElement).currentTime > 0,
    );

    const history = drawer.getByTestId('review-history');
    const changes = () =>
      history.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-change')));
    await history.locator('li[data-change="approved"]').waitFor();
    expect(await changes()).toEqual(['received', 'approved']);
    expect(await history.locator('li[data-change="approved"]').textContent()).toContain('Bea Bulk');
    expect(await actionsOf(drawer)).toEqual([en.bulk.actions.reject, en.bulk.actions.delete]);
    expect(await axeViolations('[data-testid="review-drawer"]')).toEqual([]);

    // Focus stays inside while open.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="review-drawer"]'))).toBe(true);

    await expectToast(page, 'warning', 'Review rejected.', () => drawer.getByTestId('drawer-reject').click());
    await history.locator('li[data-change="rejected"]').waitFor();
    await expectToast(page, 'success', 'Review approved.', () => drawer.getByTestId('drawer-approve').click());
    await drawer.getByTestId('review-drawer-status').getByText('Approved').waitFor();
    await drawer.getByTestId('drawer-delete').click();
    await page.getByTestId('confirm-delete').click();
    await drawer.getByTestId('review-drawer-status').getByText('Deleted').waitFor();
    expect(await actionsOf(drawer)).toEqual([en.bulk.actions.restore]);
    await history.locator('li[data-change="deleted"]').waitFor();
    expect(await changes()).toEqual(['received', 'approved', 'rejected', 'approved', 'deleted']);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('fits a 375 px phone, bulk bar and drawer alike', async () => {
    await openReviews({ width: 375, height: 800 });
    await page.getByTestId('reviews-search').fill('valentina');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="review-row"]').length === 1);
    await row(verifiedId).getByTestId('select-review').click();
    await status().getByText(plural(en.bulk.selected_one, 1)).waitFor();
    const fits = (selector: string) =>
      page.evaluate((sel) => {
        const element = document.querySelector(sel)!;
        const box = element.getBoundingClientRect();
        return box.left >= 0 && box.right <= innerWidth && element.scrollWidth <= element.clientWidth;
      }, selector);
    expect(await fits('[data-testid="bulk-bar"]')).toBe(true);
    expect(await axeViolations('[data-testid="bulk-bar"]')).toEqual([]);

    await row(verifiedId).getByTestId('details-review').click();
    const drawer = page.getByTestId('review-drawer');
    await drawer.waitFor();
    // Measured where it comes to rest, not while it slides in.
    await animationsDone(page);
    expect(await drawer.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(375);
    expect(await fits('[data-testid="review-drawer"] .review-drawer-body')).toBe(true);
    expect(await drawer.getByTestId('review-drawer-verified').getAttribute('data-verified')).toBe('true');
    expect(await drawer.getByTestId('review-drawer-verified').textContent()).toBe(en.details.verifiedYes);
    expect(await axeViolations('[data-testid="review-drawer"]')).toEqual([]);
    await drawer.getByTestId('review-drawer-close').click();
    await drawer.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('details-review');
  });
});
