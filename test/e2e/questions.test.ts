/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import en from '../../web/i18n/questions/en.json' with { type: 'json' };
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { seedUser } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import {
  axeViolations,
  collectProblems,
  expectToast,
  launchBrowser,
  signedInContext,
  waitForHydration,
} from '../support/browser.js';
import { mailOf, mailsTo } from '../support/mailbox.js';
import { callApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// Issue 25, questions and answers: a shopper opens the widget's Questions panel and asks; the merchant answers and
// publishes on /questions (the asker is mailed the answer); the shopper's next visit shows it. Accessible throughout.

const MUG: FakeProduct = { id: '8001', name: 'Blue Mug' };
const QUESTION = 'Is the glaze dishwasher safe?';
const ANSWER = 'Yes: the glaze is fired at 1,200 °C and stays glossy in the dishwasher.';
const strings = WIDGET_STRINGS.en;

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
const problems: string[] = [];

const watch = (page: Page, expected?: RegExp) => collectProblems(page, problems, expected);
beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'questions@example.com' });
  token = owner.accessToken;
  server = await startServerProcess(testEnv.env);
  const snippet = await callApi<{ snippet: string }>(server.url, token, '/api/installation/snippet/');
  store = await startFakeStorefront(snippet.snippet);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

/** The product page with the widget drawn, and its Questions panel opened. */
async function openQuestions(page: Page) {
  await page.goto(store.url + store.path('shopify', MUG));
  const widget = page.locator('.video-reviews-widget');
  await widget.locator('.vr-root').waitFor();
  const button = widget.getByRole('button', { name: strings.questions });
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await button.click();
  const panel = widget.locator('.vr-questions');
  await panel.waitFor();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  // Loaded (the list is no longer busy).
  await panel.locator('.vr-q-list:not([aria-busy])').waitFor({ state: 'attached' });
  return { widget, button, panel };
}

describe('questions and answers', () => {
  it('a shopper asks in the widget, the merchant answers and publishes, the shopper sees the answer', async () => {
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const shop = await shopper.newPage();
    watch(shop);
    const { widget, button, panel } = await openQuestions(shop);
    expect(await panel.locator('.vr-q-status').textContent()).toBe(strings.no_questions);
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);

    // Nothing filled in: every field says what it needs, and the alert says so to screen readers.
    await panel.getByRole('button', { name: strings.send_question }).click();
    const alert = panel.getByRole('alert');
    expect(await alert.textContent()).toBe(strings.question_check);
    expect(await panel.getByLabel(strings.question).getAttribute('aria-invalid')).toBe('true');
    expect(await panel.locator('#vr-q-question-error').textContent()).toBe(strings.question_required);
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);

    await panel.getByLabel(strings.name).fill('Rosa Lima');
    await panel.getByLabel(strings.email).fill('rosa@example.com');
    await panel.getByLabel(strings.question).fill(QUESTION);
    expect(await panel.getByLabel(strings.question).getAttribute('aria-invalid')).toBeNull();
    await panel.getByRole('button', { name: strings.send_question }).click();
    await panel.getByRole('status').filter({ hasText: strings.question_sent }).waitFor();
    expect(await panel.getByLabel(strings.question).inputValue()).toBe('');
    expect(await alert.isHidden()).toBe(true);
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);
    // The disclosure closes again.
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await widget.locator('.vr-questions').count()).toBe(0);

    // The merchant answers and publishes on /questions.
    const context = await signedInContext(browser, server.url, token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watch(page);
    await page.goto('/questions');
    await waitForHydration(page, '[data-testid="questions-search"]');
    const card = page.getByTestId('question-card').filter({ hasText: QUESTION });
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('pending');
    expect(await card.textContent()).toContain('rosa@example.com');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await card.getByLabel(en.answer.label).fill(ANSWER);
    await expectToast(page, 'success', en.answer.saved, () => card.getByTestId('question-answer-publish').click());
    await page.waitForSelector('[data-testid="question-card"][data-status="published"]');
    expect(await card.getByTestId('question-answer-text').textContent()).toBe(ANSWER);
    expect(await card.getByTestId('question-status').textContent()).toBe(en.status.published);
    // The filter shows it among the published.
    await page.getByTestId('questions-filter').locator('[data-value="published"]').click();
    await page.getByTestId('questions-filter').locator('[data-value="published"][aria-checked="true"]').waitFor();
    await page.waitForSelector('[data-testid="questions-list"]:not([aria-busy])');
    expect(await page.getByTestId('question-card').evaluateAll((cards) => cards.map((c) => c.dataset.status))).toEqual([
      'published',
    ]);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await context.close();

    // The asker is mailed the answer.
    const mails = mailsTo(mailOf(testEnv), 'rosa@example.com');
    for (let tries = 0; !mails.length && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails.push(...mailsTo(mailOf(testEnv), 'rosa@example.com'));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(QUESTION);
    expect(mails[0].text).toContain(ANSWER);

    // The shopper's next visit shows the answer, signed with the store's name.
    const again = (await openQuestions(shop)).panel;
    const item = again.locator('.vr-q');
    expect(await item.count()).toBe(1);
    expect(await item.locator('.vr-q-text').textContent()).toBe(QUESTION);
    expect(await item.locator('.vr-q-meta').textContent()).toContain('Rosa');
    expect(await item.locator('.vr-q-answer').textContent()).toContain(ANSWER);
    expect(await item.locator('.vr-q-answer strong').textContent()).toBe('Answer from Seeded store');
    expect(await item.textContent()).not.toContain('rosa@example.com');
    expect(await axeViolations(shop, '.video-reviews-widget')).toEqual([]);
    await shopper.close();
  });
});
