/// <reference lib="dom" />
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import reviewsEn from '../../web/i18n/reviews/en.json' with { type: 'json' };
import { ReviewsRepository } from '../../server/reviews/reviews.repository.js';
import { seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { launchBrowser, signedInContext } from '../support/browser.js';
import {
  DASHBOARD_PAGES,
  VIEWPORT_WIDTHS,
  pagesOnDisk,
  sidewaysOverflow,
  waitForSettledPage,
} from '../support/dashboard-pages.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, JWT_SECRET, type TestEnv } from '../support/test-env.js';

// Issue 17: the reviews table was 1013 px wide in a 974 px box with its delete icon cut off, and at 375 px /reviews
// scrolled sideways to ~890 px and /settings/team to 561 px; the widget settings tabs overflowed a phone.
// Issue 23: a review whose media were still being prepared pushed the row actions out of view at 1280 px, and on a
// phone each card's selection checkbox sat alone on a row of its own.

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let owner: SeededUser;
let context: BrowserContext | undefined;
const problems: string[] = [];

const LONG_NAME = 'Organic cotton oversized hoodie with embroidered logo';

beforeAll(async () => {
  testEnv = await createTestEnv();
  owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'layout@example.com', firstName: 'Maximiliana' });
  await withTestDatabase(testEnv.env, async (handle) => {
    const repository = new ReviewsRepository(handle);
    const pictured = await repository.upsertProduct(owner.merchantId, {
      externalId: 'pictured',
      name: 'Pictured mug',
      imageUrl: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
    });
    const bare = await repository.upsertProduct(owner.merchantId, { externalId: 'bare', name: LONG_NAME });
    // Pending reviews carry the most actions (details, approve, reject, delete): the widest row. The first one's
    // media are still being prepared: its "Preparing media…" chip is the media column's widest content.
    for (let i = 0; i < 6; i += 1) {
      const product = i % 2 ? pictured : bare;
      await repository.create(
        {
          merchantId: owner.merchantId,
          productId: product.id,
          customerName: `Bartholomew Featherstonehaugh-Smythe ${i}`,
          customerEmail: '',
          rating: 1 + (i % 5),
          comment: 'Fits well, washes well, and the colour has not faded after a dozen washes. '.repeat(3),
          mediaState: i === 0 ? 'processing' : 'ready',
          source: 'import',
        },
        product.name,
        [],
      );
    }
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

async function open(path: string, width: number, signedIn = true): Promise<Page> {
  const options = { viewport: { width, height: 800 } };
  context = signedIn
    ? await signedInContext(browser, server.url, owner.accessToken, options)
    : await browser.newContext({ baseURL: server.url, ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  await waitForSettledPage(page);
  return page;
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/** `inner` lies within `outer` horizontally (half a pixel of rounding allowed). */
function insideHorizontally(inner: Box, outer: Box): boolean {
  return inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;
}

describe('page layout', () => {
  it('knows every page there is', () => {
    expect(DASHBOARD_PAGES.map(({ path }) => path).sort()).toEqual(pagesOnDisk());
  });

  it('never scrolls a page sideways, from a 320 px phone to a 1920 px desktop', async () => {
    const overflows: string[] = [];
    for (const signedIn of [true, false]) {
      context = signedIn
        ? await signedInContext(browser, server.url, owner.accessToken, { viewport: { width: 1280, height: 800 } })
        : await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(error.message));
      for (const { path } of DASHBOARD_PAGES.filter((entry) => entry.signedIn === signedIn)) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(path);
        await waitForSettledPage(page);
        for (const width of VIEWPORT_WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const { scrollWidth, innerWidth, culprits } = await sidewaysOverflow(page);
          if (scrollWidth > innerWidth)
            overflows.push(`${path} at ${width}: ${scrollWidth} px (${culprits.join(', ')})`);
        }
      }
      await context.close();
      context = undefined;
    }
    expect(overflows).toEqual([]);
  }, 180_000);
});

describe('the reviews table', () => {
  const frame = (page: Page) => page.locator('.reviews-table-frame');

  it('fits its box at 1280×800, every action button whole and inside it, a review being processed included', async () => {
    const page = await open('/reviews', 1280);
    expect(await page.getByTestId('media-state').getByText(reviewsEn.mediaProcessing).count()).toBe(1);
    const box = await boxOf(frame(page));
    const table = await boxOf(page.getByTestId('reviews-table'));
    expect(table.width).toBeLessThanOrEqual(box.width);
    expect(await frame(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const buttons = page.locator('[data-testid="review-row"] button[data-action]');
    // Six pending reviews: details, approve, reject and delete on each.
    expect(await buttons.count()).toBe(24);
    for (const button of await buttons.all()) expect(insideHorizontally(await boxOf(button), box)).toBe(true);
    // A table still, with its header row.
    expect(await page.getByRole('columnheader', { name: reviewsEn.table.product }).isVisible()).toBe(true);
  });

  it('turns each review into a card on a phone, actions included', async () => {
    const page = await open('/reviews', 375);
    const box = await boxOf(frame(page));
    expect(await frame(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const rows = page.getByTestId('review-row');
    expect(await rows.count()).toBe(6);
    for (const row of await rows.all()) {
      expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
      const card = await boxOf(row);
      expect(insideHorizontally(card, box)).toBe(true);
      for (const button of await row.locator('button[data-action]').all()) {
        expect(insideHorizontally(await boxOf(button), card)).toBe(true);
      }
      expect(insideHorizontally(await boxOf(row.locator('.review-comment')), card)).toBe(true);
    }
  });

  it("puts each card's selection checkbox beside the card's first line, not on a row of its own", async () => {
    const page = await open('/reviews', 375);
    for (const row of await page.getByTestId('review-row').all()) {
      const checkbox = await boxOf(row.getByTestId('select-review'));
      const product = await boxOf(row.locator('[data-column="product"]'));
      const media = await boxOf(row.locator('[data-column="media"]'));
      // Side by side: the checkbox's band of the card overlaps the product name's and the media's.
      for (const beside of [product, media]) {
        expect(checkbox.y).toBeLessThan(beside.y + beside.height);
        expect(beside.y).toBeLessThan(checkbox.y + checkbox.height);
      }
      expect(checkbox.x + checkbox.width).toBeLessThanOrEqual(media.x + 0.5);
    }
  });

  it('names its actions column for screen readers, at every width', async () => {
    for (const width of [1280, 375]) {
      const page = await open('/reviews', width);
      // The accessibility tree, as a screen reader gets it: the header cell has its name, and each actions cell is
      // announced under it.
      const header = page.getByRole('columnheader', { name: reviewsEn.table.actions, exact: true });
      expect(await header.count()).toBe(1);
      const snapshot = await page.getByTestId('reviews-table').ariaSnapshot();
      expect(snapshot).toContain(`columnheader "${reviewsEn.table.actions}"`);
      await context!.close();
      context = undefined;
    }
  });

  it('shows a product icon for a product without a picture, and the picture otherwise', async () => {
    const page = await open('/reviews', 1280);
    const bare = page.getByTestId('review-row').filter({ hasText: LONG_NAME }).first();
    const placeholder = bare.getByTestId('product-thumb-placeholder');
    expect(await placeholder.locator('svg').count()).toBe(1);
    expect(await placeholder.getAttribute('aria-hidden')).toBe('true');
    const size = await boxOf(placeholder.locator('svg'));
    expect(size.width).toBeGreaterThan(10);
    const pictured = page.getByTestId('review-row').filter({ hasText: 'Pictured mug' }).first();
    expect(await pictured.locator('img.product-thumb').count()).toBe(1);
    expect(await pictured.getByTestId('product-thumb-placeholder').count()).toBe(0);
  });
});

describe('on a phone', () => {
  it('lists the team as cards inside the page', async () => {
    const page = await open('/settings/team', 320);
    const frame = await boxOf(page.locator('.table-scroll'));
    const row = page.getByTestId('team-row').first();
    expect(insideHorizontally(await boxOf(row), frame)).toBe(true);
    expect(await page.locator('.table-scroll').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
  });

  it('keeps the widget settings tabs in their row and brings the chosen one into view', async () => {
    const page = await open('/widget-settings', 375);
    const list = page.getByRole('tablist');
    const row = await boxOf(list);
    expect(row.x + row.width).toBeLessThanOrEqual(375);
    const last = page.getByTestId('tab-appearance');
    // The row is wider than the phone: the last tab starts out partly hidden.
    expect(insideHorizontally(await boxOf(last), row)).toBe(false);
    // A tap on the part that shows (a raw pointer event: nothing scrolls it into view first).
    const visible = await last.evaluate((tab) => {
      const outer = tab.parentElement!.getBoundingClientRect();
      const inner = tab.getBoundingClientRect();
      return { x: (inner.left + Math.min(inner.right, outer.right)) / 2, y: inner.top + inner.height / 2 };
    });
    await page.mouse.click(visible.x, visible.y);
    await page.waitForFunction(() => {
      const tab = document.querySelector('[data-testid="tab-appearance"]')!;
      const outer = tab.parentElement!.getBoundingClientRect();
      const inner = tab.getBoundingClientRect();
      // Within a pixel: tab widths are fractional, the row's scroll position is not.
      return (
        tab.getAttribute('aria-selected') === 'true' && inner.left >= outer.left - 1 && inner.right <= outer.right + 1
      );
    });
  });
});
