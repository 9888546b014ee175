/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import en from '../../web/i18n/moderation/en.json' with { type: 'json' };
import reviewsEn from '../../web/i18n/reviews/en.json' with { type: 'json' };
import { seedUser } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import {
  axeViolations,
  collectProblems,
  expectToast,
  launchBrowser,
  signedInContext,
  waitForHydration,
} from '../support/browser.js';
import { callApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// Issue 25: the merchant answers a review and pins another in the review drawer; a shopper's product page shows the
// pinned review first and the reply under its review, signed with the store's name.

const SHIRT: FakeProduct = { id: '7001', name: 'Linen Shirt' };
const REPLY = 'Thank you, Pablo! Wash it cold and it stays soft for years.';

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
const ids: Record<string, string> = {};
const problems: string[] = [];

async function approve(id: string): Promise<void> {
  const res = await fetch(`${server.url}/api/reviews/${id}/approve/`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
  });
  if (!res.ok) throw new Error(`approve answered ${res.status}`);
}

const watch = (page: Page) => collectProblems(page, problems);
beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'replies@example.com' });
  token = owner.accessToken;
  server = await startServerProcess(testEnv.env);
  const snippet = await callApi<{ snippet: string; store_id: string }>(server.url, token, '/api/installation/snippet/');
  store = await startFakeStorefront(snippet.snippet);
  for (const [key, name] of [
    ['older', 'Olga'],
    ['pablo', 'Pablo'],
  ] as const) {
    ids[key] = await uploadByApi(
      server.url,
      {
        merchant_id: snippet.store_id,
        product_id: SHIRT.id,
        product_name: SHIRT.name,
        customer_name: name,
        customer_email: `${name.toLowerCase()}@example.com`,
        rating: '5',
        comment: `${name} loves the shirt`,
      },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
    await approve(ids[key]);
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

describe('replies and pins', () => {
  it('are written in the drawer and shown on the storefront, accessibly', async () => {
    const context = await signedInContext(browser, server.url, token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watch(page);
    await page.goto('/reviews');
    await waitForHydration(page, '[data-testid="reviews-search"]');
    const open = async (id: string) => {
      await page.locator(`[data-testid="review-row"][data-id="${id}"]`).getByTestId('details-review').click();
      await page.getByTestId('review-drawer').waitFor();
      return page.getByTestId('review-drawer');
    };

    // The newest review gets the reply, mailed to its author as well.
    let drawer = await open(ids.pablo);
    expect(await axeViolations(page, '[data-testid="review-drawer"]')).toEqual([]);
    await drawer.getByLabel(en.reply.label).fill(REPLY);
    await drawer.getByLabel(en.reply.notify).check();
    await expectToast(page, 'success', en.reply.savedMailed, () => drawer.getByTestId('review-reply-save').click());
    expect(await drawer.getByTestId('review-reply-shown').textContent()).toBe(REPLY);
    expect(await drawer.getByTestId('review-reply').textContent()).toContain('E-mailed');
    expect(await axeViolations(page, '[data-testid="review-drawer"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The older one is pinned: it goes first on the storefront.
    drawer = await open(ids.older);
    await expectToast(page, 'success', en.pin.pinned, () => drawer.getByTestId('drawer-pin').click());
    expect(await drawer.getByTestId('drawer-pin').textContent()).toBe(en.pin.unpin);
    await page.keyboard.press('Escape');
    // The table says which reviews are pinned and which have a reply.
    const voice = (id: string) =>
      page.locator(`[data-testid="review-row"][data-id="${id}"] [data-testid="review-voice"]`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="review-voice"]').length === 2);
    expect(await voice(ids.older).textContent()).toBe(reviewsEn.merchantVoice.pinned);
    expect(await voice(ids.pablo).textContent()).toBe(reviewsEn.merchantVoice.replied);
    expect(await axeViolations(page, '[data-testid="reviews-table"]')).toEqual([]);
    await context.close();

    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const shop = await shopper.newPage();
    watch(shop);
    await shop.goto(store.url + store.path('shopify', SHIRT));
    const widget = shop.locator('.video-reviews-widget');
    await widget.locator('.vr-root').waitFor();
    const tiles = widget.locator('.vr-tile');
    expect(await tiles.evaluateAll((all) => all.map((tile) => tile.getAttribute('data-review-id')))).toEqual([
      ids.older,
      ids.pablo,
    ]);
    // A grid's tile has a fixed height (nothing moves as the widget arrives): the reply is read in the dialog.
    expect(await tiles.nth(1).locator('.vr-reply').isVisible()).toBe(false);
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);

    // In full in the review's dialog, signed with the store's name.
    await tiles.nth(1).click();
    const dialog = widget.locator('.vr-dialog');
    await dialog.waitFor();
    const inDialog = dialog.locator('.vr-reply');
    expect(await inDialog.locator('b').textContent()).toBe('Reply from Seeded store');
    expect(await inDialog.textContent()).toContain(REPLY);
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);
    await shop.keyboard.press('Escape');

    // The list layout shows each review whole: the reply under its review, none under the other.
    await callApi(server.url, token, '/api/widgets/global-settings/', { layout: 'list' });
    await shop.reload();
    await widget.locator('.vr-root[data-layout="list"]').waitFor();
    const rows = widget.locator('.vr-tile');
    const under = rows.nth(1).locator('.vr-reply');
    expect(await under.isVisible()).toBe(true);
    expect(await under.locator('b').textContent()).toBe('Reply from Seeded store');
    expect(await rows.nth(0).locator('.vr-reply').count()).toBe(0);
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);
    await shopper.close();
  });
});
