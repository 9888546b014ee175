/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { TAuthResponse, TUser } from '../../shared/accounts.js';
import type { TApiKeyCreated } from '../../shared/api-keys.js';
import type { TWebhookEndpointCreated } from '../../shared/webhook-endpoints.js';
import { COOKIES, type TTheme } from '../../shared/constants.js';
import { insertDatedReviews, insertSessionDays, type DatedReview } from '../factories/analytics.factory.js';
import { createSeededUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import { animationsDone, launchBrowser, waitForHydration } from '../support/browser.js';
import {
  DASHBOARD_VIEWS,
  WALK_DARK_WIDTHS,
  WALK_THEMES,
  WALK_WIDTHS,
  pathOf,
  type DashboardSeedLinks,
  type DashboardView,
  type TPageViewer,
} from '../support/dashboard-views.js';
import { mailOf, waitForLink } from '../support/mailbox.js';
import { uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, JWT_SECRET, type TestEnv } from '../support/test-env.js';

// Every page and dialog of the dashboard, at a phone's, a tablet's and a desktop's width in the light theme, and at
// the phone's and the desktop's in the dark one: no axe violation of WCAG 2.1 A/AA, no sideways scroll, no console
// error.

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe-core comes with every page load (an init script, parsed once), so AxeBuilder only has to run it: its own
 * injection parses the 600 KB script twice per check, most of this suite's time. Same-origin frames only.
 */
const AXE_LOADED = ';';

let stripe: FakeStripe;
let bigcommerce: FakeBigCommerce;
let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
/** Who signs in as each viewer; every tab signs in through the API, so it holds a refresh token as a browser does. */
const accounts = {} as Record<Exclude<TPageViewer, 'visitor'>, { email: string; password: string; access: string }>;
const links = {} as DashboardSeedLinks;

/** Reviews over the last month on five products, within the Free plan: 5 approved (its limit), the rest waiting. */
function datedReviews(): DatedReview[] {
  const products = ['Linen Shirt', 'Trail Boots', 'Canvas Tote', 'Wool Scarf', 'Desk Lamp'];
  return Array.from({ length: 24 }, (_, i) => ({
    product: products[i % products.length],
    daysAgo: (i * 5) % 40,
    status: i < 5 ? 'approved' : i < 9 ? 'rejected' : 'pending',
    rating: 1 + (i % 5),
    deleted: i === 23,
  }));
}

async function api<T>(token: string, method: string, path: string, body?: unknown, headers = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie: `${COOKIES.access}=${token}`,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function signIn({ email, password }: { email: string; password: string }): Promise<TAuthResponse> {
  const res = await fetch(`${server.url}/api/auth/token-obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TAuthResponse;
}

async function invite(email: string): Promise<string> {
  await api(accounts.owner.access, 'POST', '/api/auth/invitations/', { email });
  const link = await waitForLink(mailOf(testEnv), email, '/register');
  return new URL(link).searchParams.get('token')!;
}

async function resetCode(email: string): Promise<string> {
  await api(accounts.owner.access, 'POST', '/api/auth/users/forgot-password/', { email });
  const link = await waitForLink(mailOf(testEnv), email, '/reset-password');
  return new URL(link).searchParams.get('code')!;
}

async function seedMember(): Promise<(typeof accounts)['member']> {
  const email = 'member@walk.example';
  const password = 'member-pass-1';
  const token = await invite(email);
  const res = await fetch(`${server.url}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token, password, first_name: 'Mia', last_name: 'Lopes' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return { email, password, access: ((await res.json()) as TAuthResponse).access };
}

async function seedSubscription(): Promise<void> {
  const plans = await api<{ results: Array<{ id: string; code: string }> }>(
    accounts.subscriber.access,
    'GET',
    '/api/billing/plans/?status=active',
  );
  const starter = plans.results.find((plan) => plan.code === 'starter')!;
  const session = await api<{ id: string }>(
    accounts.subscriber.access,
    'POST',
    '/api/billing/checkout/create-checkout-session/',
    {
      product_id: starter.id,
      platform: 'stripe',
      success_url: `${server.url}/billing/success`,
      cancel_url: `${server.url}/billing/cancel`,
      quantity: 1,
    },
    { 'X-Payment-Platform': 'stripe' },
  );
  await stripe.completeCheckout(session.id);
}

async function seedBigCommerce(): Promise<void> {
  const store = bigcommerce.addStore({ name: 'Canvas Goods' });
  await api(accounts.bigcommerce.access, 'POST', '/api/auth/bigcommerce/connect/', {
    client_id: store.clientId,
    store_hash: store.hash,
    access_token: store.accessToken,
  });
}

async function seedMedia(owner: SeededUser): Promise<void> {
  const me = await api<TUser>(owner.accessToken, 'GET', '/api/auth/users/me/');
  const fields = { merchant_id: me.merchant!.store_id, product_id: 'trail-boots', product_name: 'Trail Boots' };
  await uploadByApi(
    server.url,
    { ...fields, customer_name: 'Zoe Marchetti', rating: '5', comment: 'Comfortable from the first day.' },
    { photo: ['photo.jpg', 'image/jpeg'] },
  );
  await uploadByApi(
    server.url,
    { ...fields, customer_name: 'Bruno Alves', rating: '4', comment: 'Good grip on wet rocks.' },
    { video: ['review.mp4', 'video/mp4'], thumbnail: ['thumbnail.jpg', 'image/jpeg'] },
  );
}

/** Questions and answers (issue 25): one pending with a filter's flag, one answered and published. */
async function seedQuestions(owner: SeededUser): Promise<void> {
  const me = await api<TUser>(owner.accessToken, 'GET', '/api/auth/users/me/');
  const ask = async (question: string) => {
    const res = await fetch(`${server.url}/api/questions/public/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant_id: me.merchant!.store_id,
        product_id: 'trail-boots',
        product_name: 'Trail Boots',
        name: 'Ines Duarte',
        email: 'ines@walk.example',
        question,
      }),
    });
    if (res.status !== 201) throw new Error(`asking answered ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  };
  await ask('Do they run small? Call me on 415 555 0100.');
  const answered = await ask('Are they waterproof?');
  await api(accounts.owner.access, 'PUT', `/api/questions/${answered}/answer/`, { text: 'Yes.', publish: true });
}

/**
 * A scheduled request (its row and actions), an address on the do-not-mail list (its remove dialog) and an incentive.
 */
async function seedReviewRequests(): Promise<void> {
  await api(accounts.owner.access, 'POST', '/api/review-requests/', {
    customer_email: 'lena@walk.example',
    customer_name: 'Lena Park',
    locale: 'en',
    order_id: 'W-1001',
    products: [{ id: 'trail-boots', name: 'Trail Boots' }],
  });
  await api(accounts.owner.access, 'POST', '/api/review-requests/suppressions/', { email: 'noreply@walk.example' });
  // The settings' incentive on, so its fields are drawn (read-only for the member).
  await api(accounts.owner.access, 'PUT', '/api/review-requests/settings/', {
    incentive: { reward: 'photo', code_source: 'fixed', fixed_code: 'WALK10' },
  });
}

/** An API key used once (its last use drawn), and a revoked one beside it. */
async function seedApiKeys(): Promise<void> {
  const create = (name: string) =>
    api<TApiKeyCreated>(accounts.owner.access, 'POST', '/api/api-keys/', { name, scopes: ['analytics:read'] });
  const { id } = await create('Old sync');
  await api(accounts.owner.access, 'DELETE', `/api/api-keys/${id}/`);
  const { key } = await create('Inventory sync');
  const res = await fetch(`${server.url}/api/insights/`, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`a call with the key answered ${res.status}`);
}

/**
 * Two webhook endpoints: one turned off, one with a test event in its log. The event goes to the app itself, which
 * refuses it: the log shows an answer's code and excerpt, and a retry to come.
 */
async function seedWebhooks(): Promise<void> {
  const create = (path: string, description: string) =>
    api<TWebhookEndpointCreated>(accounts.owner.access, 'POST', '/api/webhook-endpoints/', {
      url: `${server.url}${path}`,
      description,
      events: ['review.created', 'review.published'],
    });
  const off = await create('/hooks/old', 'Old system');
  await api(accounts.owner.access, 'PATCH', `/api/webhook-endpoints/${off.id}/`, { enabled: false });
  const { id } = await create('/hooks/orders', 'Order system');
  await api(accounts.owner.access, 'POST', `/api/webhook-endpoints/${id}/test/`);
}

beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: 'sk_test_walk',
    webhookSecret: 'whsec_walk',
    prices: [
      { id: 'price_starter', unitAmount: 1900, currency: 'usd', interval: 'month' },
      { id: 'price_growth', unitAmount: 4900, currency: 'usd', interval: 'month' },
      { id: 'price_scale', unitAmount: 14900, currency: 'usd', interval: 'month' },
    ],
  });
  bigcommerce = await startFakeBigCommerce();
  testEnv = await createTestEnv({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_JS_URL: stripe.jsUrl,
    STRIPE_PRICE_IDS: 'starter=price_starter,growth=price_growth,scale=price_scale',
    BIGCOMMERCE_API_URL: bigcommerce.url,
    // The webhook endpoints seeded send to the app itself.
    IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
  });
  const owner = await withTestDatabase(testEnv.env, async (handle) => {
    const seeded = await createSeededUser(handle, JWT_SECRET, { email: 'owner@walk.example', firstName: 'Olivia' });
    await insertDatedReviews(handle, seeded.merchantId, datedReviews());
    await insertSessionDays(
      handle,
      seeded.merchantId,
      Array.from({ length: 40 }, (_, daysAgo) => ({ daysAgo, views: 20 + (daysAgo % 7) * 3, carts: daysAgo % 4 })),
    );
    const subscriber = await createSeededUser(handle, JWT_SECRET, { email: 'subscriber@walk.example' });
    const bcOwner = await createSeededUser(handle, JWT_SECRET, { email: 'bc@walk.example', platform: 'bigcommerce' });
    accounts.subscriber = { email: subscriber.email, password: subscriber.password, access: subscriber.accessToken };
    accounts.bigcommerce = { email: bcOwner.email, password: bcOwner.password, access: bcOwner.accessToken };
    return seeded;
  });
  accounts.owner = { email: owner.email, password: owner.password, access: owner.accessToken };

  server = await startServerProcess(testEnv.env);
  stripe.setWebhookUrl(`${server.url}/api/webhooks/stripe/`);
  browser = await launchBrowser();
  await seedMedia(owner);
  accounts.member = await seedMember();
  links.invitationToken = await invite('invited@walk.example');
  links.resetCode = await resetCode(accounts.owner.email);
  await seedSubscription();
  await seedBigCommerce();
  await seedReviewRequests();
  await seedQuestions(owner);
  await seedApiKeys();
  await seedWebhooks();
}, 120_000);
afterAll(async () => {
  await Promise.all([...tabs.values()].map((tab) => tab.context.close()));
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
  await stripe?.close();
  await bigcommerce?.close();
});

