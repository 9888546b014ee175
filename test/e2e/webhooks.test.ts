/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TWebhookEndpointList } from '../../shared/webhook-endpoints.js';
import shell from '../../web/i18n/en.json' with { type: 'json' };
import settings from '../../web/i18n/settings/en.json' with { type: 'json' };
import { WebhookReceiver, type ReceivedWebhook } from '../fakes/webhook-receiver.js';
import {
  axeViolationsInThemes,
  expectOwnerOnlyPage,
  expectToast,
  launchBrowser,
  signedInContext,
  waitForHydration,
} from '../support/browser.js';
import { callApi, joinByInvitation, registerByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// Settings → Webhooks (issue 28) walked as a store's owner, against a receiver on this machine: an endpoint added
// (the API's refusals on their fields first) with its secret shown once, a test event delivered, signed with that
// secret and logged with the receiver's answer; edited; its secret rotated and a delivery resent under the new one;
// failing, turned off and on; deleted. axe on the page, the log and every dialog in both themes. A member is told who
// manages endpoints.

const en = settings.webhooks;
const SECRET = /^whsec_[A-Za-z0-9+/]+=*$/;

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TAuthResponse;
let member: TAuthResponse;
const receiver = new WebhookReceiver();
/** The endpoint's signing secret as the dialog showed it (the rotated one once rotated). */
let secret: string;
let firstSecret: string;
const problems: string[] = [];
/** A console error the current test provokes on purpose (the API's refusals). */
let expectedProblem: RegExp | null = null;

const card = () => page.getByTestId('webhook-endpoint').first();
const deliveryRows = () => card().getByTestId('webhook-delivery-row');
const dialogOf = (testId: string) => page.getByTestId(testId);

/** Whether `delivery` carries a Standard Webhooks signature made with `key`. */
function signedWith(key: string, delivery: ReceivedWebhook): boolean {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]),
  );
  try {
    new Webhook(key).verify(delivery.body, headers);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the first row of the log (the newest delivery) has `status`. */
async function newestDelivery(status: string): Promise<void> {
  await card().locator(`[data-testid="webhook-delivery-row"][data-status="${status}"]`).first().waitFor();
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="webhook-delivery-row"]')?.getAttribute('data-status') === wanted,
    status,
  );
}

