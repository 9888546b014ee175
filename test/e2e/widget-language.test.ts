/// <reference lib="dom" />
import type { Browser, ConsoleMessage } from 'playwright-core';
import type { TLanguage } from '../../shared/constants.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import type { TWidgetSettingsInput } from '../../shared/widgets.js';
import { seedUser } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import { launchBrowser } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// The widget's language is a widget setting of its own (issue 23): automatic (the shopper's browser language among
// en, es and pt, else the store's main language) or fixed. The store's main language — the sidebar's, the dashboard's
// and the mails' — only ever sets what automatic falls back to.

const MUG: FakeProduct = { id: 'mug-1', name: 'Clay Mug' };

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
let merchantId: string;
const problems: string[] = [];

async function call(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<void> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}
const saveSettings = (patch: TWidgetSettingsInput) => call('POST', '/api/widgets/global-settings/', patch);
/** What the sidebar's language selector saves. */
const setStoreLanguage = (language: TLanguage) =>
  call('PATCH', `/api/stores/${merchantId}/`, { main_language: language });

/** The language a shopper whose browser speaks `locale` sees the widget in, by its texts and its `lang`. */
async function shopperSees(locale: string): Promise<TLanguage | string> {
  const context = await browser.newContext({ locale });
  try {
    const page = await context.newPage();
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(store.url + store.path('plain', MUG));
    const root = page.locator('.video-reviews-widget .vr-root');
    await root.waitFor();
    expect(await page.evaluate(() => navigator.languages[0])).toBe(locale);
    const lang = (await root.getAttribute('lang')) as TLanguage;
    const texts = WIDGET_STRINGS[lang];
    if (!texts) return lang;
    // Everything the shopper reads is in that language: the widget, and the form from the on-demand chunk.
    expect(await root.locator('.vr-empty').textContent()).toBe(texts.no_reviews);
    await root.locator('.vr-write').click();
    await root.locator('.vr-form-title').waitFor();
    expect(await root.locator('.vr-form-title').textContent()).toBe(texts.form_title);
    expect(await root.locator('.vr-submit').textContent()).toBe(texts.submit);
    return lang;
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'languages@example.com' });
  token = owner.accessToken;
  merchantId = owner.merchantId;
  server = await startServerProcess(testEnv.env);
  const res = await fetch(`${server.url}/api/installation/snippet/`, { headers: { authorization: `JWT ${token}` } });
  store = await startFakeStorefront(((await res.json()) as { snippet: string }).snippet);
  browser = await launchBrowser();
  await setStoreLanguage('en');
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('the widget’s language on an English store', () => {
  it('is automatic by default: a shopper in Buenos Aires reads Spanish, others their own or the store’s', async () => {
    expect(await shopperSees('es-AR')).toBe('es');
    expect(await shopperSees('pt-BR')).toBe('pt');
    expect(await shopperSees('en-GB')).toBe('en');
    // No language of ours in the browser: the store's.
    expect(await shopperSees('de-DE')).toBe('en');
  });

  it('falls back to the store’s language, which the dashboard’s language switch sets, when automatic', async () => {
    await setStoreLanguage('pt');
    expect(await shopperSees('de-DE')).toBe('pt');
    // A shopper's own language still wins.
    expect(await shopperSees('es-AR')).toBe('es');
    await setStoreLanguage('en');
  });

  it('stays the fixed language for every shopper, whatever the dashboard’s language', async () => {
    await saveSettings({ language: 'en' });
    expect(await shopperSees('es-AR')).toBe('en');
    await setStoreLanguage('es');
    expect(await shopperSees('es-AR')).toBe('en');
    expect(await shopperSees('de-DE')).toBe('en');

    await saveSettings({ language: 'pt' });
    expect(await shopperSees('es-AR')).toBe('pt');
    await saveSettings({ language: 'auto' });
    await setStoreLanguage('en');
  });
});
