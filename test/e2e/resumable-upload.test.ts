/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import type { TPage, TReview } from '../../shared/reviews.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { fixture } from '../factories/reviews.factory.js';
import { seedUser } from '../factories/users.factory.js';
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from '../fakes/storefront.js';
import { launchBrowser } from '../support/browser.js';
import { getByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { JWT_SECRET, createTestEnv, type TestEnv } from '../support/test-env.js';

// A shopper's video sent as a resumable upload from the widget's form, through what phones live with: a connection
// that drops in the middle, and a page reloaded half way. It arrives whole either way, as one review.

const en = WIDGET_STRINGS.en;
/** The form's chunk size: the video spans three of them. */
const CHUNK = 4 * 1024 * 1024;
const PRODUCT: FakeProduct = { id: 'tent-2', name: 'Trail Tent' };

let testEnv: TestEnv;
let server: ServerProcess;
let store: FakeStorefront;
let browser: Browser;
let token: string;
const dir = mkdtempSync(join(tmpdir(), 'resumable-e2e-'));
/** An MP4 (its first bytes are a real one's, which is what the server checks) of 10 MB. */
const video = Buffer.concat([fixture('review.mp4'), randomBytes(10 * 1024 * 1024)]);
const videoPath = join(dir, 'VID_20260101.mp4');
writeFileSync(videoPath, video);

beforeAll(async () => {
  testEnv = await createTestEnv();
  const owner = await seedUser(testEnv.env, JWT_SECRET, { email: 'resumable@example.com' });
  token = owner.accessToken;
  server = await startServerProcess(testEnv.env);
  const snippet = (await api<{ snippet: string }>('/api/installation/snippet/')).snippet;
  store = await startFakeStorefront(snippet);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
  await testEnv?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const api = <T>(path: string) => getByApi<T>(server.url, token, path);

/** The store's reviews by this shopper, and the bytes of the video each one holds. */
async function reviewsBy(name: string): Promise<Array<{ review: TReview; bytes: Buffer }>> {
  const { results } = await api<TPage<TReview>>(`/api/reviews/?search=${encodeURIComponent(name)}&page_size=100`);
  return Promise.all(
    results.map(async (review) => ({
      review,
      bytes: Buffer.from(await (await fetch(new URL(review.video_url!, server.url))).arrayBuffer()),
    })),
  );
}

const host = (page: Page) => page.locator('.video-reviews-widget');
const form = (page: Page) => host(page).locator('.vr-form');

async function openForm(page: Page): Promise<void> {
  await page.goto(store.url + store.path('plain', PRODUCT));
  await host(page).locator('.vr-write').click();
  await form(page).waitFor();
}

async function fillForm(page: Page, name: string): Promise<void> {
  await form(page).locator('input[name="customer_name"]').fill(name);
  await form(page).locator('input[name="customer_email"]').fill('hiker@example.com');
  await form(page).locator('input[name="rating"][value="4"]').check({ force: true });
  await form(page).locator('textarea[name="comment"]').fill('Pitched it in the rain');
  await form(page).locator('input[type="file"]').setInputFiles(videoPath);
}

/** Every text the progress bar shows, recorded as it changes (polling could miss them). */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.querySelector('.video-reviews-widget')!.shadowRoot!;
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = root.querySelector('.vr-progress-text')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

/** The tus requests the page makes, with their method and Upload-Offset. */
function tusRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().includes('/api/reviews/uploads/') || request.method() === 'OPTIONS') return;
    const offset = request.headers()['upload-offset'];
    seen.push(offset === undefined ? request.method() : `${request.method()} ${offset}`);
  });
  return seen;
}