/** One tab per viewer and theme, reused by every page it looks at; its console errors go to `problems`. */
interface Tab {
  context: BrowserContext;
  page: Page;
  problems: string[];
}
const tabs = new Map<string, Tab>();

async function tabFor(viewer: TPageViewer, theme: TTheme): Promise<Tab> {
  const key = `${viewer}:${theme}`;
  const existing = tabs.get(key);
  if (existing) return existing;
  const context = await browser.newContext({ baseURL: server.url });
  const cookies: Array<Parameters<BrowserContext['addCookies']>[0][number]> = [
    { name: COOKIES.theme, value: theme, url: server.url },
  ];
  if (viewer !== 'visitor') {
    const session = await signIn(accounts[viewer]);
    cookies.push({ name: COOKIES.access, value: session.access, url: server.url, httpOnly: true });
    cookies.push({ name: COOKIES.refresh, value: session.refresh, url: server.url, httpOnly: true });
  }
  await context.addCookies(cookies);
  await context.addInitScript({ content: axe.source });
  const page = await context.newPage();
  const tab: Tab = { context, page, problems: [] };
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') tab.problems.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => tab.problems.push(error.message));
  tabs.set(key, tab);
  return tab;
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
      return `${violation.id}: ${node.target.join(' ')}${colours}`;
    }),
  );
}

