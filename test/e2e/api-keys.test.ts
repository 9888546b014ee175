/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TApiKeyList } from '../../shared/api-keys.js';
import shell from '../../web/i18n/en.json' with { type: 'json' };
import settings from '../../web/i18n/settings/en.json' with { type: 'json' };
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

// Settings → API keys (issue 28) walked as a store's owner: a key created with two scopes and shown once, copied,
// used against the API from here, listed by its prefix and then its last use, revoked after a confirmation and refused
// from then on; axe on the page and both dialogs in the light and dark themes. A member has no card and no keys.

const en = settings.apiKeys;
const KEY = /^vr_[A-Za-z0-9_-]{43}$/;

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TAuthResponse;
let member: TAuthResponse;
/** The key the owner creates, as the dialog showed it. */
let secret: string;
const problems: string[] = [];
/** A console error the current test provokes on purpose (the API's refusal of an empty form). */
let expectedProblem: RegExp | null = null;

/** An API call as a program makes it: with the key, no session. */
const withKey = (key: string) =>
  fetch(`${server.url}/api/insights/`, { headers: { authorization: `Bearer ${key}` } }).then((res) => res.status);

const row = () => page.getByTestId('api-key-row').first();

beforeAll(async () => {
  testEnv = await createTestEnv();
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'keys@example.com', 'keys-pass-1', testEnv);
  member = await joinByInvitation(server.url, owner.access, testEnv, 'member@keys.example');
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
});
afterEach(() => {
  expect(problems.splice(0).filter((problem) => !expectedProblem?.test(problem))).toEqual([]);
  expectedProblem = null;
});

describe('Settings → API keys', () => {
  it('is a card on Settings for the owner, and starts empty with how to use a key', async () => {
    await page.goto('/settings');
    await waitForHydration(page);
    const card = page.locator('main a[href="/settings/api-keys"]');
    expect(await card.textContent()).toContain(shell.pages.apiKeys.title);
    await card.click();
    await page.waitForURL('**/settings/api-keys');
    await waitForHydration(page, '[data-testid="api-key-create-open"]');
    expect(await page.locator('h1').textContent()).toBe(shell.pages.apiKeys.title);
    expect(await page.getByTestId('api-keys-empty').textContent()).toBe(en.empty);
    expect(await page.getByTestId('api-keys-header').textContent()).toBe('Authorization: Bearer vr_…');
    expect(await page.getByTestId('api-keys-docs').getAttribute('href')).toBe('/api/docs/');
    expect(await axeViolationsInThemes(page, 'main')).toEqual([]);
  });

  it('shows the API’s refusals on their fields', async () => {
    expectedProblem = /status of 400/;
    await page.getByTestId('api-key-create-open').click();
    const dialog = page.getByTestId('api-key-create-dialog');
    await dialog.getByTestId('api-key-create-form').waitFor();
    expect(await axeViolationsInThemes(page, '[data-testid="api-key-create-dialog"]')).toEqual([]);

    await dialog.getByTestId('api-key-create-submit').click();
    await dialog.getByTestId('api-key-scopes-error').waitFor();
    expect(await dialog.getByTestId('api-key-scopes-error').textContent()).toBe('Choose at least one scope.');
    const name = dialog.getByTestId('name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const nameError = await name.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${nameError}"]`).textContent()).toBe('Name the key.');
    expect(await axeViolationsInThemes(page, '[data-testid="api-key-create-dialog"]')).toEqual([]);
  });

  it('creates a key with two scopes and shows it once, to copy', async () => {
    const dialog = page.getByTestId('api-key-create-dialog');
    await dialog.getByTestId('name').fill('Stock sync');
    await dialog.getByTestId('api-key-scope-analytics:read').check();
    await dialog.getByTestId('api-key-scope-reviews:read').check();
    await dialog.getByTestId('api-key-create-submit').click();

    const field = dialog.getByTestId('api-key-secret');
    await field.waitFor();
    secret = await field.inputValue();
    expect(secret).toMatch(KEY);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByTestId('api-key-shown-once').textContent()).toBe(en.createdWarning);
    expect(await dialog.locator('.modal-title').textContent()).toBe(en.createdTitle);
    expect(await axeViolationsInThemes(page, '[data-testid="api-key-create-dialog"]')).toEqual([]);

    const copy = dialog.getByTestId('api-key-copy');
    await copy.click();
    await page.locator('[data-testid="api-key-copy"][data-copied]').waitFor();
    expect(await copy.textContent()).toBe(en.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await dialog.getByTestId('api-key-done').click();
    await dialog.waitFor({ state: 'detached' });
    // Listed by its prefix, with its scopes in the API's order, never used; the key itself is gone from the page.
    await row().waitFor();
    expect(await row().getByTestId('api-key-prefix').textContent()).toBe(`${secret.slice(0, 11)}…`);
    expect(await row().getByTestId('api-key-scopes').locator('li').allTextContents()).toEqual([
      'reviews:read',
      'analytics:read',
    ]);
    expect(await row().getByTestId('api-key-last-used').textContent()).toBe(en.never);
    expect(await row().getByTestId('api-key-status').textContent()).toBe(en.active);
    expect(await page.content()).not.toContain(secret);

    // Opened again, the dialog asks for a new key: the last one is not shown twice.
    await page.getByTestId('api-key-create-open').click();
    await dialog.getByTestId('api-key-create-form').waitFor();
    expect(await dialog.getByTestId('name').inputValue()).toBe('');
    expect(await dialog.getByTestId('api-key-secret').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('works against the API, and the list then shows its last use', async () => {
    expect(await withKey(secret)).toBe(200);
    const [listed] = (await callApi<TApiKeyList>(server.url, owner.access, '/api/api-keys/')).results;
    expect(listed.last_used_ip).toEqual(expect.any(String));

    // Drawn by the server with its rows.
    await page.reload();
    await waitForHydration(page, '[data-testid="api-key-create-open"]');
    const lastUsed = await row().getByTestId('api-key-last-used').textContent();
    expect(lastUsed).not.toBe(en.never);
    expect(lastUsed).toContain(en.fromAddress.replace('{{address}}', listed.last_used_ip!));
    expect(await axeViolationsInThemes(page, 'main')).toEqual([]);
  });

  it('asks before revoking, and the key is refused from then on', async () => {
    await row().getByTestId('api-key-revoke').click();
    const dialog = page.getByTestId('api-key-revoke-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    expect(await dialog.textContent()).toContain(`“Stock sync” (${secret.slice(0, 11)}…)`);
    expect(await axeViolationsInThemes(page, '[data-testid="api-key-revoke-dialog"]')).toEqual([]);
    // Nothing is revoked until confirmed.
    expect(await withKey(secret)).toBe(200);

    await expectToast(page, 'success', en.revoked.replace('{{name}}', 'Stock sync'), () =>
      dialog.getByTestId('api-key-revoke-confirm').click(),
    );
    await page.locator('[data-testid="api-key-row"][data-status="revoked"]').waitFor();
    expect(await row().getByTestId('api-key-status').textContent()).toMatch(/^Revoked on /);
    expect(await row().getByTestId('api-key-revoke').count()).toBe(0);
    expect(await withKey(secret)).toBe(401);
  });
});

describe('a member', () => {
  it('sees no card on Settings, and the page says who manages keys', () =>
    expectOwnerOnlyPage(browser, server.url, member.access, problems, {
      path: '/settings/api-keys',
      ownerOnlyTestId: 'api-keys-owner-only',
      ownerOnlyText: en.ownerOnly,
      absentTestIds: ['api-keys-table', 'api-key-create-open'],
    }));
});