describe('a shopper uploading a video from the widget', () => {
  it('loses the connection mid-upload, and the form resumes by itself and sends the whole video', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = tusRequests(page);
    // The second chunk's connection breaks.
    let patches = 0;
    await page.route('**/api/reviews/uploads/*/', (route: Route) => {
      if (route.request().method() === 'PATCH' && (patches += 1) === 2) return route.abort('connectionreset');
      return route.continue();
    });
    await openForm(page);
    await fillForm(page, 'Dora Dropped');
    await recordProgress(page);
    await form(page).locator('button[type="submit"]').click();
    await host(page).locator('.vr-thanks').waitFor({ timeout: 60_000 });

    // It said so, waited, asked the server where it stood and went on from there.
    const texts = await progressSeen(page);
    expect(texts).toContain(en.reconnecting.replace('{n}', '1'));
    expect(texts.some((text) => /\b([1-9]\d?)%/.test(text))).toBe(true);
    expect(requests).toEqual(['POST', 'PATCH 0', `PATCH ${CHUNK}`, 'HEAD', `PATCH ${CHUNK}`, `PATCH ${2 * CHUNK}`]);

    const [sent, ...more] = await reviewsBy('Dora Dropped');
    expect(more).toEqual([]);
    expect(sent.review).toMatchObject({ rating: 4, comment: 'Pitched it in the rain', status: 'pending' });
    expect(sent.bytes.equals(video)).toBe(true);
    // Nothing of it is left for the next visit.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('vr:')))).toEqual([]);
    await context.close();
  });

  it('reloads the page mid-upload, keeps what was typed, and resumes once the same file is chosen', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = tusRequests(page);
    // The first chunk goes through; the second hangs until the shopper reloads, and never reaches the server (taking
    // the route away would let it go on while the reload loads, and the old page could finish the upload).
    let patches = 0;
    let reloaded = false;
    await page.route('**/api/reviews/uploads/*/', (route: Route) => {
      if (!reloaded && route.request().method() === 'PATCH' && (patches += 1) > 1) return;
      return route.continue();
    });
    await openForm(page);
    await fillForm(page, 'Rita Reloaded');
    const firstChunk = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.status() === 204);
    await form(page).locator('button[type="submit"]').click();
    await firstChunk;
    await page.reload();
    reloaded = true;

    await host(page).locator('.vr-write').click();
    await form(page).waitFor();
    expect(await form(page).locator('input[name="customer_name"]').inputValue()).toBe('Rita Reloaded');
    expect(await form(page).locator('input[name="customer_email"]').inputValue()).toBe('hiker@example.com');
    expect(await form(page).locator('input[name="rating"]:checked').getAttribute('value')).toBe('4');
    expect(await form(page).locator('textarea[name="comment"]').inputValue()).toBe('Pitched it in the rain');
    const percent = Math.floor((CHUNK * 100) / video.length);
    expect(await form(page).locator('.vr-hint').textContent()).toBe(
      en.resume_hint.replace('{name}', 'VID_20260101.mp4').replace('{n}', String(percent)),
    );

    requests.length = 0;
    await form(page).locator('input[type="file"]').setInputFiles(videoPath);
    expect(await form(page).locator('.vr-hint').isHidden()).toBe(true);
    await recordProgress(page);
    await form(page).locator('button[type="submit"]').click();
    await host(page).locator('.vr-thanks').waitFor({ timeout: 60_000 });
    // No new upload: the one started before the reload, from where the server stood (the chunk the reload cut off
    // may have left some of its bytes there too).
    const [asked, ...chunks] = requests;
    expect(asked).toBe('HEAD');
    const offsets = chunks.map((chunk) => Number(/^PATCH (\d+)$/.exec(chunk)![1]));
    expect(offsets[0]).toBeGreaterThanOrEqual(CHUNK);
    expect(offsets.slice(1)).toEqual(offsets.slice(0, -1).map((offset) => offset + CHUNK));
    expect(Number((await progressSeen(page))[0].match(/\d+/)![0])).toBeGreaterThanOrEqual(percent);

    const [sent, ...more] = await reviewsBy('Rita Reloaded');
    expect(more).toEqual([]);
    expect(sent.bytes.equals(video)).toBe(true);
    await context.close();
  });
});
