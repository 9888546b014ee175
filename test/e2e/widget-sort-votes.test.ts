/// <reference lib="dom" />
import type { Browser, Locator, Page } from 'playwright-core';
import type { TPublicReviews } from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { seedUser } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import { axeViolations, collectProblems, launchBrowser } from '../support/browser.js';
import { callApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// Issue 25: a shopper sorts the reviews with the keyboard through the sort listbox, filters them by pressing a star
// bar, and votes a review helpful; the vote is counted on the server and remembered across a reload.

const SHIRT: FakeProduct = { id: '7001', name: 'Linen Shirt' };
const en = WIDGET_STRINGS.en;

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
let storeId: string;
const ids: Record<string, string> = {};
const problems: string[] = [];

const api = <T>(path: string, body?: unknown) => callApi<T>(server.url, token, path, body);

const axe = (page: Page) => axeViolations(page, '.video-reviews-widget');

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'sorting@example.com' });
  token = owner.accessToken;
  server = await startServerProcess(testEnv.env);
  const snippet = await api<{ snippet: string; store_id: string }>('/api/installation/snippet/');
  storeId = snippet.store_id;
  store = await startFakeStorefront(snippet.snippet);
  // A list, so each review shows its vote button (a grid tile is one button: its vote is in the review's dialog).
  await api('/api/widgets/global-settings/', { layout: 'list', show_rating: true, initial_videos_count: 0 });
  // Oldest first: the newest (Dora) leads the default order.
  for (const [name, rating] of [
    ['Ana', 3],
    ['Bruno', 5],
    ['Carla', 1],
    ['Dora', 4],
  ] as const) {
    ids[name] = await uploadByApi(
      server.url,
      {
        merchant_id: storeId,
        product_id: SHIRT.id,
        product_name: SHIRT.name,
        customer_name: name,
        customer_email: `${name.toLowerCase()}@example.com`,
        rating: String(rating),
        comment: `${name} rates it ${rating}`,
      },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
    await api(`/api/reviews/${ids[name]}/approve/`, {});
  }
  // Photos are processed after the upload: the storefront shows a review once they are.
  for (let i = 0; i < 300; i++) {
    const shown = await api<TPublicReviews>(`/api/reviews/public/?product_id=${SHIRT.id}&merchant_id=${storeId}`);
    if (shown.count === 4) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

async function shopperPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  collectProblems(page, problems);
  return page;
}

const widget = (page: Page) => page.locator('.video-reviews-widget');
const names = (page: Page) => widget(page).locator('.vr-tile .vr-name').allTextContents();
/** The focused element inside the widget's shadow root: its class and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('.video-reviews-widget')!.shadowRoot!.activeElement;
    return active ? { className: active.className, text: active.textContent } : null;
  });
const sortButton = (page: Page) => widget(page).locator('.vr-sort-btn');

/** Waits until the list shows these reviewers, in this order. */
async function expectOrder(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (want) =>
      [...document.querySelector('.video-reviews-widget')!.shadowRoot!.querySelectorAll('.vr-tile .vr-name')]
        .map((el) => el.textContent)
        .join() === want,
    expected.join(),
  );
  expect(await names(page)).toEqual(expected);
}

