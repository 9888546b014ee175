/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import en from '../../web/i18n/en.json' with { type: 'json' };
import integrationsEn from '../../web/i18n/integrations/en.json' with { type: 'json' };
import { startFakeBigCommerce, type FakeBcStore, type FakeBigCommerce } from '../fakes/bigcommerce.js';
import { startFakeTiendaNube, type FakeTiendaNube } from '../fakes/tiendanube.js';
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';
import { tiendaNubeEnv } from '../support/tiendanube.js';

// The other two platforms, end to end in the browser: a BigCommerce merchant connects through the form and the
// widget appears on the store's product page without pasting anything; a Tienda Nube merchant installs from the
// app store and signs up connected; Other apps opens listings in new tabs; Sessions is marked as coming soon.

const bcText = integrationsEn.bigcommerce;
let bc: FakeBigCommerce;
let tn: FakeTiendaNube;
let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

beforeAll(async () => {
  bc = await startFakeBigCommerce();
  tn = await startFakeTiendaNube({ clientId: '777', clientSecret: 'tn-e2e-secret' });
  testEnv = await createTestEnv({
    BIGCOMMERCE_API_URL: bc.url,
    ...tiendaNubeEnv(tn),
    SUPPORT_EMAIL: 'help@reviews.example',
    // Reviews reach BigCommerce's own reviews (the copies) half a second after a change, not ten.
    PLATFORM_RATINGS_DELAY_MS: '500',
  });
  server = await startServerProcess(testEnv.env);
  tn.setRedirectUrl(`${server.url}/register`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
  await bc?.close();
  await tn?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(problems.splice(0)).toEqual([]);
});

function watch(page: Page): Page {
  page.on('console', (message: ConsoleMessage) => {
    // The failed connect attempts answer 4xx on purpose.
    if (message.type() === 'error' && !/status of (400|502)/.test(message.text())) {
      problems.push(`${message.text()} ${message.location().url}`);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

async function newPage(options: { baseURL?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, ...options });
  contexts.push(context);
  return watch(await context.newPage());
}

async function signedInPage(user: TAuthResponse): Promise<Page> {
  const context = await signedInContext(browser, server.url, user.access, { viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return watch(await context.newPage());
}

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('BigCommerce', () => {
  let store: FakeBcStore;
  let owner: TAuthResponse;

  beforeAll(async () => {
    store = bc.addStore({ name: 'Canvas Goods' });
    bc.addProducts(store.hash, [{ id: 111, name: 'Canvas Tote', price: '35.00' }]);
    owner = await registerByApi(server.url, 'maya@canvas.example', 'bigcommerce-pass-1', testEnv);
  });

  it('connects through the form: disabled until complete, the error banner, then connected', async () => {
    const page = await signedInPage(owner);
    await page.goto('/settings/integrations/bigcommerce');
    await waitForHydration(page);
    const form = page.getByTestId('bigcommerce-form');
    await form.waitFor();
    expect(await page.getByTestId('bigcommerce-connected').count()).toBe(0);
    expect(await page.getByTestId('bigcommerce-scopes').locator('li').count()).toBe(6);
    const link = page.getByTestId('bigcommerce-api-accounts');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await page.getByTestId('bigcommerce-store-hash-illustration').locator('svg[role="img"]').count()).toBe(1);
    await expectAccessible(page);

    const submit = page.getByTestId('bigcommerce-submit').locator('button');
    expect(await submit.textContent()).toBe(bcText.form.connect);
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('input[name="access_token"]').getAttribute('type')).toBe('password');
    await page.locator('input[name="client_id"]').fill(store.clientId);
    await page.locator('input[name="store_hash"]').fill(store.hash);
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('input[name="store_hash"]').press('Enter');
    expect(await page.getByTestId('bigcommerce-incomplete').textContent()).toContain(bcText.form.incomplete);

    await page.locator('input[name="access_token"]').fill('not-the-token');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByTestId('bigcommerce-error').waitFor();
    expect(await page.getByTestId('bigcommerce-error').textContent()).toContain('Invalid credentials');

    await page.locator('input[name="access_token"]').fill(store.accessToken);
    await submit.click();
    await page.getByTestId('bigcommerce-success').waitFor();
    await page.getByTestId('bigcommerce-connected').waitFor();
    expect(await page.getByTestId('bigcommerce-connected').textContent()).toContain('Connected to Canvas Goods');
    expect(await submit.textContent()).toBe(bcText.form.reconnect);
    await expectAccessible(page);

    // The page shows what was set up once the background work is done.
    await page.waitForFunction(async () => {
      const state = (await (await fetch('/api/integrations/bigcommerce/')).json()) as { products: number };
      return state.products === 1;
    });
    await page.reload();
    await page.getByTestId('bigcommerce-status').waitFor();
    expect(await page.getByTestId('bigcommerce-script').getAttribute('data-state')).toBe('done');

    await page.goto('/settings/integrations');
    await page.getByTestId('integration-status-bigcommerce').waitFor();
  });

  it('switches on the copies into BigCommerce’s own reviews, says so, and keeps the choice', async () => {
    const page = await signedInPage(owner);
    await page.goto('/settings/integrations/bigcommerce');
    await waitForHydration(page);
    const copies = page.getByTestId('bigcommerce-native-reviews');
    await copies.waitFor();
    expect(await copies.locator('input[role="switch"]').isChecked()).toBe(false);
    await copies.click();
    await page.getByText(bcText.nativeReviews.on).waitFor();
    expect(await copies.locator('input[role="switch"]').isChecked()).toBe(true);
    await expectAccessible(page);
    await page.reload();
    await page.getByTestId('bigcommerce-status').waitFor();
    expect(await page.getByTestId('bigcommerce-native-reviews').locator('input[role="switch"]').isChecked()).toBe(true);
  });

  it('says what to do when BigCommerce refuses the copies (a read-only API account)', async () => {
    store.readOnlyProducts = true;
    const id = await uploadByApi(
      server.url,
      { merchant_id: owner.merchant!.store_id, product_id: '111', rating: '4', customer_name: 'Read Only' },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
    const headers = { authorization: `JWT ${owner.access}`, origin: server.url };
    expect((await fetch(`${server.url}/api/reviews/${id}/approve/`, { method: 'POST', headers })).status).toBe(200);
    // The copy is tried once the product's ratings job runs (PLATFORM_RATINGS_DELAY_MS after the approval).
    for (let i = 0; ; i++) {
      const state = (await (await fetch(`${server.url}/api/integrations/bigcommerce/`, { headers })).json()) as {
        native_reviews_refused: boolean;
      };
      if (state.native_reviews_refused) break;
      if (i > 300) throw new Error('BigCommerce’s refusal was never shown');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    store.readOnlyProducts = false;
    const page = await signedInPage(owner);
    await page.goto('/settings/integrations/bigcommerce');
    await waitForHydration(page);
    const warning = page.getByTestId('bigcommerce-native-reviews-refused');
    expect(await warning.textContent()).toBe(bcText.nativeReviews.refused);
    await expectAccessible(page);
  });

  it('links the store’s Google product reviews feed on the Integrations page', async () => {
    const page = await signedInPage(owner);
    await page.goto('/settings/integrations');
    await waitForHydration(page);
    const feedUrl = `${server.url}/feeds/${owner.merchant!.store_id}/google-product-reviews.xml`;
    const card = page.getByTestId('google-feed-card');
    await card.getByTestId('google-feed-url').waitFor();
    expect(await card.getByTestId('google-feed-url').textContent()).toBe(feedUrl);
    const link = card.getByTestId('google-feed-link');
    expect(await link.getAttribute('href')).toBe(feedUrl);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await card.locator('ol li').count()).toBe(4);
    expect(await card.textContent()).toContain(integrationsEn.google.stepsTitle);
    await expectAccessible(page);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it('puts the widget on the store’s product page without pasting anything', async () => {
    expect(bc.scripts(store.hash)).toHaveLength(1);
    await uploadByApi(
      server.url,
      { merchant_id: owner.merchant!.store_id, product_id: '111', rating: '5', customer_name: 'Tote Fan' },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
    const shopper = await newPage({ baseURL: bc.url });
    await shopper.goto(bc.storefrontUrl(store.hash, 111));
    await shopper.locator('.video-reviews-widget .vr-root').waitFor();
  });

  it('disconnects after a confirmation, removing the script from the store', async () => {
    const page = await signedInPage(owner);
    await page.goto('/settings/integrations/bigcommerce');
    await waitForHydration(page);
    await page.getByTestId('bigcommerce-disconnect').click();
    const dialog = page.getByTestId('bigcommerce-disconnect-dialog');
    await dialog.waitFor();
    await expectAccessible(page);
    await page.getByTestId('bigcommerce-disconnect-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('bigcommerce-connected').waitFor({ state: 'detached' });
    expect(bc.scripts(store.hash)).toEqual([]);
    expect(bc.hooks(store.hash)).toEqual([]);
  });
});

describe('Tienda Nube', () => {
  it('installs from the app store, lands on install-mode sign-up and creates the account connected', async () => {
    const store = tn.addStore({ name: { es: 'Yerba Buena' }, mainLanguage: 'es' });
    tn.addProducts(store.id, [{ id: 901, name: 'Mate' }]);
    const page = await newPage();
    await page.goto(tn.authorizeUrl(store.id));
    await page.waitForURL(/\/register\?/);
    const form = page.getByTestId('register-form');
    await waitForHydration(page, '[data-testid="register-form"] button[type="submit"]');
    expect(await form.getAttribute('data-mode')).toBe('install');
    await page.getByTestId('install-store-name').waitFor();
    expect(await page.getByTestId('install-store-name').textContent()).toContain('Yerba Buena');
    // The spent code left the address bar: a reload asks for the store by its id.
    expect(new URL(page.url()).searchParams.get('code')).toBeNull();
    expect(new URL(page.url()).searchParams.get('platform')).toBe('tiendanube');
    expect(await page.locator('h1').textContent()).toBe('Connect your Tienda Nube store');
    await expectAccessible(page);

    for (const [name, value] of Object.entries({
      first_name: 'Lucía',
      last_name: 'Pérez',
      phone: '+54 11 5000-0000',
      email: 'lucia@yerba.example',
      password: 'tiendanube-pass-1',
      confirm_password: 'tiendanube-pass-1',
    })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(`${server.url}/`);
    await waitForHydration(page);
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/users/me/')).json()) as TAuthResponse);
    expect(me.merchant).toMatchObject({ platform: 'tiendanube', store_name: 'Yerba Buena', connected: true });

    await page.goto('/settings/integrations/tiendanube');
    await waitForHydration(page);
    await page.getByTestId('tiendanube-connected').waitFor();
    expect(await page.getByTestId('tiendanube-support-email').textContent()).toBe('help@reviews.example');
    expect(await page.getByTestId('tiendanube-check-installed').getAttribute('data-state')).toBe('done');
    const appStore = page.getByTestId('tiendanube-app-store');
    expect(await appStore.getAttribute('target')).toBe('_blank');
    await expectAccessible(page);

    // The install added the widget's script to the store: the product page shows the widget.
    await page.waitForFunction(async () => {
      const state = (await (await fetch('/api/integrations/tiendanube/')).json()) as { script_installed: boolean };
      return state.script_installed;
    });
    const shopper = await newPage({ baseURL: tn.url });
    await shopper.goto(tn.storefrontUrl(store.id, 901));
    await shopper.locator('.video-reviews-widget .vr-root').waitFor();
  });
});

describe('Other apps and Sessions', () => {
  it('lists the sibling apps, each opening its listing in a new tab; Sessions is coming soon, not a link', async () => {
    const user = await registerByApi(server.url, 'apps@example.com', 'other-apps-pass-1', testEnv);
    const page = await signedInPage(user);
    await page.goto('/settings/other-apps');
    await waitForHydration(page);
    const cards = page.getByTestId('other-apps').locator('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    for (const link of await page.getByTestId('other-apps').locator('a').all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    // No internet here: the listing answers from the test.
    await page
      .context()
      .route('https://apps.shopify.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Listing</title>' }),
      );
    // A click anywhere on the card (here its description) opens the listing.
    const opened = page.context().waitForEvent('page');
    await page.getByTestId('other-app-reels').locator('.other-app-description').click({ force: true });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://apps.shopify.com/search?q=shoppable+video+reels');
    await tab.close();
    await expectAccessible(page);

    const sessions = page.getByTestId('nav-sessions');
    expect(await sessions.textContent()).toContain(en.nav.sessions);
    expect(await sessions.evaluate((element) => element.closest('a'))).toBeNull();
    await page.goto('/settings');
    await waitForHydration(page);
    const soon = page.getByTestId('card-soon-sessionSettings');
    expect(await soon.textContent()).toContain(en.comingSoon);
    expect(await soon.evaluate((element) => element.closest('a'))).toBeNull();
  });
});
