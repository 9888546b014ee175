/// <reference lib="dom" />
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TModerationSettings } from '../../shared/moderation.js';
import type { TReview } from '../../shared/reviews.js';
import shell from '../../web/i18n/en.json' with { type: 'json' };
import en from '../../web/i18n/moderation/en.json' with { type: 'json' };
import {
  animationsDone,
  expectToast,
  launchBrowser,
  signedInContext,
  waitForHydration,
  wcagViolations,
} from '../support/browser.js';
import { getByApi, registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// The Moderation settings page walked as a merchant, against the real API: reached from Settings, rules and a blocked
// word saved; then a shopper's reviews, one published by the rules and one held back, its reasons shown as chips in
// the Reviews list and in the review's drawer; "Flagged only" narrows the list and its export.

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TAuthResponse;
const problems: string[] = [];

const api = <T>(path: string) => getByApi<T>(server.url, owner.access, path);

const upload = (fields: Record<string, string>) =>
  uploadByApi(
    server.url,
    { merchant_id: owner.merchant!.store_id, product_id: 'kettle', product_name: 'Kettle', ...fields },
    {},
  );

beforeAll(async () => {
  testEnv = await createTestEnv();
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'moderation@example.com', 'moderation-pass-1', testEnv);
  browser = await launchBrowser();
  context = await signedInContext(browser, server.url, owner.access);
  page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('the Moderation settings page', () => {
  it('is linked from Settings and starts with manual moderation', async () => {
    await page.goto('/settings');
    await waitForHydration(page);
    const card = page.locator('a[href="/settings/moderation"]');
    expect(await card.textContent()).toContain(shell.pages.moderation.title);
    await card.click();
    await page.waitForURL('**/settings/moderation');
    await waitForHydration(page, '[data-testid="moderation-form"] button[type="submit"]');
    expect(await page.locator('h1').textContent()).toBe(shell.pages.moderation.title);
    expect(await page.getByTestId('moderation-auto-publish').locator('input').isChecked()).toBe(false);
    expect(await page.getByTestId('moderation-min-rating').count()).toBe(0);
    expect(await wcagViolations(page, 'main')).toEqual([]);
  });

  it('saves the rules and the blocked words', async () => {
    await page.getByTestId('moderation-auto-publish').click();
    await page.getByTestId('moderation-min-rating').selectOption('4');
    await page.getByTestId('moderation-media-only').click();
    await page.getByTestId('moderation-media-only').click();
    await page.getByTestId('moderation-blocked-words').fill('Acme\n  rival brand \n\nacme');
    expect(await wcagViolations(page, 'main')).toEqual([]);
    await expectToast(page, 'success', en.settings.saved, () =>
      page.locator('[data-testid="moderation-form"] button[type="submit"]').click(),
    );
    expect(await page.getByTestId('moderation-blocked-words').inputValue()).toBe('Acme\nrival brand');
    expect(await api<TModerationSettings>('/api/moderation/settings/')).toEqual({
      auto_publish: true,
      min_rating: 4,
      verified_only: false,
      media_only: false,
      blocked_words: ['Acme', 'rival brand'],
    });
    // Drawn filled by the server on a fresh visit.
    await page.reload();
    await waitForHydration(page, '[data-testid="moderation-form"] button[type="submit"]');
    expect(await page.getByTestId('moderation-auto-publish').locator('input').isChecked()).toBe(true);
    expect(await page.getByTestId('moderation-min-rating').inputValue()).toBe('4');
  });
});

describe('the flags on the Reviews page', () => {
  let held: string;
  let published: string;
  beforeAll(async () => {
    published = await upload({ customer_name: 'Ana', rating: '5', comment: 'Boils fast and quietly' });
    held = await upload({
      customer_name: 'Bruno',
      rating: '5',
      comment: 'Better than Acme, see www.cheap-kettles.com',
    });
  });

  it('are in the API: the rules published one review and held the other back', async () => {
    // The rules run in a job queued at submission: a moment after the upload answered.
    const until = Date.now() + 20_000;
    while ((await api<TReview>(`/api/reviews/${published}/`)).status === 'pending' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await api<TReview>(`/api/reviews/${published}/`)).toMatchObject({ status: 'approved', flags: [] });
    expect(await api<TReview>(`/api/reviews/${held}/`)).toMatchObject({
      status: 'pending',
      flags: ['link', 'blocked_word'],
    });
  });

  it('show as chips in the list and in the drawer', async () => {
    await page.goto('/reviews');
    await waitForHydration(page, '[data-testid="review-row"]');
    const row = page.locator(`[data-testid="review-row"][data-id="${held}"]`);
    const chips = row.getByTestId('moderation-flags').locator('li');
    expect(await chips.allTextContents()).toEqual([en.flags.link, en.flags.blocked_word]);
    expect(
      await page.locator(`[data-testid="review-row"][data-id="${published}"] [data-testid="moderation-flags"]`).count(),
    ).toBe(0);
    expect(await wcagViolations(page, 'main')).toEqual([]);

    await row.getByTestId('details-review').click();
    const drawer = page.getByTestId('review-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('moderation-flags').locator('li').allTextContents()).toEqual([
      en.flags.link,
      en.flags.blocked_word,
    ]);
    await animationsDone(page);
    expect(await wcagViolations(page, '[data-testid="review-drawer"]')).toEqual([]);
  });

  it('narrow to the flagged reviews with "Flagged only"; the rules\' approval says it was automatic', async () => {
    await page.goto('/reviews');
    await waitForHydration(page, '[data-testid="review-row"]');
    const toggle = page.getByTestId('flagged-filter');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.locator(`[data-testid="review-row"][data-id="${published}"]`).waitFor({ state: 'detached' });
    expect(
      await page.locator('[data-testid="review-row"]').evaluateAll((rows) => rows.map((row) => row.dataset.id)),
    ).toEqual([held]);
    expect(await wcagViolations(page, '.reviews-toolbar')).toEqual([]);

    // The export takes the same filter: a download of the one flagged review, as a spreadsheet would open it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^reviews-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true, columns: true }) as Array<{
      id: string;
      flags: string;
    }>;
    expect(rows).toEqual([expect.objectContaining({ id: held, flags: 'link|blocked_word' })]);
    await toggle.click();
    const row = page.locator(`[data-testid="review-row"][data-id="${published}"]`);
    await row.getByTestId('details-review').click();
    const history = page.getByTestId('review-history');
    await history.locator('[data-change="approved"]').waitFor();
    expect(await history.locator('[data-change="approved"]').textContent()).toContain(en.details.history.automatic);
  });
});
