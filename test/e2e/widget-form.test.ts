/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { TPage, TReview } from '../../shared/reviews.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { WIDGET_LAYOUTS, type TWidgetSettingsInput } from '../../shared/widgets.js';
import dashboardEn from '../../web/i18n/reviews/en.json' with { type: 'json' };
import { fixture } from '../factories/reviews.factory.js';
import { seedUser } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import { callApi } from '../support/server-api.js';
import { launchBrowser, waitForHydration } from '../support/browser.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// The shopper's review form on a phone and with the camera (issue 23): where its errors show and when they go, the
// upload bar, field sizes iOS does not zoom into, star targets a thumb can hit, and a recording the shopper can watch
// before sending, stopped at the server's limit.

const POSTER: FakeProduct = { id: 'poster-1', name: 'Poster' };
const en = WIDGET_STRINGS.en;
const PHONE = { width: 375, height: 667 };

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
const problems: string[] = [];

const api = <T>(path: string, body?: unknown) => callApi<T>(server.url, token, path, body);

const saveSettings = (patch: TWidgetSettingsInput) => api('/api/widgets/global-settings/', patch);

async function shopperPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

/** The product page with the form open. */
async function openForm(page: Page): Promise<Locator> {
  await page.goto(store.url + store.path('plain', POSTER));
  const widget = page.locator('.video-reviews-widget');
  await widget.locator('.vr-write').click();
  const form = widget.locator('.vr-form');
  await form.waitFor();
  return form;
}

/** What has the focus inside the widget's shadow root, by its class or name. */
const focused = (form: Locator) =>
  form.evaluate((el) => {
    const active = (el.getRootNode() as ShadowRoot).activeElement;
    return active?.getAttribute('name') ?? active?.className ?? null;
  });

const alertText = (form: Locator) =>
  form.locator('.vr-error').evaluate((el: HTMLElement) => (el.hidden ? '' : el.textContent));

/** The live picture has run half a second (the fake camera's, on the page's own media clock): there is something to keep. */
const cameraRolling = (form: Locator) =>
  form.locator('.vr-live').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        const check = () => video.currentTime >= 0.5 && resolve();
        video.addEventListener('timeupdate', check);
        check();
      }),
  );

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('.video-reviews-widget').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'form@example.com' });
  token = owner.accessToken;
  server = await startServerProcess(testEnv.env);
  const res = await fetch(`${server.url}/api/installation/snippet/`, {
    headers: { authorization: `JWT ${owner.accessToken}` },
  });
  store = await startFakeStorefront(((await res.json()) as { snippet: string }).snippet);
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
});
afterEach(() => expect(problems.splice(0)).toEqual([]));