beforeAll(async () => {
  await receiver.start();
  // The receiver listens on this machine: the app may send there in tests only.
  testEnv = await createTestEnv({ IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'hooks@example.com', 'hooks-pass-1', testEnv);
  member = await joinByInvitation(server.url, owner.access, testEnv, 'member@hooks.example');
  browser = await launchBrowser();
  context = await signedInContext(browser, server.url, owner.access);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
  await receiver.close();
});
afterEach(() => {
  expect(problems.splice(0).filter((problem) => !expectedProblem?.test(problem))).toEqual([]);
  expectedProblem = null;
});

describe('Settings → Webhooks', () => {
  it('is a card on Settings for the owner, and starts empty with how deliveries are signed', async () => {
    await page.goto('/settings');
    await waitForHydration(page);
    const link = page.locator('main a[href="/settings/webhooks"]');
    expect(await link.textContent()).toContain(shell.pages.webhooks.title);
    await link.click();
    await page.waitForURL('**/settings/webhooks');
    await waitForHydration(page, '[data-testid="webhook-create-open"]');
    expect(await page.locator('h1').textContent()).toBe(shell.pages.webhooks.title);
    expect(await page.getByTestId('webhooks-empty').textContent()).toBe(en.empty);
    expect(await page.getByTestId('webhooks-count').textContent()).toBe('0 of 10 endpoints');
    expect(await page.getByTestId('webhooks-signing-headers').textContent()).toMatch(
      /^webhook-id: .+\nwebhook-timestamp: \d+\nwebhook-signature: v1,/,
    );
    expect(await axeViolationsInThemes(page, 'main')).toEqual([]);
  });

  it('shows the API’s refusals on their fields', async () => {
    expectedProblem = /status of 400/;
    await page.getByTestId('webhook-create-open').click();
    const dialog = dialogOf('webhook-endpoint-dialog');
    await dialog.getByTestId('webhook-endpoint-form').waitFor();
    // Every event, each with what it means.
    const options = dialog.locator('[data-testid^="webhook-event-"][type="checkbox"]');
    expect(await options.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      'review.created',
      'review.published',
      'review.rejected',
      'review.deleted',
      'review.replied',
      'question.created',
      'request.reviewed',
    ]);
    expect(await dialog.locator('.check-option .field-description').allTextContents()).toEqual(
      Object.values(en.events),
    );
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-endpoint-dialog"]')).toEqual([]);

    await dialog.getByTestId('webhook-endpoint-submit').click();
    await dialog.getByTestId('webhook-events-error').waitFor();
    expect(await dialog.getByTestId('webhook-events-error').textContent()).toBe('Choose at least one event.');
    expect(await dialog.getByTestId('url').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-endpoint-dialog"]')).toEqual([]);

    // A private address is refused by the server's fetcher, on the URL's field.
    await dialog.getByTestId('url').fill('http://10.1.2.3/hooks');
    await dialog.getByTestId('webhook-event-review.created').check();
    await dialog.getByTestId('webhook-endpoint-submit').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="webhook-endpoint-dialog"] .field-error')?.textContent?.includes('10.1.2.3'),
    );
    // Described by its hint, then its error.
    const urlError = (await dialog.getByTestId('url').getAttribute('aria-describedby'))?.split(' ').at(-1);
    expect(await page.locator(`[id="${urlError}"]`).textContent()).toMatch(/^Refused: 10\.1\.2\.3 is /);
    expect(await dialog.getByTestId('webhook-events-error').count()).toBe(0);
  });

  it('adds an endpoint and shows its signing secret once, to copy', async () => {
    const dialog = dialogOf('webhook-endpoint-dialog');
    await dialog.getByTestId('url').fill(receiver.url());
    await dialog.getByTestId('description').fill('Order system');
    await dialog.getByTestId('webhook-event-review.published').check();
    await dialog.getByTestId('webhook-endpoint-submit').click();

    const field = dialog.getByTestId('webhook-secret');
    await field.waitFor();
    secret = await field.inputValue();
    expect(secret).toMatch(SECRET);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByTestId('webhook-shown-once').textContent()).toBe(en.secret.warning);
    expect(await dialog.getByTestId('webhook-secret-use').textContent()).toBe(en.secret.use);
    expect(await dialog.locator('.modal-title').textContent()).toBe(en.secret.createdTitle);
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-endpoint-dialog"]')).toEqual([]);
    // Only Done closes it: Escape would lose the secret.
    await page.keyboard.press('Escape');
    expect(await field.isVisible()).toBe(true);

    await dialog.getByTestId('webhook-copy').click();
    await page.locator('[data-testid="webhook-copy"][data-copied]').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await dialog.getByTestId('webhook-done').click();
    await dialog.waitFor({ state: 'detached' });
    await card().waitFor();
    expect(await card().getByTestId('webhook-endpoint-url').textContent()).toBe(receiver.url());
    expect(await card().getByTestId('webhook-endpoint-description').textContent()).toBe('Order system');
    // In the API's order, whatever the order they were ticked in.
    expect(await card().getByTestId('webhook-endpoint-events').locator('li').allTextContents()).toEqual([
      'review.created',
      'review.published',
    ]);
    expect(await card().getByTestId('webhook-endpoint-state').textContent()).toBe(en.states.enabled);
    expect(await page.getByTestId('webhooks-count').textContent()).toBe('1 of 10 endpoints');
    expect(await page.content()).not.toContain(secret);
  });

  it('sends a test event, signed with that secret, and logs the receiver’s answer', async () => {
    receiver.reply = 'thanks';
    await expectToast(page, 'success', en.toasts.testSent.replace('{{url}}', receiver.url()), () =>
      card().getByTestId('webhook-send-test').click(),
    );
    // The log opens on it, and follows it from pending to delivered.
    expect(await card().getByTestId('webhook-log-toggle').getAttribute('aria-expanded')).toBe('true');
    await newestDelivery('succeeded');
    await receiver.waitFor(1);
    const [delivery] = receiver.received;
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test' });
    expect(signedWith(secret, delivery)).toBe(true);

    const row = deliveryRows().first();
    expect(await row.getByTestId('webhook-delivery-type').textContent()).toBe('webhook.test');
    expect(await row.getByTestId('webhook-delivery-code').textContent()).toBe('200');
    expect(await row.getByTestId('webhook-delivery-status').textContent()).toBe(en.deliveries.statuses.succeeded);
    // Its details unfold in a row of their own: what was sent and the start of what came back.
    await row.getByTestId('webhook-delivery-more').click();
    const details = card().getByTestId('webhook-delivery-details');
    expect(await details.getByTestId('webhook-delivery-excerpt').textContent()).toBe('thanks');
    expect(await details.getByTestId('webhook-delivery-message-id').textContent()).toBe(delivery.headers['webhook-id']);
    expect(JSON.parse((await details.getByTestId('webhook-delivery-payload').textContent()) ?? '')).toEqual(
      JSON.parse(delivery.body),
    );
    expect(await axeViolationsInThemes(page, 'main')).toEqual([]);
  });

  it('edits the endpoint’s description and events', async () => {
    await card().getByTestId('webhook-edit').click();
    const dialog = dialogOf('webhook-endpoint-dialog');
    await dialog.getByTestId('webhook-endpoint-form').waitFor();
    expect(await dialog.getByTestId('url').inputValue()).toBe(receiver.url());
    expect(await dialog.getByTestId('webhook-event-review.published').isChecked()).toBe(true);
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-endpoint-dialog"]')).toEqual([]);

    await dialog.getByTestId('description').fill('Order system (new)');
    await dialog.getByTestId('webhook-event-review.created').uncheck();
    await dialog.getByTestId('webhook-event-question.created').check();
    await expectToast(page, 'success', en.toasts.saved, () => dialog.getByTestId('webhook-endpoint-submit').click());
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="webhook-endpoint-description"]')?.textContent === 'Order system (new)',
    );
    expect(await card().getByTestId('webhook-endpoint-events').locator('li').allTextContents()).toEqual([
      'review.published',
      'question.created',
    ]);
  });

  it('asks before rotating the secret, shows the new one once, and a resend is signed with it', async () => {
    await card().getByTestId('webhook-rotate').click();
    const dialog = dialogOf('webhook-rotate-dialog');
    await dialog.getByTestId('webhook-rotate-confirm').waitFor();
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    expect(await dialog.textContent()).toContain(receiver.url());
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-rotate-dialog"]')).toEqual([]);

    await dialog.getByTestId('webhook-rotate-confirm').click();
    const field = dialog.getByTestId('webhook-secret');
    await field.waitFor();
    firstSecret = secret;
    secret = await field.inputValue();
    expect(secret).toMatch(SECRET);
    expect(secret).not.toBe(firstSecret);
    expect(await dialog.locator('.modal-title').textContent()).toBe(en.secret.rotatedTitle);
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-rotate-dialog"]')).toEqual([]);
    await dialog.getByTestId('webhook-done').click();
    await dialog.waitFor({ state: 'detached' });

    await expectToast(page, 'success', en.toasts.resent, () =>
      deliveryRows().first().getByTestId('webhook-delivery-resend').click(),
    );
    await receiver.waitFor(2);
    const [first, again] = receiver.received;
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(signedWith(secret, again)).toBe(true);
    expect(signedWith(firstSecret, again)).toBe(false);
    await newestDelivery('succeeded');
    expect(await deliveryRows().count()).toBe(1);
  });

  it('shows an endpoint that fails as failing, with the answer it got', async () => {
    receiver.status = 500;
    receiver.reply = 'down for maintenance';
    await card().getByTestId('webhook-send-test').click();
    await receiver.waitFor(3);
    // Failed once, waiting for its retry.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="webhook-delivery-row"] [data-testid="webhook-delivery-code"]')
          ?.textContent === '500',
    );
    expect(await deliveryRows().first().getAttribute('data-status')).toBe('pending');
    expect(await deliveryRows().count()).toBe(2);
    // Its retry is on the way already.
    expect(await deliveryRows().first().getByTestId('webhook-delivery-resend').isDisabled()).toBe(true);
    await page.locator('[data-testid="webhook-endpoint"][data-state="failing"]').waitFor();
    expect(await card().getByTestId('webhook-endpoint-state').textContent()).toBe(en.states.failing);
    expect(await card().getByTestId('webhook-endpoint-note').textContent()).toMatch(
      /^Every delivery has failed since .+\. After 3 days of failures the endpoint is disabled/,
    );
    expect(await axeViolationsInThemes(page, 'main')).toEqual([]);
  });

  it('turns the endpoint off and on again', async () => {
    receiver.status = 200;
    await expectToast(page, 'success', en.toasts.turnedOff, () => card().getByTestId('webhook-toggle').click());
    await page.locator('[data-testid="webhook-endpoint"][data-state="off"]').waitFor();
    expect(await card().getByTestId('webhook-endpoint-state').textContent()).toBe(en.states.off);
    expect(await card().getByTestId('webhook-endpoint-note').textContent()).toMatch(/^Turned off on /);
    expect(await card().getByTestId('webhook-toggle').textContent()).toBe(en.actions.turnOn);
    // Nothing is sent to an endpoint turned off: no test event, no resend.
    expect(await card().getByTestId('webhook-send-test').isDisabled()).toBe(true);
    expect(await deliveryRows().nth(1).getByTestId('webhook-delivery-resend').isDisabled()).toBe(true);
    const [listed] = (await callApi<TWebhookEndpointList>(server.url, owner.access, '/api/webhook-endpoints/')).results;
    expect(listed).toMatchObject({ enabled: false, disabled_reason: 'merchant' });
    expect(await axeViolationsInThemes(page, 'main')).toEqual([]);

    // Back on, its failures are forgotten.
    await expectToast(page, 'success', en.toasts.turnedOn, () => card().getByTestId('webhook-toggle').click());
    await page.locator('[data-testid="webhook-endpoint"][data-state="enabled"]').waitFor();
    expect(await card().getByTestId('webhook-endpoint-note').count()).toBe(0);
    expect(await card().getByTestId('webhook-send-test').isDisabled()).toBe(false);
    expect(await deliveryRows().nth(1).getByTestId('webhook-delivery-resend').isDisabled()).toBe(false);
  });

  it('draws the endpoint with the page', async () => {
    await page.reload();
    await waitForHydration(page, '[data-testid="webhook-create-open"]');
    expect(await card().getByTestId('webhook-endpoint-url').textContent()).toBe(receiver.url());
    // Folded until asked for.
    expect(await card().getByTestId('webhook-log').isHidden()).toBe(true);
  });

  it('asks before deleting the endpoint', async () => {
    await card().getByTestId('webhook-delete').click();
    const dialog = dialogOf('webhook-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    expect(await dialog.textContent()).toContain(receiver.url());
    expect(await axeViolationsInThemes(page, '[data-testid="webhook-delete-dialog"]')).toEqual([]);

    await expectToast(page, 'success', en.toasts.deleted, () => dialog.getByTestId('webhook-delete-confirm').click());
    await page.getByTestId('webhooks-empty').waitFor();
    expect(await page.getByTestId('webhook-endpoint').count()).toBe(0);
    expect((await callApi<TWebhookEndpointList>(server.url, owner.access, '/api/webhook-endpoints/')).results).toEqual(
      [],
    );
  });
});

describe('a member', () => {
  it('sees no card on Settings, and the page says who manages endpoints', () =>
    expectOwnerOnlyPage(browser, server.url, member.access, problems, {
      path: '/settings/webhooks',
      ownerOnlyTestId: 'webhooks-owner-only',
      ownerOnlyText: en.ownerOnly,
      absentTestIds: ['webhook-create-open'],
    }));
});
