/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TShopifyIntegration } from '../../shared/integrations.js';
import { orderPayload, startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { startFakeStorefront, type FakeStorefront } from '../fakes/storefront.js';
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// A merchant installs the Shopify app from the fake Shopify's admin, signs up in install mode, finds the store
// connected, dismisses the setup banner, switches the theme app embed on, and a shopper's product page shows the
// widget through the embed's loader with a verified buyer's review.

const SHOP = 'linen-and-co.myshopify.com';
const SHIRT = { id: '7001', name: 'Linen Shirt' };
const OWNER = { email: 'rosa@linen.example', password: 'install-pass-1' };

let shopify: FakeShopify;
let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let storefront: FakeStorefront | undefined;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'e2e-api-key', apiSecret: 'e2e-api-secret' });
  shopify.addShop({ domain: SHOP, name: 'Linen & Co', locale: 'en', timezone: 'UTC', currency: 'USD' });
  shopify.addProducts(SHOP, [
    { id: SHIRT.id, title: SHIRT.name, handle: 'linen-shirt', price: '49.00', image: 'https://cdn.shop.example/s.jpg' },
    { id: '7002', title: 'Wool Scarf', handle: 'wool-scarf', price: '25.00' },
  ]);
  testEnv = await createTestEnv({
    SHOPIFY_API_KEY: shopify.apiKey,
    SHOPIFY_API_SECRET: shopify.apiSecret,
    SHOPIFY_API_URL: shopify.url,
    // Logged, so the test can tell that no secret is.
    LOG_LEVEL: 'debug',
  });
  server = await startServerProcess(testEnv.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await storefront?.close();
  await testEnv?.cleanup();
  await shopify?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(problems.splice(0)).toEqual([]);
});

async function newPage(
  options: { baseURL?: string; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, ...options });
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The Shopify page's state, as the signed-in page asks for it. */
async function integration(page: Page): Promise<TShopifyIntegration> {
  return page.evaluate(async () => (await (await fetch('/api/integrations/shopify/')).json()) as TShopifyIntegration);
}

/** A signed-in page on the dashboard (relative fetches need a document of the app's origin). */
async function dashboardPage(): Promise<Page> {
  const page = await newPage({ storageState: session });
  await page.goto('/settings');
  await waitForHydration(page);
  return page;
}

let session: Awaited<ReturnType<BrowserContext['storageState']>>;