describe('the review form on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let form: Locator;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    page = await shopperPage(context);
    form = await openForm(page);
  });
  afterAll(() => context.close());

  it('brings the error summary into view and focuses it after a submit with errors', async () => {
    await form.locator('input[name="customer_name"]').fill('Sam Shopper');
    await form.locator('input[name="customer_email"]').fill('sam@');
    await form.locator('input[name="rating"][value="4"]').check({ force: true });
    // The button is a screen below the summary on a phone.
    await form.locator('.vr-submit').scrollIntoViewIfNeeded();
    await form.locator('.vr-submit').click();
    await form.locator('.vr-error', { hasText: en.check_fields }).waitFor();
    expect(await focused(form)).toBe('vr-error');
    const box = await form.locator('.vr-error').evaluate((el) => {
      const { top, bottom } = el.getBoundingClientRect();
      return { top, bottom, height: innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    expect(await form.locator('#vr-customer_email-error').textContent()).toBe(en.invalid_email);
    // Without a video or photo, the review's text is what it needs (the store takes reviews with only stars and text).
    expect(await form.locator('#vr-comment-error').textContent()).toBe(en.comment_required);
    expect(await form.locator('#vr-media-error').textContent()).toBe('');
  });

  it('updates a marked field’s message as it is typed, gone once the field is right', async () => {
    const email = form.locator('input[name="customer_email"]');
    await email.fill('');
    await form.locator('#vr-customer_email-error', { hasText: en.email_required }).waitFor();
    await email.fill('sam@example');
    await form.locator('#vr-customer_email-error', { hasText: en.invalid_email }).waitFor();
    await email.fill('sam@example.com');
    await form.locator('#vr-customer_email-error:empty').waitFor({ state: 'attached' });
    expect(await email.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the summary while a field is marked, and drops it once the last one is fixed', async () => {
    await form.locator('input[name="customer_email"]').fill('sam@example.com');
    // The text (or a video or photo instead) is still missing: the summary stays.
    expect(await alertText(form)).toBe(en.check_fields);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: fixture('photo.jpg') });
    await form.locator('.vr-file-name', { hasText: 'photo.jpg' }).waitFor();
    await form.locator('.vr-error[hidden]').waitFor({ state: 'attached' });
    expect(await alertText(form)).toBe('');
    expect(await form.locator('#vr-media-error').textContent()).toBe('');
    expect(await form.locator('#vr-comment-error').textContent()).toBe('');
  });

  it('sizes every field at 16 px or more, so iOS does not zoom, and each star as a 44 × 44 px target', async () => {
    const sizes = await form.evaluate((el) =>
      [...el.querySelectorAll('input, textarea, select')].map((field) => [
        field.getAttribute('name') ?? field.tagName,
        parseFloat(getComputedStyle(field).fontSize),
      ]),
    );
    expect(sizes.length).toBeGreaterThan(8);
    expect(sizes.filter(([, size]) => (size as number) < 16)).toEqual([]);

    const stars = form.locator('.vr-star');
    expect(await stars.count()).toBe(5);
    for (let i = 0; i < 5; i += 1) {
      for (const target of [stars.nth(i), stars.nth(i).locator('input')]) {
        const box = (await target.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    }
    // A tap near a star's corner still chooses it.
    await stars.nth(1).tap({ position: { x: 3, y: 3 } });
    expect(await form.locator('input[name="rating"]:checked').getAttribute('value')).toBe('2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await expectAccessible(page);
  });
});

describe('the upload bar', () => {
  it('fills its whole height as the upload goes', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await shopperPage(context);
    const form = await openForm(page);
    await form.locator('input[name="customer_name"]').fill('Una Upload');
    await form.locator('input[name="customer_email"]').fill('una@example.com');
    await form.locator('input[name="rating"][value="5"]').check({ force: true });
    // A photo large enough to take a few seconds on the slow uplink below.
    const noise = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: noise });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 1_000_000,
      uploadThroughput: 60_000,
    });
    await form.locator('.vr-submit').click();
    // Part way: the fill (the bar's first part) is drawn, and as tall as its bar.
    await page.waitForFunction(() => {
      const bar = document.querySelector('.video-reviews-widget')!.shadowRoot!.querySelector('.vr-progress');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      // Its width follows with a short transition.
      const drawn = bar?.firstElementChild?.getBoundingClientRect().width;
      return bar && !(bar as HTMLElement).hidden && value > 0 && value < 100 && drawn;
    });
    const [bar, fill] = await form
      .locator('.vr-progress')
      .evaluate((el) => [el, el.firstElementChild!].map((part) => part.getBoundingClientRect().toJSON()));
    expect(fill.width).toBeGreaterThan(0);
    expect(fill.top).toBe(bar.top);
    expect(fill.height).toBe(bar.height);
    expect(bar.height).toBeGreaterThanOrEqual(20);
    // Cancel aborts it: nothing is stored.
    await form.locator('.vr-cancel').click();
    await page.locator('.video-reviews-widget .vr-form').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('a camera recording', () => {
  it('shows the time left, stops at the server’s limit, and can be watched and recorded again before sending', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['camera', 'microphone'], { origin: store.url });
    const page = await shopperPage(context);
    // The page's clock is the test's: the recorder's three minutes pass when the test says, and never otherwise.
    await page.clock.install();
    const form = await openForm(page);
    await form.locator('input[name="customer_name"]').fill('Rae Recorder');
    await form.locator('input[name="customer_email"]').fill('rae@example.com');
    await form.locator('input[name="rating"][value="5"]').check({ force: true });
    await form.locator('.vr-submit').click();
    await form.locator('.vr-error', { hasText: en.check_fields }).waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    const left = (time: string) => en.time_left.replace('{time}', time);
    await form.locator('.vr-record').click();
    await form.locator('.vr-stop').waitFor();
    await cameraRolling(form);
    const timer = form.locator('.vr-timer');
    expect(await timer.getAttribute('role')).toBe('timer');
    // The server takes videos of up to 180 s (MEDIA_MAX_DURATION_S): a recording stops a second before.
    expect(await timer.textContent()).toBe(left('2:59'));
    await page.clock.runFor(60_000);
    expect(await timer.textContent()).toBe(left('1:59'));
    await page.clock.runFor(118_000);
    expect(await timer.textContent()).toBe(left('0:01'));
    expect(await form.locator('.vr-stop').isVisible()).toBe(true);
    await page.clock.runFor(1000);
    // It stops on its own, and shows what was recorded.
    await form.locator('.vr-replay').waitFor();
    expect(await form.locator('.vr-stop').isVisible()).toBe(false);
    expect(await timer.isVisible()).toBe(false);
    expect(await form.locator('.vr-recording').textContent()).toBe(en.limit_reached.replace('{time}', '2:59'));
    expect(await form.locator('.vr-file-name').textContent()).toBe('review.webm');
    // The recording fixes the last marked field: the summary goes.
    expect(await alertText(form)).toBe('');

    // Time runs again (axe's own timers need it); the next recording is three minutes from any limit.
    await page.clock.resume();

    // The shopper can watch it before sending.
    const replay = form.locator('.vr-replay');
    expect(await replay.getAttribute('aria-label')).toBe(en.your_recording);
    expect(await replay.evaluate((video: HTMLVideoElement) => video.controls && video.src.startsWith('blob:'))).toBe(
      true,
    );
    const first = await replay.evaluate((video: HTMLVideoElement) => video.src);
    const played = await replay.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play().then(() => !video.paused);
    });
    expect(played).toBe(true);
    await expectAccessible(page);

    // And record again, stopping by hand this time; the clock held again, so a slow machine reads the same time.
    const again = form.locator('.vr-record');
    expect(await again.textContent()).toBe(en.record_again);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await again.click();
    await form.locator('.vr-stop').waitFor();
    await cameraRolling(form);
    expect(await replay.isVisible()).toBe(false);
    expect(await timer.textContent()).toBe(left('2:59'));
    await page.clock.resume();
    await form.locator('.vr-stop').click();
    await form.locator('.vr-recording', { hasText: en.recording_ready }).waitFor();
    expect(await replay.isVisible()).toBe(true);
    expect(await replay.evaluate((video: HTMLVideoElement) => video.src)).not.toBe(first);
    expect(await focused(form)).toBe('vr-btn vr-record');
    await context.close();
  });
});

