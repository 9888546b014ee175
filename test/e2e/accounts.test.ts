/// <reference lib="dom" />
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { linkIn, startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

let testEnv: TestEnv;
let smtp: SmtpTestServer;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testEnv = await createTestEnv({ SMTP_URL: smtp.url });
  server = await startServerProcess(testEnv.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
  await smtp?.close();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A fresh browser profile whose console errors (CSP violations included) fail the test. */
async function newPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.url });
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // A refused login is a 401 the page handles; Chromium still logs the failed fetch.
    if (message.type() === 'error' && !/status of 40[0-9]/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
}

async function register(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await hydrated(page, '[data-testid="register-form"] button[type="submit"]');
  await fill(page, {
    first_name: 'Rosa',
    last_name: 'Prado',
    phone: '+54 11 4000-0000',
    email,
    password,
    confirm_password: password,
  });
  await page.locator('[data-testid="register-form"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await hydrated(page, '[data-testid="login-form"] button[type="submit"]');
  await fill(page, { email, password });
  await page.locator('[data-testid="login-form"] button[type="submit"]').click();
}

async function logout(page: Page): Promise<void> {
  await hydrated(page, '[data-testid="theme-toggle"]');
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('accounts in the browser', () => {
  it('signs up, logs out, is refused a wrong password, recovers the account by mail and signs in again', async () => {
    const { page, problems } = await newPage();
    const email = 'rosa@example.com';
    await register(page, email, 'first-password-1');
    await page.getByTestId('sidebar').getByText(email).waitFor();
    await logout(page);

    await login(page, email, 'wrong-password-1');
    await page
      .getByTestId('form-error')
      .getByText('Invalid credentials. Please check your email and password.')
      .waitFor();
    await login(page, email, 'first-password-1');
    await page.getByTestId('toast').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email)).toBe(email);
    await logout(page);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.goto('/forgot-password');
    await hydrated(page, '[data-testid="forgot-form"] button[type="submit"]');
    await fill(page, { email });
    await page.locator('[data-testid="forgot-form"] button[type="submit"]').click();
    await page
      .getByTestId('form-success')
      .getByText('If an account exists with that email, you will receive password reset instructions.')
      .waitFor();
    expect(await page.getByTestId('forgot-form').count()).toBe(0);

    const mail = await smtp.waitForMail((m) => m.to.includes(email) && /reset-password/.test(m.text));
    const link = linkIn(mail, '/reset-password');
    expect(link?.startsWith(server.url)).toBe(true);
    await page.goto(link!);
    await hydrated(page, '[data-testid="reset-form"] button[type="submit"]');
    await fill(page, { password: 'second-password-2', confirm_password: 'second-password-2' });
    await page.locator('[data-testid="reset-form"] button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('form-success').waitFor();

    await login(page, email, 'first-password-1');
    await page.getByTestId('form-error').waitFor();
    await login(page, email, 'second-password-2');
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
  });

  it('shows "Invalid reset code" for a reset link without a code', async () => {
    const { page } = await newPage();
    await page.goto('/reset-password');
    await page.getByText('Invalid reset code').first().waitFor();
  });

  it('lets an owner invite a teammate who joins through the mailed link, then remove them', async () => {
    const owner = await newPage();
    await register(owner.page, 'owner@example.com', 'owner-password-1');
    await owner.page.goto('/settings/team');
    await hydrated(owner.page, '[data-testid="invite-open"]');
    await owner.page.getByTestId('invite-open').click();
    const dialog = owner.page.getByTestId('invite-dialog');
    expect(await dialog.getByTestId('invite-submit').isDisabled()).toBe(true);
    await dialog.locator('input[name="email"]').fill('mate@example.com');
    await dialog.getByTestId('invite-submit').click();
    await owner.page
      .locator('[data-testid="team-row"][data-email="mate@example.com"][data-status="invited"]')
      .waitFor();

    const mail = await smtp.waitForMail((m) => m.to.includes('mate@example.com'));
    const link = linkIn(mail, '/register');
    expect(link).toContain('token=');

    const mate = await newPage();
    await mate.page.goto(link!);
    await hydrated(mate.page, '[data-testid="register-form"] button[type="submit"]');
    const emailInput = mate.page.locator('input[name="email"]');
    await mate.page.waitForFunction(
      () => (document.querySelector('input[name="email"]') as HTMLInputElement | null)?.value === 'mate@example.com',
    );
    expect((await emailInput.isDisabled()) || (await emailInput.getAttribute('readonly')) !== null).toBe(true);
    await fill(mate.page, {
      first_name: 'Mate',
      last_name: 'Silva',
      phone: '+55 11 1000-0000',
      password: 'mate-password-1',
      confirm_password: 'mate-password-1',
    });
    await mate.page.locator('[data-testid="register-form"] button[type="submit"]').click();
    await mate.page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    // Members see the team but none of its management controls.
    await mate.page.goto('/settings/team');
    await mate.page.locator('[data-testid="team-row"][data-email="owner@example.com"][data-role="owner"]').waitFor();
    expect(await mate.page.getByTestId('invite-open').count()).toBe(0);
    expect(await mate.page.getByTestId('remove-member').count()).toBe(0);

    await owner.page.reload();
    const row = owner.page.locator('[data-testid="team-row"][data-email="mate@example.com"]');
    await owner.page
      .locator('[data-testid="team-row"][data-email="mate@example.com"][data-status="active"][data-role="member"]')
      .waitFor();
    await hydrated(owner.page, '[data-testid="remove-member"]');
    expect(
      await owner.page
        .locator('[data-testid="team-row"][data-email="owner@example.com"] [data-testid="remove-member"]')
        .count(),
    ).toBe(0);
    await row.getByTestId('remove-member').click();
    await owner.page.getByTestId('confirm-remove').click();
    await row.waitFor({ state: 'detached' });
    expect(owner.problems).toEqual([]);
    expect(mate.problems).toEqual([]);
  });
});
