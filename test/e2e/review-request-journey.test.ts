/// <reference lib="dom" />
import type { Browser, BrowserContext } from 'playwright-core';
import request from 'supertest';
import type { TReview } from '../../shared/reviews.js';
import type { TReviewRequestPage } from '../../shared/review-requests.js';
import { Clock } from '../../server/common/clock.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { ReviewRequestSender } from '../../server/review-requests/review-request-sender.service.js';
import { fixture } from '../factories/reviews.factory.js';
import { orderPayload, shopPayload, startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { PUBLIC_URL } from '../support/accounts.js';
import { launchBrowser } from '../support/browser.js';
import { freePort } from '../support/server-process.js';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../support/smtp.js';
import { inboxIdle, installedStore, shopifyEnv, type InstalledStore } from '../support/shopify.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 24's whole journey, as a buyer and a merchant live it: a Shopify order is fulfilled, the request is mailed at
// its instant in the store's time zone, the buyer taps the mail's fifth star on a phone, records a video with the
// camera and sends it; the merchant finds a pending verified review, and the buyer gets a single-use Shopify code.
// The app runs in process so its clock can move to the mail's instant without waiting.

let shopify: FakeShopify;
let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;
let browser: Browser;
let context: BrowserContext;
let now = new Date('2026-03-26T15:00:00Z');
/** Where the app listens; the mail's links name its public address, which a proxy would send here. */
let appUrl: string;

beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'journey-key', apiSecret: 'journey-secret' });
  smtp = await startSmtpServer();
  const port = await freePort();
  t = await startTestApp({
    env: {
      ...shopifyEnv(shopify),
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Video Reviews <mail@reviews.test>',
    },
  });
  t.app.get(Clock).now = () => new Date(now);
  await t.app.listen(port, '127.0.0.1');
  appUrl = `http://127.0.0.1:${port}`;
  http = request(t.app.getHttpServer());
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  await context.route('https://cdn.shopify.test/**', (route) =>
    route.fulfill({ contentType: 'image/jpeg', body: fixture('photo.jpg') }),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await shopify?.close();
  await smtp?.close();
});

async function deliver(topic: string, shop: string, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload);
  await http
    .post('/api/webhooks/shopify/')
    .set(shopify.webhookHeaders(topic, shop, body))
    .send(body)
    .expect(200);
  await inboxIdle(t);
}

/** A header of the message as the SMTP server received it (unfolded). */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

it('takes a fulfilled Shopify order to a reviewed product and a discount code, with the phone’s camera', async () => {
  const store: InstalledStore = await installedStore(t, shopify, [
    { id: '8801', title: 'Canvas Sneaker', handle: 'canvas-sneaker' },
  ]);
  await deliver(
    'shop/update',
    store.shop,
    shopPayload({ domain: store.shop, name: 'Tienda Norte', timezone: 'Europe/Madrid', locale: 'es' }),
  );
  await store.owner
    .put('/api/review-requests/settings/')
    .send({
      delay_days: 3,
      incentive: {
        reward: 'video',
        code_source: 'platform',
        value_type: 'percentage',
        value: 10,
        send_on: 'submitted',
      },
    })
    .expect(200);

  // Fulfilled on Thursday 26 March 2026 at 16:00 in Madrid (UTC+1). Summer time starts on Sunday 29 March: three days
  // later is 16:00 Madrid time again, at UTC+2 (72 hours later would be 17:00).
  const email = 'ines@example.com';
  await deliver('orders/fulfilled', store.shop, {
    ...orderPayload({
      id: 55001,
      email,
      customerId: 4401,
      firstName: 'Inés',
      lineItems: [{ productId: 8801, title: 'Canvas Sneaker' }],
      fulfillmentStatus: 'fulfilled',
      createdAt: '2026-03-26T15:00:00Z',
    }),
    customer_locale: 'es-ES',
  });
  const [scheduled] = ((await store.owner.get('/api/review-requests/').expect(200)).body as TReviewRequestPage).results;
  expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_for: '2026-03-29T14:00:00.000Z', locale: 'es' });

  now = new Date('2026-03-29T14:00:00Z');
  await t.app.get(ReviewRequestSender).dispatch();
  await t.app.get(JobQueue).settled();
  const mail = await smtp.waitForMail((received) => received.to.includes(email));
  expect(header(mail, 'From')).toMatch(/^"?Tienda Norte"? <mail@reviews\.test>$/);
  const unsubscribe = header(mail, 'List-Unsubscribe');
  expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL.replace(/\./g, '\\.')}/u/[\\w-]+>$`));
  expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const fiveStars = [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((match) => match[1].replace(/&amp;/g, '&'))
    .find((href) => /\/r\/[\w-]+\?rating=5/.test(href));
  expect(fiveStars).toBeDefined();

  // On the buyer's phone: the fifth star is chosen, the camera records, the review goes.
  const page = await context.newPage();
  const link = new URL(fiveStars!);
  expect(link.origin).toBe(PUBLIC_URL);
  await page.goto(`${appUrl}${link.pathname}${link.search}`);
  const form = page.locator('#slot-0 .vr-form');
  await form.waitFor();
  expect(await form.locator('input[name="rating"][value="5"]').isChecked()).toBe(true);
  await form.locator('.vr-record').click();
  await form.locator('.vr-live').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        const check = () => video.currentTime >= 0.5 && resolve();
        video.addEventListener('timeupdate', check);
        check();
      }),
  );
  await form.locator('.vr-stop').click();
  await form.locator('.vr-replay').waitFor();
  await form.locator('textarea[name="comment"]').fill('Comodísimas desde el primer día');
  await form.locator('.vr-submit').click();
  await page.locator('#slot-0 .vr-thanks').waitFor();
  await page.close();

  // The merchant's side: a pending review from a verified buyer, the request reviewed and opened.
  const reviews = (await store.owner.get('/api/reviews/?status=pending').expect(200)).body as { results: TReview[] };
  expect(reviews.results).toEqual([
    expect.objectContaining({ rating: 5, verified_purchase: true, comment: 'Comodísimas desde el primer día' }),
  ]);
  const [reviewed] = ((await store.owner.get('/api/review-requests/').expect(200)).body as TReviewRequestPage).results;
  expect(reviewed).toMatchObject({ status: 'reviewed', scheduled_for: null });
  expect(reviewed.opened_at).not.toBeNull();

  // The reward: one single-use code made in the Shopify store, mailed to the buyer.
  await t.app.get(JobQueue).settled();
  const [discount] = shopify.discounts(store.shop);
  expect(discount).toMatchObject({ usageLimit: 1, value: { percentage: 0.1 } });
  const reward = await smtp.waitForMail((received) => received.to.includes(email) && received !== mail);
  expect(reward.text).toContain(discount.code);
  expect(reward.subject).toMatch(/^Gracias por tu reseña/);
});