describe('a review with only stars and text (issue 24)', () => {
  it('leads with the video, optional, is sent without one, and shows as a card in every layout once approved', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.grantPermissions(['camera', 'microphone'], { origin: store.url });
    const page = await shopperPage(context);
    const form = await openForm(page);
    // The video is the form's first step, and has the focus; the store takes reviews without one, so it is optional.
    expect(await form.locator('.vr-field').first().getAttribute('aria-labelledby')).toBe('vr-media-label');
    expect(await form.locator('#vr-media-label').textContent()).toBe(en.media_optional);
    expect(await focused(form)).toBe('vr-btn vr-record');

    await form.locator('input[name="customer_name"]').fill('Tom Text');
    await form.locator('input[name="customer_email"]').fill('tom@example.com');
    await form.locator('input[name="rating"][value="4"]').check({ force: true });
    await form.locator('textarea[name="comment"]').fill('Sturdy paper, bright colours.');
    const sent = page.waitForResponse((res) => res.url().endsWith('/api/reviews/upload/'));
    await form.locator('.vr-submit').click();
    expect((await sent).status()).toBe(201);
    await page.locator('.video-reviews-widget .vr-thanks').waitFor();
    await context.close();

    // Pending, with no media to wait for.
    const pending = (await api<TPage<TReview>>('/api/reviews/?status=pending&search=tom text')).results;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ rating: 4, video_url: null, photo_url: null, media_state: 'ready' });
    // The merchant sees it in the reviews list, marked as a text review, and approves it.
    const dashboard = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await dashboard.addCookies([
      { name: 'access_token', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    // Not watched for console lines: the product's picture is on the fake storefront's made-up CDN.
    const merchant = await dashboard.newPage();
    await merchant.goto('/reviews');
    await waitForHydration(merchant, '[data-testid="reviews-search"]');
    const row = merchant.locator('[data-testid="review-row"]', { hasText: 'Tom Text' });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('pending');
    expect(await row.getByTestId('review-text-only').getAttribute('title')).toBe(dashboardEn.textOnly);
    expect(await row.getByTestId('review-media').count()).toBe(0);
    expect(await row.getByTestId('media-state').count()).toBe(0);
    await row.getByTestId('approve-review').click();
    await merchant.locator('[data-testid="review-row"][data-status="approved"]', { hasText: 'Tom Text' }).waitFor();
    await dashboard.close();

    try {
      for (const layout of WIDGET_LAYOUTS) {
        await saveSettings({ layout });
        const shopper = await shopperPage(await browser.newContext({ viewport: PHONE }));
        await shopper.goto(store.url + store.path('plain', POSTER));
        const card = shopper.locator(`.video-reviews-widget .vr-tile[data-review-id="${pending[0].id}"]`);
        await card.waitFor();
        // A card with stars, name, date and text: no player, no picture.
        expect(await card.evaluate((el) => el.classList.contains('vr-text'))).toBe(true);
        expect(await card.locator('.vr-media, video, img').count()).toBe(0);
        expect(await card.locator('.vr-stars').getAttribute('aria-label')).toBe(en.stars.replace('{n}', '4'));
        expect(await card.locator('.vr-name').textContent()).toBe('Tom Text');
        expect(await card.locator('.vr-comment').textContent()).toBe('Sturdy paper, bright colours.');
        expect(await card.locator('time.vr-date').count()).toBe(1);
        if (layout === 'grid') {
          // Marked up as a schema.org Review without a VideoObject, once the JSON-LD chunk has written it.
          await shopper.locator('script[data-video-reviews-jsonld]').waitFor({ state: 'attached' });
          const [ld] = await shopper.evaluate(() =>
            [...document.querySelectorAll('script[data-video-reviews-jsonld]')].map(
              (script) => JSON.parse(script.textContent ?? '') as { review: Array<Record<string, unknown>> },
            ),
          );
          expect(ld.review).toEqual([
            {
              '@type': 'Review',
              author: { '@type': 'Person', name: 'Tom Text' },
              datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
              reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
              reviewBody: 'Sturdy paper, bright colours.',
            },
          ]);
          // The card opens the review, named for what it is.
          await card.click();
          const modal = shopper.locator('.video-reviews-widget .vr-modal');
          await modal.waitFor();
          expect(await modal.getAttribute('aria-label')).toBe(en.read_review.replace('{name}', 'Tom Text'));
          await shopper.keyboard.press('Escape');
          await modal.waitFor({ state: 'detached' });
        }
        await expectAccessible(shopper);
        await shopper.context().close();
      }
    } finally {
      await saveSettings({ layout: 'grid' });
    }
  }, 120_000);

  it('still needs a video or a photo where the store takes no review without one', async () => {
    await saveSettings({ accept_text_reviews: false });
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const page = await shopperPage(context);
      const form = await openForm(page);
      expect(await form.locator('#vr-media-label').textContent()).toBe(en.media);
      await form.locator('input[name="customer_name"]').fill('Nora Nofile');
      await form.locator('input[name="customer_email"]').fill('nora@example.com');
      await form.locator('input[name="rating"][value="5"]').check({ force: true });
      await form.locator('textarea[name="comment"]').fill('Words alone');
      await form.locator('.vr-submit').click();
      await form.locator('.vr-error', { hasText: en.check_fields }).waitFor();
      expect(await form.locator('#vr-media-error').textContent()).toBe(en.media_required);
      expect(await form.locator('#vr-comment-error').textContent()).toBe('');
    } finally {
      await context.close();
      await saveSettings({ accept_text_reviews: true });
    }
  });
});
