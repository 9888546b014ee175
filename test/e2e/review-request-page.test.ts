/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fixture } from '../factories/reviews.factory.js';
import { seedReviewRequest, type SeededRequest } from '../factories/review-requests.factory.js';
import { seedUser, withTestDatabase, type SeededUser } from '../factories/users.factory.js';
import { launchBrowser } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// The hosted review page on a phone (issue 24): the buyer opens the mail's five-star link, records a video with the
// camera, sends it, and sees the product done; the page and the link's other pages pass axe.

const PHONE = { width: 375, height: 667 };
const ENCRYPTION_KEY = randomBytes(32).toString('hex');

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let owner: SeededUser;
let open: SeededRequest;
let expired: SeededRequest;
let unsubscribing: SeededRequest;
const problems: string[] = [];

beforeAll(async () => {
  testEnv = await createTestEnv({ ENCRYPTION_KEY });
  owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'requests-page@example.com' });
  await withTestDatabase(testEnv.env, async (handle) => {
    const seed = (options: Parameters<typeof seedReviewRequest>[2]) =>
      seedReviewRequest(handle, owner.merchantId, { encryptionKey: ENCRYPTION_KEY, ...options });
    open = await seed({ customerName: 'Rae', customerEmail: 'rae@example.com' });
    expired = await seed({ locale: 'es', expiresAt: new Date(Date.now() - 60_000) });
    unsubscribing = await seed({ locale: 'pt' });
  });
  server = await startServerProcess(testEnv.env);
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  // The products' images, from the store's CDN (this machine has no internet).
  await context.route('https://cdn.shop.example/**', (route) =>
    route.fulfill({ contentType: 'image/jpeg', body: fixture('photo.jpg') }),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
});

afterEach(() => {
  // A CSP refusal is a console error: the page must load only what its policy allows.
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

async function phonePage(): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Layout shifts from the first paint on, as Lighthouse's CLS counts them (none after an input).
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page's scripts as the browser first loads them (files and inline), gzipped: what the budget counts. */
async function firstLoadScriptBytes(page: Page): Promise<number> {
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([type="application/json"])')].map((script) => ({
      src: script.getAttribute('src') ? (script as HTMLScriptElement).src : '',
      text: script.textContent ?? '',
    })),
  );
  let bytes = 0;
  for (const script of scripts) {
    const code = script.src ? Buffer.from(await (await fetch(script.src)).arrayBuffer()) : Buffer.from(script.text);
    bytes += gzipSync(code, { level: 9 }).length;
  }
  return bytes;
}

describe('the hosted review page at 375 px', () => {
  it('opens with the mail’s star, records a video with the camera, sends it, and shows the product done', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/r/${open.token}?rating=5`);
    const form = page.locator('#slot-0 .vr-form');
    await form.waitFor();
    expect(await form.locator('input[name="rating"][value="5"]').isChecked()).toBe(true);
    expect(await form.locator('input[name="customer_name"]').inputValue()).toBe('Rae');
    expect(await form.locator('input[name="customer_email"]').count()).toBe(0);
    // The page leads with the video: the camera's button has the focus.
    expect(
      await form.locator('.vr-record').evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el),
    ).toBe(true);
    // The second product waits behind its button.
    expect(await page.locator('#open-1').isVisible()).toBe(true);
    await expectAccessible(page);

    const js = await firstLoadScriptBytes(page);
    console.log(`Hosted review page: first-load JavaScript ${js} B gzip (budget 61440 B)`);
    expect(js).toBeLessThanOrEqual(60 * 1024);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);

    await form.locator('.vr-record').click();
    const live = form.locator('.vr-live');
    await live.evaluate(
      (video: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          const check = () => video.currentTime >= 0.5 && resolve();
          video.addEventListener('timeupdate', check);
          check();
        }),
    );
    await form.locator('.vr-stop').click();
    await form.locator('.vr-replay').waitFor();
    await form.locator('textarea[name="comment"]').fill('Recorded on my phone');
    await form.locator('.vr-submit').click();
    await page.locator('#slot-0 .vr-thanks').waitFor();
    expect(await page.locator('#state-0').textContent()).toBe('✓ Reviewed');
    expect(await page.locator('#product-0').getAttribute('class')).toBe('product done');

    // The review is the merchant's to moderate: pending, a verified purchase, with the buyer's address.
    const res = await fetch(`${server.url}/api/reviews/?status=pending`, {
      headers: { authorization: `JWT ${owner.accessToken}` },
    });
    const list = (await res.json()) as {
      results: Array<{ comment: string; verified_purchase: boolean; customer: { email: string }; rating: number }>;
    };
    expect(list.results).toEqual([
      expect.objectContaining({
        comment: 'Recorded on my phone',
        verified_purchase: true,
        customer: expect.objectContaining({ email: 'rae@example.com' }),
        rating: 5,
      }),
    ]);

    // Back later: the product shows done with the review, and the other one's form is open.
    await page.goto(`${server.url}/r/${open.token}`);
    expect(await page.locator('#state-0').textContent()).toBe('✓ Reviewed');
    expect(await page.locator('#product-0').textContent()).toContain('Recorded on my phone');
    expect(await page.locator('#slot-0').count()).toBe(0);
    await page.locator('#slot-1 .vr-form').waitFor();
    // Cancelled, it folds behind its button, which opens it again.
    await page.locator('#slot-1 .vr-cancel').click();
    await page.locator('#open-1').click();
    await page.locator('#slot-1 .vr-form').waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('explains an expired link, in the request’s language, accessibly', async () => {
    const page = await phonePage();
    const res = await page.goto(`${server.url}/r/${expired.token}`);
    expect(res?.status()).toBe(410);
    // The browser reports the page's own status; nothing else may fail.
    expect(problems.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 410 (Gone)']);
    expect(await page.locator('h1').textContent()).toBe('Este enlace caducó');
    await expectAccessible(page);
    await page.close();
  });

  it('unsubscribes in one click, and resubscribes, accessibly', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/u/${unsubscribing.token}`);
    expect(await page.locator('h1').textContent()).toBe('Você cancelou a inscrição');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Inscrever-me de novo' }).click();
    await page.locator('h1', { hasText: 'Você está inscrito de novo' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });
});