describe('a shopper sorting, filtering and voting', () => {
  let page: Page;
  let voted: Locator;

  it('sorts with the keyboard through the listbox', async () => {
    page = await shopperPage();
    await page.goto(store.url + store.path('shopify', SHIRT));
    await widget(page).locator('.vr-root').waitFor();
    await expectOrder(page, ['Dora', 'Carla', 'Bruno', 'Ana']);
    expect(await sortButton(page).textContent()).toBe(`${en.sort_by}: ${en.sort_recent}`);
    expect(await sortButton(page).getAttribute('aria-haspopup')).toBe('listbox');
    expect(await sortButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await axe(page)).toEqual([]);

    await sortButton(page).focus();
    await page.keyboard.press('Enter');
    const listbox = widget(page).locator('[role="listbox"]');
    await listbox.waitFor();
    expect(await sortButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getAttribute('aria-label')).toBe(en.sort_by);
    expect(await listbox.locator('[role="option"]').allTextContents()).toEqual([
      en.sort_recent,
      en.sort_highest,
      en.sort_lowest,
      en.sort_media,
      en.sort_helpful,
    ]);
    expect(await listbox.locator('[aria-selected="true"]').textContent()).toBe(en.sort_recent);
    // The focus is on the chosen option, and the arrows, Home and End move it.
    expect((await focused(page))?.text).toBe(en.sort_recent);
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    expect((await focused(page))?.text).toBe(en.sort_highest);
    await page.keyboard.press('End');
    expect((await focused(page))?.text).toBe(en.sort_helpful);
    await page.keyboard.press('ArrowDown');
    expect((await focused(page))?.text).toBe(en.sort_helpful);
    await page.keyboard.press('Home');
    expect((await focused(page))?.text).toBe(en.sort_recent);
    // Escape closes without choosing, back on the button.
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    expect(await sortButton(page).getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page))?.className).toContain('vr-sort-btn');

    // Highest rating, chosen with Enter.
    await page.keyboard.press('Enter');
    await widget(page).locator('[role="listbox"]').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectOrder(page, ['Bruno', 'Dora', 'Ana', 'Carla']);
    expect(await sortButton(page).textContent()).toBe(`${en.sort_by}: ${en.sort_highest}`);
    expect((await focused(page))?.className).toContain('vr-sort-btn');

    // Lowest rating, chosen with Space.
    await page.keyboard.press('Space');
    await widget(page).locator('[role="listbox"]').waitFor();
    expect((await focused(page))?.text).toBe(en.sort_highest);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await expectOrder(page, ['Carla', 'Ana', 'Dora', 'Bruno']);
  });

  it('filters by pressing a star bar, shows the filter and clears it', async () => {
    const bars = widget(page).locator('.vr-distribution button');
    expect(await bars.evaluateAll((all) => all.map((bar) => bar.getAttribute('aria-pressed')))).toEqual(
      Array(5).fill('false'),
    );
    // 5, 4, 3, 2, 1 stars from the top: the 4-star bar.
    await bars.nth(1).click();
    await expectOrder(page, ['Dora']);
    expect(await bars.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect((await focused(page))?.text).toBe('4 ★1');
    // The sort is kept, the filter is said, with how to clear it.
    expect(await sortButton(page).textContent()).toBe(`${en.sort_by}: ${en.sort_lowest}`);
    const active = widget(page).locator('.vr-tools .vr-out:not(.vr-sort-btn)');
    expect(await active.textContent()).toBe(en.filter_active.replace('{n}', '4'));
    expect(await axe(page)).toEqual([]);

    // Pressing it again clears it.
    await bars.nth(1).click();
    await expectOrder(page, ['Carla', 'Ana', 'Dora', 'Bruno']);
    expect(await bars.nth(1).getAttribute('aria-pressed')).toBe('false');
    expect(await active.count()).toBe(0);

    // So does the filter's own button, from the keyboard.
    await bars.nth(0).focus();
    await page.keyboard.press('Enter');
    await expectOrder(page, ['Bruno']);
    await active.click();
    await expectOrder(page, ['Carla', 'Ana', 'Dora', 'Bruno']);
    expect(await bars.evaluateAll((all) => all.map((bar) => bar.getAttribute('aria-pressed')))).toEqual(
      Array(5).fill('false'),
    );
  });

  it('votes a review helpful once: the count goes up, the server counts it, and it stays pressed after a reload', async () => {
    voted = widget(page).locator(`.vr-tile[data-review-id="${ids.Dora}"] .vr-out`);
    expect(await voted.textContent()).toBe(en.helpful.replace('{n}', '0'));
    expect(await voted.getAttribute('aria-pressed')).toBe('false');
    await voted.click();
    expect(await voted.textContent()).toBe(en.helpful.replace('{n}', '1'));
    expect(await voted.getAttribute('aria-pressed')).toBe('true');
    // A second press changes nothing.
    await voted.click();
    expect(await voted.textContent()).toBe(en.helpful.replace('{n}', '1'));
    expect(await axe(page)).toEqual([]);

    // Counted on the server: it shows once the store's data version changes (here, a settings save).
    const counted = async () => {
      await api('/api/widgets/global-settings/', { show_date: true });
      const answer = (await (
        await fetch(`${server.url}/api/reviews/public/?product_id=${SHIRT.id}&merchant_id=${storeId}&sort=helpful`)
      ).json()) as TPublicReviews;
      return answer.results.map((review) => [review.customer_name, review.helpful_count]);
    };
    for (let i = 0; i < 50 && (await counted())[0][1] !== 1; i++) await page.waitForTimeout(100);
    expect(await counted()).toEqual([
      ['Dora', 1],
      ['Carla', 0],
      ['Bruno', 0],
      ['Ana', 0],
    ]);

    await page.reload();
    await widget(page).locator('.vr-root').waitFor();
    expect(await voted.getAttribute('aria-pressed')).toBe('true');
    expect(await voted.textContent()).toBe(en.helpful.replace('{n}', '1'));
    const other = widget(page).locator(`.vr-tile[data-review-id="${ids.Ana}"] .vr-out`);
    expect(await other.getAttribute('aria-pressed')).toBe('false');
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });

  it('puts a grid tile’s vote in the review’s dialog', async () => {
    await api('/api/widgets/global-settings/', { layout: 'grid' });
    const grid = await shopperPage();
    await grid.goto(store.url + store.path('shopify', SHIRT));
    await widget(grid).locator('.vr-root').waitFor();
    expect(await widget(grid).locator('.vr-tile .vr-out').count()).toBe(0);
    await widget(grid).locator(`.vr-tile[data-review-id="${ids.Bruno}"]`).click();
    const vote = widget(grid).locator('.vr-dialog .vr-out');
    await vote.waitFor();
    expect(await vote.textContent()).toBe(en.helpful.replace('{n}', '0'));
    await vote.click();
    expect(await vote.getAttribute('aria-pressed')).toBe('true');
    expect(await axe(grid)).toEqual([]);
    await grid.context().close();
  });
});
