/// <reference lib="dom" />
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { TAuthResponse } from '../../shared/accounts.js';
import { COOKIES, type TTheme } from '../../shared/constants.js';
import type { TReview } from '../../shared/reviews.js';
import en from '../../web/i18n/reviews/en.json' with { type: 'json' };
import { launchBrowser, signedInContext, waitForHydration } from '../support/browser.js';
import { mailOf, waitForLink } from '../support/mailbox.js';
import { phoneVideo } from '../support/phone-media.js';
import { registerByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// The README's `npm ci && npm start` on a machine without ffmpeg: a shopper's video waits, and the store's owner is
// told why on the Reviews page, with the command that installs it.

let testEnv: TestEnv;
let server: ServerProcess;
let browser: Browser;
let owner: TAuthResponse;
let member: TAuthResponse;
let video: string;
const dir = mkdtempSync(join(tmpdir(), 'no-ffmpeg-e2e-'));

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `JWT ${token}`, origin: server.url, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function joinAsMember(): Promise<TAuthResponse> {
  const email = 'member@no-ffmpeg.example';
  await api(owner.access, '/api/auth/invitations/', { method: 'POST', body: { email } });
  const token = new URL(await waitForLink(mailOf(testEnv), email, '/register')).searchParams.get('token');
  const res = await fetch(`${server.url}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token, password: 'member-pass-1', first_name: 'Mia', last_name: 'Lopes' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TAuthResponse;
}

beforeAll(async () => {
  testEnv = await createTestEnv({
    MEDIA_PROCESSING: 'true',
    FFMPEG_PATH: join(dir, 'no-ffmpeg'),
    FFPROBE_PATH: join(dir, 'no-ffprobe'),
  });
  server = await startServerProcess(testEnv.env);
  owner = await registerByApi(server.url, 'owner@no-ffmpeg.example', 'owner-pass-123', testEnv);
  member = await joinAsMember();
  const form = new FormData();
  for (const [key, value] of Object.entries({
    merchant_id: owner.merchant!.store_id,
    product_id: 'shirt',
    customer_name: 'Vera',
    rating: '5',
  })) {
    form.set(key, value);
  }
  form.set('video', new Blob([new Uint8Array(readFileSync(phoneVideo(dir)))]), 'IMG_0001.MOV');
  const res = await fetch(`${server.url}/api/reviews/upload/`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  video = ((await res.json()) as { id: string }).id;
  // Its job has run once it says why it waits.
  const deadline = Date.now() + 30_000;
  while (!(await api<TReview>(owner.access, `/api/reviews/${video}/`)).media_error && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testEnv?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function reviewsPage(token: string, theme: TTheme): Promise<Page> {
  const context = await signedInContext(browser, server.url, token);
  await context.addCookies([{ name: COOKIES.theme, value: theme, url: server.url }]);
  const page = await context.newPage();
  await page.goto('/reviews');
  await waitForHydration(page, '[data-testid="reviews-search"]');
  return page;
}

describe.each(['light', 'dark'] as const)('the Reviews page, %s theme', (theme) => {
  it('tells the owner why videos wait and how to install ffmpeg, with no axe violation', async () => {
    const page = await reviewsPage(owner.access, theme);
    try {
      const banner = page.getByTestId('media-tools-banner');
      await banner.filter({ hasText: en.mediaTools.title }).waitFor();
      expect(await banner.textContent()).toContain('ffmpeg and ffprobe are not installed');
      expect(await banner.textContent()).toContain('1 video is waiting.');
      expect(await page.getByTestId('media-tools-install').textContent()).toBe('apt-get install ffmpeg');

      const chip = page.locator(`[data-testid="review-row"][data-id="${video}"]`).getByTestId('media-state');
      expect(await chip.getAttribute('data-state')).toBe('waiting');
      expect(await chip.textContent()).toContain(en.mediaWaiting);
      expect(await chip.textContent()).toContain('Waiting for ffmpeg on the server');

      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(violations.map((violation) => [violation.id, violation.nodes.map((node) => node.target)])).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('a member', () => {
  it('sees why the video waits on its row, without the notice meant for owners', async () => {
    const page = await reviewsPage(member.access, 'light');
    try {
      const chip = page.locator(`[data-testid="review-row"][data-id="${video}"]`).getByTestId('media-state');
      await chip.filter({ hasText: en.mediaWaiting }).waitFor();
      expect(await page.getByTestId('media-tools-banner').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
