/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import en from '../../web/i18n/en.json' with { type: 'json' };
import es from '../../web/i18n/es.json' with { type: 'json' };
import pt from '../../web/i18n/pt.json' with { type: 'json' };
import { seedUser, type SeededUser } from '../factories/users.factory.js';
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, JWT_SECRET, type TestEnv } from '../support/test-env.js';

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let user: SeededUser;

beforeAll(async () => {
  testEnv = await createTestEnv();
  user = await seedUser(testEnv.env, JWT_SECRET, { email: 'shell@example.com', firstName: 'Sol' });
  server = await startServerProcess(testEnv.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});

let context: BrowserContext;
let problems: string[];
afterEach(async () => {
  await context?.close();
});

/** Every console error and CSP violation fails the test that caused it. */
function watch(page: Page): void {
  problems = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}

async function openSignedIn(path: string, options: Parameters<typeof signedInContext>[3] = {}): Promise<Page> {
  context = await signedInContext(browser, server.url, user.accessToken, options);
  const page = await context.newPage();
  watch(page);
  await page.goto(path);
  return page;
}

describe('dashboard shell', () => {
  it('is rendered on the server: the markup is there with JavaScript off', async () => {
    const page = await openSignedIn('/reviews', { javaScriptEnabled: false });
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getByRole('navigation').getByRole('link').allTextContents()).toEqual([
      en.nav.dashboard,
      en.nav.insights,
      en.nav.reviews,
      en.nav.questions,
      en.nav.requests,
      en.nav.widgetSettings,
      en.nav.otherApps,
      en.nav.settings,
    ]);
    expect(await sidebar.getByRole('link', { name: en.nav.reviews, exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe(en.pages.reviews.title);
    expect(await sidebar.textContent()).toContain('shell@example.com');
  });

  it('hydrates without errors and navigates on the client', async () => {
    const page = await openSignedIn('/');
    await waitForHydration(page);
    await page.getByTestId('sidebar').getByRole('link', { name: en.nav.settings, exact: true }).click();
    await page.waitForURL('**/settings');
    // The address changes before the client router has rendered the next page.
    await page.locator('h1', { hasText: en.pages.settings.title }).waitFor();
    expect(await page.locator('h1').textContent()).toBe(en.pages.settings.title);
    expect(problems).toEqual([]);
  });

  it('paints from its document alone, then asks for its scripts and hydrates; the next page brings its own styles', async () => {
    const page = await openSignedIn('/settings');
    await waitForHydration(page);
    const first = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      requests: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(first.requests.filter((r) => r.path.endsWith('.css'))).toEqual([]);
    const scripts = first.requests.filter((r) => r.path.startsWith('/assets/') && r.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((r) => !(r.start >= first.paint))).toEqual([]);
    // The reviews page has a style sheet of its own: the client router asks for it, and not for the common one,
    // which the first page carried.
    await page.getByTestId('sidebar').getByRole('link', { name: en.nav.reviews, exact: true }).click();
    await page.locator('h1', { hasText: en.pages.reviews.title }).waitFor();
    const sheets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.css')),
    );
    expect(sheets.filter((path) => path.includes('/styles_reviews-'))).toHaveLength(1);
    expect(sheets.filter((path) => path.includes('/common.'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('switches the sidebar language, and the choice survives a reload', async () => {
    const page = await openSignedIn('/');
    await waitForHydration(page);
    const sidebar = page.getByTestId('sidebar');
    await page.getByTestId('language-select').selectOption('es');
    await expect(sidebar.getByRole('link', { name: es.nav.reviews, exact: true }).waitFor()).resolves.toBeUndefined();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.reload();
    expect(await sidebar.getByRole('navigation').getByRole('link').first().textContent()).toBe(es.nav.dashboard);
    // The server's page is in Spanish before its scripts arrive; a choice made before hydration would be lost.
    await waitForHydration(page);
    await page.getByTestId('language-select').selectOption('pt');
    await sidebar.getByRole('link', { name: pt.nav.widgetSettings, exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('toggles dark mode and renders it on the server after a reload, with no flash', async () => {
    const page = await openSignedIn('/');
    await waitForHydration(page);
    const toggle = page.getByTestId('theme-toggle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    // The server's HTML itself must carry the theme: read the raw response, before any script runs.
    const response = await page.reload();
    expect(await response?.text()).toMatch(/<html[^>]*data-theme="dark"/);
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });

  it('keeps a permanent 240 px sidebar on wide screens and a drawer on a 375 px phone', async () => {
    const wide = await openSignedIn('/', { viewport: { width: 1280, height: 800 } });
    const box = await wide.getByTestId('sidebar').boundingBox();
    expect(box?.width).toBe(240);
    expect(await wide.getByTestId('menu-button').isVisible()).toBe(false);
    await context.close();

    const phone = await openSignedIn('/', { viewport: { width: 375, height: 740 } });
    await waitForHydration(phone);
    expect(await phone.getByTestId('sidebar').isVisible()).toBe(false);
    await phone.getByTestId('menu-button').click();
    const drawer = phone.getByTestId('drawer');
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.getByRole('link', { name: en.nav.reviews, exact: true }).isVisible()).toBe(true);
    await phone.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await phone.getByTestId('menu-button').click();
    await drawer.getByRole('link', { name: en.nav.reviews, exact: true }).click();
    await phone.waitForURL('**/reviews');
    await drawer.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});

describe('routing rules', () => {
  it('sends an unauthenticated visit to a private page to /login, keeping where it came from', async () => {
    context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/reviews?status=pending');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/reviews?status=pending');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
  });

  it('serves the public pages without a session', async () => {
    context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    for (const path of [
      '/login',
      '/register',
      '/register/confirm',
      '/forgot-password',
      '/reset-password',
      '/confirm-email',
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('redirects an unknown path to the dashboard home', async () => {
    const page = await openSignedIn('/no/such/page');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('h1').textContent()).toBe(en.pages.dashboard.title);
  });

  it('logs out: the cookies are cleared and private pages go back to /login', async () => {
    const page = await openSignedIn('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: en.nav.logout }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();
    await page.goto('/reviews');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