describe('installing from Shopify', () => {
  it('lands on install-mode sign-up with the store, and the account is created connected to it', async () => {
    const page = await newPage();
    await page.goto(shopify.appOpenUrl(`${server.url}/api/auth/shopify/`, SHOP));
    await page.waitForURL(/\/register\?shop=linen-and-co\.myshopify\.com&platform=shopify&merchant_id=/);
    const form = page.getByTestId('register-form');
    await waitForHydration(page, '[data-testid="register-form"] button[type="submit"]');
    expect(await form.getAttribute('data-mode')).toBe('install');
    await expect(page.getByTestId('install-store-name').textContent()).resolves.toContain('Linen & Co');
    expect(await page.getByTestId('install-store-domain').textContent()).toBe(SHOP);
    const submit = form.locator('button[type="submit"]');
    expect(await submit.isEnabled()).toBe(true);
    await expectAccessible(page);

    for (const [name, value] of Object.entries({
      first_name: 'Rosa',
      last_name: 'Prado',
      phone: '+54 11 4000-0000',
      email: OWNER.email,
      password: OWNER.password,
      confirm_password: OWNER.password,
    })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await submit.click();
    await page.waitForURL(`${server.url}/`);
    await waitForHydration(page);

    // The setup banner of a Shopify store whose app embed is not on yet.
    await page.getByTestId('shopify-setup-banner').waitFor();
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/users/me/')).json()) as TAuthResponse);
    expect(me.merchant).toMatchObject({ platform: 'shopify', store_name: 'Linen & Co', connected: true });
    session = await page.context().storageState();
  });

  it('shows the Shopify card connected, and the banner dismissed stays gone on every browser', async () => {
    const page = await newPage({ storageState: session });
    await page.goto('/settings/integrations');
    await waitForHydration(page);
    expect(await page.getByTestId('integration-status-shopify').isVisible()).toBe(true);
    expect(await page.getByTestId('integration-status-bigcommerce').count()).toBe(0);
    expect(await page.getByTestId('integration-status-tiendanube').count()).toBe(0);
    await expectAccessible(page);

    await page.goto('/');
    await waitForHydration(page);
    const banner = page.getByTestId('shopify-setup-banner');
    const dismissed = page.waitForResponse((r) => r.url().endsWith('/api/stores/shopify_setup_complete/'));
    await banner.getByRole('button').click();
    expect((await dismissed).status()).toBe(200);
    await banner.waitFor({ state: 'detached' });

    // Another browser, same account: the server knows the setup is complete.
    const elsewhere = await newPage({ storageState: { cookies: session.cookies, origins: [] } });
    await elsewhere.goto('/');
    await waitForHydration(elsewhere);
    expect(await elsewhere.getByTestId('shopify-setup-banner').count()).toBe(0);
  });

  it('guides through the app embed: the theme editor deep link switches it on, and the console line to look for', async () => {
    const page = await newPage({ storageState: session });
    await page.goto('/settings/integrations/shopify');
    await waitForHydration(page);
    expect(await page.getByTestId('shopify-connected').textContent()).toContain('Linen & Co');
    const status = page.getByTestId('shopify-embed-status');
    expect(await status.getAttribute('data-state')).toBe('off');
    const state = await integration(page);
    expect(await page.getByTestId('shopify-console-message').textContent()).toBe(state.console_message);
    expect(state.console_message).toMatch(/^\[video-reviews\] Running for store vr[a-z2-9]{14}$/);
    await expectAccessible(page);

    // The deep link opens Shopify's theme editor (the fake's) in a new tab, with the embed switched on there.
    const [editor] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('shopify-theme-editor').click(),
    ]);
    await editor.waitForLoadState();
    expect(await editor.textContent('body')).toContain('switched on');
    await page.getByTestId('shopify-check-embed').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="shopify-embed-status"]')?.getAttribute('data-state') === 'on',
    );
    expect(await page.getByTestId('shopify-step-2').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('shopify-products').textContent()).toContain('2');

    // The per-product setup lists the store's real products, synced from Shopify before any review arrived.
    await page.goto('/widget-settings');
    await waitForHydration(page, '[data-testid="tab-products"]');
    await page.getByTestId('tab-products').click();
    const row = page.locator('[data-testid="product-row"][data-external-id="7001"]');
    await row.waitFor();
    expect(await row.textContent()).toContain(SHIRT.name);
    await page.locator('[data-testid="product-row"][data-external-id="7002"]').waitFor();
  });
});

