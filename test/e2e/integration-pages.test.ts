/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import en from '../../web/i18n/integrations/en.json' with { type: 'json' };
import { seedReviews } from '../factories/reviews.factory.js';
import { seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, JWT_SECRET, type TestEnv } from '../support/test-env.js';

// Issue 23: on a store no platform is connected to, the Shopify page counted "1 synced" product (one a shopper's
// review had named), and without SUPPORT_EMAIL the Tienda Nube page told merchants to write to the sending address.

const MAIL_FROM = 'no-reply@reviews.example';

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext | undefined;
const problems: string[] = [];
const owners: SeededUser[] = [];

beforeAll(async () => {
  // No SUPPORT_EMAIL: nobody said where merchants may write.
  testEnv = await createTestEnv({ MAIL_FROM: `Video Reviews <${MAIL_FROM}>` });
  for (const [email, platform] of [
    ['snippet@example.com', 'tiendanube'],
    ['shopify-later@example.com', 'shopify'],
  ] as const) {
    const owner = await seedUser(testEnv.env, JWT_SECRET, { email, platform });
    // Products named only by shoppers' reviews on the store's pages.
    await withTestDatabase(testEnv.env, (handle) =>
      seedReviews(handle, owner.merchantId, 1, { productId: 'mug', productName: 'Mug' }),
    );
    owners.push(owner);
  }
  server = await startServerProcess(testEnv.env);
  browser = await launchBrowser();
}, 120_000);
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

async function open(owner: SeededUser, path: string): Promise<Page> {
  context = await signedInContext(browser, server.url, owner.accessToken, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

describe('the integration pages of a store no platform is connected to', () => {
  it('count no product as synced from Shopify', async () => {
    for (const owner of owners) {
      const page = await open(owner, '/settings/integrations/shopify');
      const catalog = page.getByTestId('shopify-catalog');
      await catalog.getByText(en.shopify.catalog.notConnected).waitFor();
      expect(await page.getByTestId('shopify-products').count()).toBe(0);
      await context!.close();
      context = undefined;
    }
  });

  it('offer only the Tienda Nube app store when no support address is set, and no product count', async () => {
    const page = await open(owners[0], '/settings/integrations/tiendanube');
    await page.getByTestId('tiendanube-option-1').waitFor();
    expect(await page.getByTestId('tiendanube-option-2').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(MAIL_FROM);
    expect(await page.getByTestId('tiendanube-check-products').textContent()).toBe(
      `${en.tiendanube.checklist.productsNone} ${en.tiendanube.checklist.notYet}`,
    );
  });
});
