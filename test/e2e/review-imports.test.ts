/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import shell from '../../web/i18n/en.json' with { type: 'json' };
import settings from '../../web/i18n/settings/en.json' with { type: 'json' };
import {
  axeViolations,
  collectProblems,
  launchBrowser,
  signedInContext,
  waitForHydration,
} from '../support/browser.js';
import { registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// Settings → Import and export walked as a store owner, against the real API: reached from Settings, a review file
// chosen, its preview with each row's product, the import confirmed and followed to its end, listed with its report.

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TAuthResponse;
const problems: string[] = [];

const FILE = [
  'id,created_at,status,rating,comment,customer_name,product_id,verified_purchase,reply',
  'r-1,2025-05-01T10:00:00Z,approved,5,Lovely kettle,Ana,kettle,true,Thanks Ana!',
  'r-2,2025-05-02T10:00:00Z,approved,4,Boils fast,Bea,kettle,false,',
  'r-3,2025-05-03T10:00:00Z,approved,3,Not in the shop,Cid,toaster,false,',
].join('\n');

beforeAll(async () => {
  testEnv = await createTestEnv();
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'imports@example.com', 'imports-pass-1', testEnv);
  // The store's catalogue: the kettle, which a shopper reviewed.
  await uploadByApi(
    server.url,
    {
      merchant_id: owner.merchant!.store_id,
      product_id: 'kettle',
      product_name: 'Kettle',
      rating: '5',
      comment: 'Nice',
    },
    {},
  );
  browser = await launchBrowser();
  context = await signedInContext(browser, server.url, owner.access);
  page = await context.newPage();
  collectProblems(page, problems);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('the Import and export page', () => {
  it('is linked from Settings, says imports do not count against the limits, and links the export', async () => {
    await page.goto('/settings');
    await waitForHydration(page);
    await page.locator('a[href="/settings/import-export"]').click();
    await page.waitForURL('**/settings/import-export');
    await waitForHydration(page, '[data-testid="import-choose"]');
    expect(await page.locator('h1').textContent()).toBe(shell.pages.importExport.title);
    expect(await page.getByTestId('import-limit-note').textContent()).toContain(settings.imports.limitNote);
    expect(await page.getByTestId('export-csv').getAttribute('href')).toBe('/api/reviews/export/?format=csv');
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('previews a chosen file with each row’s product, imports it and shows the finished import', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await chooser).setFiles({ name: 'reviews.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await page.getByTestId('import-preview').waitFor();
    const rows = page.locator('[data-testid="import-preview"] tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('Kettle');
    expect(await rows.nth(2).getAttribute('data-outcome')).toBe('skip');
    expect(await rows.nth(2).textContent()).toContain(settings.imports.noProduct);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByTestId('import-start').click();
    await page.locator('[data-testid="import-progress"][data-status="done"]').waitFor();
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    expect(await page.getByTestId('import-summary').textContent()).toContain('2 imported');
    const history = page.getByTestId('import-history');
    await history.waitFor();
    expect(await history.locator('a[download]').first().getAttribute('href')).toMatch(
      /^\/api\/review-imports\/[0-9a-f-]+\/skipped\.csv$/,
    );
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