async function walk(view: DashboardView, theme: TTheme, width: number): Promise<string[]> {
  const tab = await tabFor(view.viewer, theme);
  const { page } = tab;
  await page.setViewportSize({ width, height: 800 });
  tab.problems.length = 0;
  await page.goto(pathOf(view, links));
  await waitForHydration(page, 'main');
  if (view.open) await view.open(page);
  await page.locator(view.ready).first().waitFor();
  // Away from whatever was clicked: what is under the pointer would otherwise depend on the layout.
  await page.mouse.move(0, 0);
  await animationsDone(page);

  const checker = new AxeBuilder({ page, axeSource: AXE_LOADED })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(true);
  if (view.scope) checker.include(view.scope);
  const failures = describeViolations((await checker.analyze()).violations);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  if (scroll > 0) failures.push(`scrolls sideways by ${scroll} px`);
  failures.push(...tab.problems.filter((problem) => !view.expectedErrors?.test(problem)));
  return failures;
}

describe.each(WALK_THEMES)('%s theme', (theme) => {
  describe.each(theme === 'dark' ? WALK_DARK_WIDTHS : WALK_WIDTHS)('%i px wide', (width) => {
    const views = DASHBOARD_VIEWS.filter((view) => !view.widths || view.widths.includes(width));
    it.each(views.map((view) => [view.name, view] as const))('%s', async (_name, view) => {
      expect(await walk(view, theme, width)).toEqual([]);
    });
  });
});
