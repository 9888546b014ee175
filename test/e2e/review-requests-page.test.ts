/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TReviewRequestPage, TReviewRequestSettings } from '../../shared/review-requests.js';
import shell from '../../web/i18n/en.json' with { type: 'json' };
import en from '../../web/i18n/requests/en.json' with { type: 'json' };
import { expectToast, launchBrowser, signedInContext, waitForHydration, wcagViolations } from '../support/browser.js';
import { mailOf, mailsTo } from '../support/mailbox.js';
import { getByApi, registerByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// The review requests page walked as a merchant, against the real API: settings saved, the mail typed and its
// preview following, a test mail, a request made by hand, a CSV import with a bad line, a request cancelled, an
// address added to the do-not-mail list and taken off it.

const OWNER_EMAIL = 'requests@example.com';

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TAuthResponse;
const problems: string[] = [];

const api = <T>(path: string) => getByApi<T>(server.url, owner.access, path);

/** The mails to the owner whose subject holds this, once there is one (the test mail goes out through the queue). */
async function testMails(subject: string) {
  for (;;) {
    const found = mailsTo(mailOf(testEnv), OWNER_EMAIL).filter((mail) => mail.subject.includes(subject));
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, OWNER_EMAIL, 'requests-pass-1', testEnv);
  browser = await launchBrowser();
  context = await signedInContext(browser, server.url, owner.access);
  page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/review-requests');
  await waitForHydration(page, '[data-testid="tab-history"]');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('the review requests page', () => {
  it('is in the sidebar, and says when requests start while none was sent', async () => {
    const link = page.locator('[data-testid="sidebar"] a[href="/review-requests"]');
    expect(await link.textContent()).toContain(shell.nav.requests);
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('funnel-empty').textContent()).toContain(en.funnel.emptyTitle);
    expect(await page.getByTestId('requests-empty').textContent()).toContain(en.empty.all);
  });

  it('saves the settings', async () => {
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('settings-trigger').selectOption('paid');
    await page.locator('input[name="delay_days"]').fill('3');
    await page.locator('input[name="reminders"]').fill('2');
    await page.locator('input[name="reply_to"]').fill('help@shop.example');
    // Out of bounds: said in the form, nothing sent.
    await page.locator('input[name="link_lifetime_days"]').fill('3');
    await page.getByTestId('settings-save').click();
    await page.locator('[data-testid="settings-form"] .field-error').first().waitFor();
    expect(await api<TReviewRequestSettings>('/api/review-requests/settings/')).toMatchObject({ delay_days: 7 });

    await page.locator('input[name="link_lifetime_days"]').fill('120');
    await expectToast(page, 'success', en.toasts.saved, () => page.getByTestId('settings-save').click());
    expect(await api<TReviewRequestSettings>('/api/review-requests/settings/')).toMatchObject({
      trigger: 'paid',
      delay_days: 3,
      reminders: 2,
      link_lifetime_days: 120,
      reply_to: 'help@shop.example',
    });
    expect(await wcagViolations(page, 'main')).toEqual([]);
  });

  it('turns on an incentive with a fixed code, which it asks for, and keeps it', async () => {
    const form = page.getByTestId('settings-form');
    await page.getByTestId('incentive-reward').selectOption('photo');
    // The store is connected to no platform: its own code is the only source.
    const source = page.getByTestId('incentive-source');
    expect(
      await source.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['fixed']);
    expect(await form.textContent()).toContain(en.settings.incentive.sourceNotConnected);
    await page.getByTestId('settings-save').click();
    await form.locator('input[name="incentive.fixed_code"][aria-invalid="true"]').waitFor();
    expect(await form.textContent()).toContain(en.settings.incentive.errors.fixedCode);
    expect((await api<TReviewRequestSettings>('/api/review-requests/settings/')).incentive.reward).toBe('none');

    await page.locator('input[name="incentive.fixed_code"]').fill('THANKS15');
    await page.getByTestId('incentive-value-type').selectOption('fixed_amount');
    await page.locator('input[name="incentive.value"]').fill('7.50');
    await page.locator('input[name="incentive.expires_days"]').fill('14');
    await page.getByTestId('incentive-send-on').selectOption('submitted');
    await expectToast(page, 'success', en.toasts.saved, () => page.getByTestId('settings-save').click());
    // The amount goes to the API in minor units.
    expect((await api<TReviewRequestSettings>('/api/review-requests/settings/')).incentive).toEqual({
      reward: 'photo',
      code_source: 'fixed',
      fixed_code: 'THANKS15',
      value_type: 'fixed_amount',
      value: 750,
      expires_days: 14,
      send_on: 'submitted',
    });

    await page.reload();
    await waitForHydration(page, '[data-testid="tab-history"]');
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('incentive-reward').waitFor();
    expect(await page.getByTestId('incentive-reward').inputValue()).toBe('photo');
    expect(await page.getByTestId('incentive-source').inputValue()).toBe('fixed');
    expect(await page.locator('input[name="incentive.fixed_code"]').inputValue()).toBe('THANKS15');
    expect(await page.getByTestId('incentive-value-type').inputValue()).toBe('fixed_amount');
    expect(await page.locator('input[name="incentive.value"]').inputValue()).toBe('7.50');
    expect(await page.locator('input[name="incentive.expires_days"]').inputValue()).toBe('14');
    expect(await page.getByTestId('incentive-send-on').inputValue()).toBe('submitted');
    expect(await wcagViolations(page, 'main')).toEqual([]);
  });

  it('previews the mail as it is typed, sends a test and saves it', async () => {
    await page.getByTestId('tab-template').click();
    const frame = page.getByTestId('preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).not.toContain('Quick favour, {customer_first_name}?');

    await page.getByTestId('template-subject').fill('How is your {product_name}?');
    await page.getByTestId('template-heading').fill('A quick favour from our workshop');
    await page.getByTestId('template-body').fill('Hello {customer_first_name}, tell {store_name} what you think.');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="preview-frame"]')
        ?.getAttribute('srcdoc')
        ?.includes('A quick favour from our workshop'),
    );
    // The placeholders are filled in, not shown as typed.
    expect(await frame.getAttribute('srcdoc')).not.toContain('{customer_first_name}');

    await page.getByTestId('preview-width').locator('[data-value="desktop"]').click();
    expect(await frame.getAttribute('data-width')).toBe('desktop');

    await expectToast(page, 'success', OWNER_EMAIL, () => page.getByTestId('template-test').click());
    const sent = await testMails('How is your');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).not.toContain('{product_name}');

    await expectToast(page, 'success', en.toasts.saved, () => page.getByTestId('template-save').click());
    const saved = await api<TReviewRequestSettings>('/api/review-requests/settings/');
    expect(saved.templates.en).toEqual({
      subject: 'How is your {product_name}?',
      heading: 'A quick favour from our workshop',
      body: 'Hello {customer_first_name}, tell {store_name} what you think.',
    });
    expect(saved.templates.es).toBeUndefined();
  });

  it('makes a request by hand, checked before it is sent', async () => {
    await page.getByTestId('tab-history').click();
    await page.getByTestId('create-open').click();
    const dialog = page.getByTestId('create-dialog');
    await page.getByTestId('create-submit').click();
    await dialog.locator('input[name="customer_email"][aria-invalid="true"]').waitFor();
    expect(await dialog.textContent()).toContain(en.create.errors.order_id);
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);

    await page.getByTestId('customer_email').fill('lena.park@buyer.example');
    await page.getByTestId('customer_name').fill('Lena Park');
    await page.getByTestId('order_id').fill('A-1001');
    await page.getByTestId('products.0.id').fill('boots-1');
    await page.getByTestId('products.0.name').fill('Trail Boots');
    await expectToast(page, 'success', en.toasts.created, () => page.getByTestId('create-submit').click());
    const row = page.locator('[data-testid="request-row"]', { hasText: 'A-1001' });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('scheduled');
    expect(await row.getByTestId('request-email').textContent()).not.toContain('lena.park@');
    expect(await row.textContent()).toContain('Trail Boots');
  });

  it('imports a CSV and reports its bad line', async () => {
    await page.getByTestId('import-open').click();
    const csv = [
      'customer_email,customer_name,locale,order_id,product_id,product_name,product_url,product_image_url',
      'joao@buyer.example,João Lima,pt,B-2002,tote-2,Canvas Tote,,',
      'not-an-address,Bad Row,en,B-2003,lamp-3,Desk Lamp,,',
    ].join('\n');
    await page.getByTestId('import-file').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('import-submit').click();
    await page.getByTestId('import-result').waitFor();
    expect(await page.getByTestId('import-scheduled').textContent()).toContain('1');
    const errors = page.getByTestId('import-error');
    expect(await errors.count()).toBe(1);
    expect(await errors.first().getAttribute('data-line')).toBe('3');
    expect(await errors.first().textContent()).toContain('customer_email');
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('import-close').click();
    await page.locator('[data-testid="request-row"]', { hasText: 'B-2002' }).waitFor();
    const listed = await api<TReviewRequestPage>('/api/review-requests/?search=B-2003');
    expect(listed.count).toBe(0);
  });

  it('arrives with its history and funnel drawn by the server', async () => {
    const res = await fetch(`${server.url}/review-requests`, { headers: { cookie: `access_token=${owner.access}` } });
    const html = await res.text();
    expect(html).toContain('data-testid="request-row"');
    expect(html).toContain('A-1001');
    expect(html).toContain('data-testid="funnel-empty"');
  });

  it('cancels a request', async () => {
    const row = page.locator('[data-testid="request-row"]', { hasText: 'A-1001' });
    await expectToast(page, 'success', en.toasts.cancel, () => row.getByTestId('request-cancel').click());
    await page.locator('[data-testid="request-row"][data-status="cancelled"]', { hasText: 'A-1001' }).waitFor();
    expect(await row.getByTestId('request-cancel').count()).toBe(0);

    await page.getByTestId('requests-status-filter').selectOption('cancelled');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="request-row"]:not([data-status="cancelled"])').length === 0,
    );
    expect(await page.locator('[data-testid="request-row"]').count()).toBe(1);
    await page.getByTestId('requests-status-filter').selectOption('all');
  });

  it('adds an address to the do-not-mail list and takes it off after a confirmation', async () => {
    await page.getByTestId('tab-suppressions').click();
    await page.getByTestId('suppressions-empty').waitFor();
    await page.getByTestId('suppression_email').fill('no-mail@buyer.example');
    await expectToast(page, 'success', 'no-mail@buyer.example', () => page.getByTestId('suppression-submit').click());
    const row = page.locator('[data-testid="suppression-row"]', { hasText: 'no-mail@buyer.example' });
    await row.waitFor();
    expect(await row.textContent()).toContain(en.suppressions.reasons.manual);

    await row.getByTestId('suppression-remove').click();
    const dialog = page.getByTestId('suppression-remove-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('no-mail@buyer.example');
    expect(await wcagViolations(page, '[role="alertdialog"]')).toEqual([]);
    await expectToast(page, 'success', en.toasts.suppressionRemoved, () =>
      page.getByTestId('suppression-confirm-remove').click(),
    );
    await page.getByTestId('suppressions-empty').waitFor();
    expect(await api<{ count: number }>('/api/review-requests/suppressions/')).toMatchObject({ count: 0 });
  });
});
