/// <reference lib="dom" />
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TReview } from '../../shared/reviews.js';
import en from '../../web/i18n/reviews/en.json' with { type: 'json' };
import { startFakeStorefront, type FakeStorefront } from '../fakes/storefront.js';
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { phonePhoto, phoneVideo } from '../support/phone-media.js';
import { registerByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// What a shopper's phone sends, through the storefront: an iPhone's HEVC QuickTime and a sideways JPEG with GPS
// EXIF, and a file that only looks like a video. The merchant sees each one's state; the store plays the processed
// files.

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let store: FakeStorefront;
let owner: TAuthResponse;
const dir = mkdtempSync(join(tmpdir(), 'media-e2e-'));
const ids: Record<'video' | 'photo' | 'broken', string> = { video: '', photo: '', broken: '' };

async function upload(product: string, name: string, field: 'video' | 'photo', bytes: Buffer, file: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    merchant_id: owner.merchant!.store_id,
    product_id: product,
    product_name: 'Linen Shirt',
    customer_name: name,
    rating: '5',
    comment: `${name}'s review`,
  })) {
    form.set(key, value);
  }
  form.set(field, new Blob([new Uint8Array(bytes)]), file);
  const res = await fetch(`${server.url}/api/reviews/upload/`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const api = async <T>(path: string, method = 'GET'): Promise<T> => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `JWT ${owner.access}`, origin: server.url },
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  return (await res.json()) as T;
};

async function settled(id: string): Promise<TReview> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const review = await api<TReview>(`/api/reviews/${id}/`);
    if (review.media_state !== 'processing' || Date.now() > deadline) return review;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  testEnv = await createTestEnv({ MEDIA_PROCESSING: 'true' });
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'media@example.com', 'media-pass-123', testEnv);
  ids.video = await upload('shirt', 'Vera', 'video', readFileSync(phoneVideo(dir)), 'IMG_0001.MOV');
  ids.photo = await upload('shirt', 'Paulo', 'photo', await phonePhoto(), 'IMG_0002.JPG');
  const junk = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom'), Buffer.alloc(8192, 7)]);
  ids.broken = await upload('shirt', 'Bruno', 'video', junk, 'clip.mp4');
  for (const id of Object.values(ids)) await settled(id);
  await api(`/api/reviews/${ids.video}/approve/`, 'POST');
  await api(`/api/reviews/${ids.photo}/approve/`, 'POST');
  const { snippet } = await api<{ snippet: string }>('/api/installation/snippet/');
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

describe('the Reviews page', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await signedInContext(browser, server.url, owner.access)).newPage();
    await page.goto('/reviews');
    await waitForHydration(page, '[data-testid="reviews-search"]');
  });

  it('says which review media could not be used, and why, in the row and the details', async () => {
    const row = (id: string) => page.locator(`[data-testid="review-row"][data-id="${id}"]`);
    await expectText(row(ids.broken).getByTestId('media-state'), en.mediaFailed);
    expect(await row(ids.broken).getByTestId('media-state').getAttribute('data-state')).toBe('failed');
    await expect(row(ids.video).getByTestId('media-state').count()).resolves.toBe(0);
    // The processed poster stands for the video, the processed WebP for the photo.
    expect(await row(ids.video).locator('[data-testid="review-media"] img').getAttribute('src')).toMatch(
      /-poster\.jpg\?expires=/,
    );
    const thumb = row(ids.photo).locator('[data-testid="review-media"] img');
    expect(await thumb.getAttribute('src')).toMatch(/-1080\.webp\?expires=/);
    // The browser picks the smallest processed size for a 56 px thumbnail.
    expect(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-480\.webp\?expires=/);

    await row(ids.broken).getByTestId('details-review').click();
    const drawer = page.getByTestId('review-drawer');
    await expectText(drawer.getByTestId('media-state'), 'The file could not be decoded.');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((violation) => [violation.id, violation.nodes.map((node) => node.target)])).toEqual([]);
  });
});

describe('the storefront', () => {
  it('plays the transcoded video with its poster and duration, and shows the photo in its sizes', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${store.url}${store.path('plain', { id: 'shirt', name: 'Linen Shirt' })}`);
      const host = page.locator('[data-video-reviews]');
      const video = host.locator('.vr-tile', { hasText: 'Vera' });
      await video.locator('.vr-duration').waitFor();
      expect(await video.locator('.vr-duration').textContent()).toBe('0:02');
      expect(await video.locator('img.vr-thumb').getAttribute('src')).toMatch(/-poster\.jpg$/);
      const photo = host.locator('.vr-tile', { hasText: 'Paulo' }).locator('img.vr-thumb');
      expect(await photo.getAttribute('srcset')).toMatch(/-480\.webp 480w, .+-1080\.webp 1080w$/);

      await video.click();
      const player = page.locator('video.vr-player');
      await player.waitFor();
      expect(await player.getAttribute('src')).toMatch(/-video\.mp4$/);
      // Chromium plays it (it would not have played the phone's HEVC original): the first frame decodes, upright.
      const played = await player.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<{ width: number; height: number; poster: string }>((resolve, reject) => {
            const done = () =>
              resolve({ width: element.videoWidth, height: element.videoHeight, poster: element.poster });
            if (element.readyState >= 2) done();
            element.addEventListener('loadeddata', done, { once: true });
            element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)), {
              once: true,
            });
            element.load();
          }),
      );
      expect(played).toMatchObject({ width: 720, height: 1280, poster: expect.stringMatching(/-poster\.jpg$/) });
    } finally {
      await context.close();
    }
  });
});

async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}