describe('connecting from the dashboard', () => {
  it('an owner who signed up here connects their Shopify store by its address, and comes back connected', async () => {
    const shop = 'wool-works.myshopify.com';
    shopify.addShop({ domain: shop, name: 'Wool Works' });
    const owner = await registerByApi(server.url, 'owner@wool.example', 'wool-pass-1', testEnv);
    const context = await signedInContext(browser, server.url, owner.access, { viewport: { width: 375, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/settings/integrations/shopify');
    await waitForHydration(page);
    expect(await page.getByTestId('shopify-embed-status').getAttribute('data-state')).toBe('unknown');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

    const form = page.getByTestId('shopify-connect-form');
    await form.locator('input[name="shop"]').fill('not a shop!');
    await form.locator('button[type="submit"]').click();
    await form.getByText('myshopify.com').first().waitFor();
    await form.locator('input[name="shop"]').fill('wool-works');
    await form.locator('button[type="submit"]').click();
    // Shopify (the fake) approves at once and sends the browser back through the callback.
    await page.waitForURL(/\/settings\/integrations\/shopify$/);
    await page.getByTestId('shopify-connected').waitFor();
    expect(await page.getByTestId('shopify-connected').textContent()).toContain('Wool Works');
    await page.getByTestId('toast').filter({ hasText: 'Your Shopify store is connected.' }).waitFor();
    const state = await integration(page);
    expect(state).toMatchObject({ connected: true, shop, store_name: 'Wool Works' });
    expect(state.console_message).toBe(`[video-reviews] Running for store ${owner.merchant!.store_id}`);
  });
});

describe('the storefront', () => {
  it('runs the widget through the app embed’s loader, with a verified buyer’s review badged', async () => {
    const admin = await dashboardPage();
    const state = await integration(admin);
    const storeId = state.console_message.split(' ').at(-1)!;
    // What the theme app embed block renders: the loader URL the install wrote into the app's metafield.
    const [loader] = shopify.metafields(SHOP);
    expect(loader.value).toBe(`${server.url}/widget/v1/${storeId}.js`);
    storefront = await startFakeStorefront(`<script src="${loader.value}" async></script>`);

    // A buyer's order reaches the app through the webhook it subscribed to; their review is then verified.
    const [delivered] = await shopify.deliver(
      'orders/create',
      SHOP,
      orderPayload({
        id: 9001,
        email: 'buyer@example.com',
        customerId: 501,
        lineItems: [{ productId: 7001, title: SHIRT.name }],
      }),
    );
    expect(delivered.status).toBe(200);
    const upload = (name: string, email: string) =>
      uploadByApi(
        server.url,
        {
          merchant_id: storeId,
          product_id: SHIRT.id,
          customer_name: name,
          customer_email: email,
          rating: '5',
          comment: `By ${name}`,
        },
        { photo: ['photo.jpg', 'image/jpeg'] },
      );
    const verified = await upload('Bea Buyer', 'buyer@example.com');
    const other = await upload('Otto Other', 'other@example.com');
    for (const id of [verified, other]) {
      const status = await admin.evaluate(
        async (path) =>
          (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
        `/api/reviews/${id}/approve/`,
      );
      expect(status).toBe(200);
    }

    const shopper = await newPage({ baseURL: storefront.url });
    const lines: string[] = [];
    shopper.on('console', (message) => lines.push(message.text()));
    const cartUpdates: Request[] = [];
    shopper.on('request', (request) => {
      if (request.url().endsWith('/cart/update.js')) cartUpdates.push(request);
    });
    await shopper.goto(storefront.path('shopify', SHIRT));
    await shopper.locator('.video-reviews-widget .vr-root').waitFor();
    expect(lines).toContain(state.console_message);
    const badges = await shopper.evaluate(() =>
      [...(document.querySelector('.video-reviews-widget')?.shadowRoot?.querySelectorAll('.vr-tile') ?? [])].map(
        (tile) => ({ text: tile.textContent ?? '', verified: tile.querySelector('[data-verified]') !== null }),
      ),
    );
    expect(badges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ verified: true, text: expect.stringContaining('Bea Buyer') }),
        expect.objectContaining({ verified: false, text: expect.stringContaining('Otto Other') }),
      ]),
    );

    // Seen, the widget puts its session in the Shopify cart, where the order webhook will find it.
    await shopper.locator('.video-reviews-widget').scrollIntoViewIfNeeded();
    await shopper.waitForFunction(() => sessionStorage.getItem('vr_attr') !== null);
    await shopper.waitForLoadState('networkidle');
    expect(cartUpdates).toHaveLength(1);
    const [sent] = cartUpdates;
    const session = await shopper.evaluate(() => sessionStorage.getItem('vr_sid'));
    expect(sent.method()).toBe('POST');
    expect(JSON.parse(sent.postData() ?? '{}')).toEqual({ attributes: { _vr_session: session } });
  });

  it('never logs a Shopify token, authorization code or state nonce', () => {
    const output = server.output();
    expect(output).toContain('api/auth/shopify/callback');
    expect(output).not.toContain(shopify.tokenOf(SHOP)!);
    expect(output).not.toMatch(/[?&](code|state)=(?!\[redacted\])/);
  });
});
