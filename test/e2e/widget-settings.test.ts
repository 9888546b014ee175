/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import { COOKIES } from '../../shared/constants.js';
import { WIDGET_LAYOUTS, type TWidgetSettings } from '../../shared/widgets.js';
import shell from '../../web/i18n/en.json' with { type: 'json' };
import en from '../../web/i18n/widgets/en.json' with { type: 'json' };
import es from '../../web/i18n/widgets/es.json' with { type: 'json' };
import pt from '../../web/i18n/widgets/pt.json' with { type: 'json' };
import { launchBrowser, waitForHydration, wcagViolations } from '../support/browser.js';
import { registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TAuthResponse;
const problems: string[] = [];

async function settings(): Promise<TWidgetSettings> {
  const res = await fetch(`${server.url}/api/widgets/global-settings/current/`, {
    headers: { authorization: `JWT ${owner.access}` },
  });
  return (await res.json()) as TWidgetSettings;
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'widgets@example.com', 'widgets-pass-1', testEnv);
  // A shopper's review creates the product the per-product tab lists.
  await uploadByApi(
    server.url,
    { merchant_id: owner.merchant!.store_id, product_id: 'lamp-1', product_name: 'Desk Lamp', rating: '5' },
    { photo: ['photo.jpg', 'image/jpeg'] },
  );

  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.url });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addCookies([
    { name: 'access_token', value: owner.access, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/widget-settings');
  await waitForHydration(page, '[data-testid="tab-global"]');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('widget settings in the browser', () => {
  it('saves the global position, selector and title', async () => {
    await page.getByTestId('tab-global').click();
    await page.getByTestId('position-select').selectOption('custom');
    await page.locator('input[name="custom_selector"]').fill('#reviews-here');
    await page.locator('input[name="widget_title"]').fill('What our customers say');
    await page.getByTestId('save-global').click();
    await page
      .locator('[data-testid="toast"][data-severity="success"]', { hasText: en.toasts.globalSettingsSaved })
      .waitFor();
    expect(await settings()).toMatchObject({
      position: 'custom',
      custom_selector: '#reviews-here',
      widget_title: 'What our customers say',
    });
  });

  it('saves the shoppers’ language, a setting apart from the dashboard’s language', async () => {
    await page.getByTestId('tab-global').click();
    const select = page.getByTestId('widget-language');
    expect(await select.inputValue()).toBe('auto');
    expect(await select.locator('option').allTextContents()).toEqual([
      en.global.languageAuto,
      shell.languages.en,
      shell.languages.es,
      shell.languages.pt,
    ]);
    // Labelled, and described by what automatic falls back to: the store's language.
    await page.getByLabel(en.global.language).waitFor();
    const help = en.global.languageHelp.replace('{{language}}', shell.languages.en);
    expect(await select.evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();
    expect(await page.locator(`#${await select.getAttribute('aria-describedby')}`).textContent()).toBe(help);
    expect(await wcagViolations(page, 'form.widget-form')).toEqual([]);

    await select.selectOption('es');
    // The preview follows the unsaved choice.
    await page.getByTestId('widget-preview').locator('.vr-root[lang="es"]').waitFor();
    const saving = page.waitForResponse(
      (r) => r.url().endsWith('/api/widgets/global-settings/') && r.request().method() === 'POST',
    );
    await page.getByTestId('save-global').click();
    expect((await saving).status()).toBe(200);
    expect(await settings()).toMatchObject({ language: 'es', widget_title: 'What our customers say' });
    await page.reload();
    await waitForHydration(page, '[data-testid="tab-global"]');
    expect(await page.getByTestId('widget-language').inputValue()).toBe('es');
  });

  it.each([
    ['es', es],
    ['pt', pt],
  ] as const)('says the language setting in %s, accessibly', async (language, texts) => {
    const other = await browser.newContext({ baseURL: server.url });
    await other.addCookies([
      { name: 'access_token', value: owner.access, url: server.url, httpOnly: true, sameSite: 'Lax' },
      { name: COOKIES.language, value: language, url: server.url },
    ]);
    const localized = await other.newPage();
    await localized.goto('/widget-settings');
    await waitForHydration(localized, '[data-testid="tab-global"]');
    await localized.getByLabel(texts.global.language).waitFor();
    expect(await localized.getByTestId('widget-language').locator('option').first().textContent()).toBe(
      texts.global.languageAuto,
    );
    expect(await wcagViolations(localized, 'form.widget-form')).toEqual([]);
    await other.close();
  });

  it('turns reviews with only stars and text off and on again, the store’s uploads following', async () => {
    const textReview = () => {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        merchant_id: owner.merchant!.store_id,
        product_id: 'lamp-1',
        customer_name: 'Tex',
        rating: '4',
        comment: 'Bright and steady',
      }))
        body.set(name, value);
      return fetch(`${server.url}/api/reviews/upload/`, { method: 'POST', body }).then((res) => res.status);
    };
    await page.getByTestId('tab-global').click();
    const toggle = page.getByTestId('accept-text-reviews');
    const input = toggle.locator('input[role="switch"]');
    // On for every store until its merchant says otherwise, and described.
    expect(await input.isChecked()).toBe(true);
    expect(await toggle.textContent()).toBe(en.global.acceptTextReviews);
    const help = await input.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${help}"]`).textContent()).toBe(en.global.acceptTextReviewsHelp);
    expect(await wcagViolations(page, 'form.widget-form')).toEqual([]);

    await toggle.click();
    expect(await input.isChecked()).toBe(false);
    await page.getByTestId('save-global').click();
    await page
      .locator('[data-testid="toast"][data-severity="success"]', { hasText: en.toasts.globalSettingsSaved })
      .last()
      .waitFor();
    expect((await settings()).accept_text_reviews).toBe(false);
    expect(await textReview()).toBe(400);
    await page.reload();
    await waitForHydration(page, '[data-testid="tab-global"]');
    expect(await page.getByTestId('accept-text-reviews').locator('input').isChecked()).toBe(false);

    await page.getByTestId('accept-text-reviews').click();
    const saving = page.waitForResponse(
      (r) => r.url().endsWith('/api/widgets/global-settings/') && r.request().method() === 'POST',
    );
    await page.getByTestId('save-global').click();
    expect((await saving).status()).toBe(200);
    expect((await settings()).accept_text_reviews).toBe(true);
    expect(await textReview()).toBe(201);
  });

  it('saves the appearance: a palette colour, a custom colour, switches and the number of videos', async () => {
    await page.getByTestId('tab-appearance').click();
    const primary = page.getByTestId('color-primary_color');
    const swatch = primary.getByTestId('swatch').nth(3);
    const chosen = (await swatch.getAttribute('data-color'))!;
    await swatch.click();
    await page.getByTestId('color-text_color').locator('input[name="text_color"]').fill('#123456');
    await page.locator('input[name="compact_mode"]').check({ force: true });
    await page.locator('[data-testid="videos-count"] [data-value="10"]').click();
    const saving = page.waitForResponse(
      (r) => r.url().endsWith('/api/widgets/global-settings/') && r.request().method() === 'POST',
    );
    await page.getByTestId('save-appearance').click();
    expect((await saving).status()).toBe(200);
    const saved = await settings();
    expect(saved).toMatchObject({
      primary_color: chosen.toLowerCase(),
      text_color: '#123456',
      compact_mode: true,
      initial_videos_count: 10,
    });
    // The global setup saved before is untouched.
    expect(saved.widget_title).toBe('What our customers say');
  });

  it('sets and removes a per-product override', async () => {
    await page.getByTestId('tab-products').click();
    const row = page.locator('[data-testid="product-row"][data-external-id="lamp-1"]');
    await row.waitFor();
    // Known only from a shopper's submission: marked so, and not a link.
    expect(await row.getByTestId('product-unverified').isVisible()).toBe(true);
    expect(await row.locator('a').count()).toBe(0);
    await row.getByTestId('edit-override').click();
    const dialog = page.getByTestId('override-dialog');
    await dialog.getByTestId('override-position').selectOption('after_gallery');
    await dialog.getByTestId('override-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="product-row"][data-external-id="lamp-1"][data-override="after_gallery"]')
      .waitFor();
    await row.getByTestId('edit-override').click();
    await page.getByTestId('override-dialog').getByTestId('override-remove').click();
    await page.locator('[data-testid="product-row"][data-external-id="lamp-1"]:not([data-override])').waitFor();
  });

  it('shows the installation snippet with the store id and the optional container, and copies each', async () => {
    const snippet = page.getByTestId('install-snippet');
    await snippet.waitFor();
    expect(await snippet.textContent()).toBe(
      `<script src="${server.url}/widget/v1/${owner.merchant!.store_id}.js" async></script>`,
    );
    await page.getByTestId('copy-snippet').click();
    await page.getByTestId('copy-snippet').getByText(en.installation.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(owner.merchant!.store_id);

    // The optional container, for merchants who choose the place and the product themselves.
    const container = `<div data-video-reviews data-product-id="${en.installation.productIdPlaceholder}"></div>`;
    expect(await page.getByTestId('install-container').textContent()).toBe(container);
    await page.getByTestId('copy-container').click();
    await page.getByTestId('copy-container').getByText(en.installation.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(container);
  });

  it('previews the real widget bundle with the unsaved settings', async () => {
    const preview = page.getByTestId('widget-preview');
    const root = preview.locator('.vr-root');
    await root.waitFor();
    // No approved review yet: the samples, as many as fit the saved count (10), in the saved compact mode.
    expect(await root.locator('.vr-tile').count()).toBe(en.preview.samples.length);
    expect(await root.getAttribute('class')).toContain('vr-compact');
    expect(await root.locator('.vr-title').textContent()).toBe('What our customers say');

    await page.getByTestId('tab-global').click();
    await page.locator('input[name="widget_title"]').fill('Straight from our buyers');
    await page.getByTestId('tab-appearance').click();
    await page.locator('input[name="compact_mode"]').uncheck({ force: true });
    await page.locator('input[name="show_date"]').uncheck({ force: true });
    await page.getByTestId('color-background_color').locator('input[name="background_color"]').fill('#fafad2');
    await page.locator('[data-testid="videos-count"] [data-value="3"]').click();

    await page.waitForFunction(() => {
      const shadow = document.querySelector('[data-testid="widget-preview"]')?.shadowRoot;
      return shadow?.querySelector('.vr-title')?.textContent === 'Straight from our buyers';
    });
    expect(await root.getAttribute('class')).not.toContain('vr-compact');
    expect(await root.locator('.vr-date').count()).toBe(0);
    expect(await root.locator('.vr-tile').count()).toBe(3);
    expect(await root.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(250, 250, 210)');
    // Nothing was saved.
    expect(await settings()).toMatchObject({
      compact_mode: true,
      show_date: true,
      widget_title: 'What our customers say',
    });
  });

  it('previews each layout live, explains it, and saves the one chosen', async () => {
    await page.getByTestId('tab-appearance').click();
    const group = page.getByTestId('widget-layout');
    expect(await group.locator('[data-selected]').getAttribute('data-value')).toBe('grid');
    for (const layout of [...WIDGET_LAYOUTS].reverse()) {
      await group.locator(`[data-value="${layout}"]`).click();
      await page.waitForFunction(
        (chosen) =>
          document
            .querySelector('[data-testid="widget-preview"]')
            ?.shadowRoot?.querySelector('.vr-root')
            ?.getAttribute('data-layout') === chosen,
        layout,
      );
      await page.getByText(en.appearance.layoutHelp[layout]).waitFor();
    }
    await group.locator('[data-value="carousel"]').click();
    const preview = page.getByTestId('widget-preview');
    await preview.locator('.vr-carousel .vr-next').waitFor();
    expect(await preview.locator('.vr-carousel .vr-tile').count()).toBe(en.preview.samples.length);
    expect((await settings()).layout).toBe('grid');

    const saving = page.waitForResponse(
      (r) => r.url().endsWith('/api/widgets/global-settings/') && r.request().method() === 'POST',
    );
    await page.getByTestId('save-appearance').click();
    expect((await saving).status()).toBe(200);
    expect((await settings()).layout).toBe('carousel');
    await page.reload();
    await waitForHydration(page, '[data-testid="tab-global"]');
    await page.getByTestId('tab-appearance').click();
    expect(await page.getByTestId('widget-layout').locator('[data-selected]').getAttribute('data-value')).toBe(
      'carousel',
    );
  });
});
