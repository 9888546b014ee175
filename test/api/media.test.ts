import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import { media } from '../../server/database/schema.js';
import { PARTIALS_DIR } from '../../server/media/local-media.storage.js';
import { MEDIA_STORAGE, type MediaStorage } from '../../server/media/media-storage.js';
import { MediaSweepService } from '../../server/media/media-sweep.service.js';
import { MediaUrls } from '../../server/media/media-urls.js';
import type { TPage, TReview } from '../../shared/reviews.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { fixture } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let storage: MediaStorage;
let owner: Awaited<ReturnType<typeof registerOwner>>;
const http = () => request(t.app.getHttpServer());
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  storage = t.app.get<MediaStorage>(MEDIA_STORAGE);
  owner = await registerOwner(t);
});
afterAll(() => t.close());

let address = 0;
/** A shopper's video review with its thumbnail, from its own address (uploads are throttled per address). */
async function uploadVideoReview(productId = 'sku-1'): Promise<string> {
  address += 1;
  const res = await http()
    .post('/api/reviews/upload/')
    .set('X-Forwarded-For', `198.51.100.${address}`)
    .field('merchant_id', owner.storeId)
    .field('product_id', productId)
    .field('rating', '5')
    .attach('video', fixture('review.mp4'), 'clip.mp4')
    .attach('thumbnail', fixture('thumbnail.jpg'), 'thumb.jpg')
    .expect(201);
  return res.body.id as string;
}

async function dashboardView(agent: Agent, id: string): Promise<TReview> {
  return (await agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview;
}

/** The plain URL a storefront would use for the same file as a dashboard link. */
const publicOf = (signed: string) => signed.slice(0, signed.indexOf('?'));
const keyOf = (url: string) => new URL(url, PUBLIC_URL).pathname.replace('/media/', '');

/** The status of each of the review's files: publicly, and through the dashboard's current links. */
async function answers(id: string, server = http()): Promise<{ public: number[]; dashboard: number[] }> {
  const review = await dashboardView(owner.agent, id);
  const urls = [review.video_url!, review.thumbnail_url!];
  return {
    public: await Promise.all(urls.map(async (url) => (await server.get(publicOf(url))).status)),
    dashboard: await Promise.all(urls.map(async (url) => (await server.get(url)).status)),
  };
}

describe('GET /media/* for a review', () => {
  it('serves publicly only while the review is published, and always through the dashboard links', async () => {
    const id = await uploadVideoReview();
    const review = await dashboardView(owner.agent, id);
    expect(review.video_url).toMatch(/^\/media\/reviews\/[0-9a-f-]{36}\.mp4\?expires=\d+&signature=[\w-]{43}$/);
    const played = { public: [404, 404], dashboard: [200, 200] };
    expect(await answers(id)).toEqual(played);

    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    const published = { public: [200, 200], dashboard: [200, 200] };
    expect(await answers(id)).toEqual(published);

    await owner.agent.post(`/api/reviews/${id}/reject/`).expect(200);
    expect(await answers(id)).toEqual(played);
    await owner.agent.post(`/api/reviews/${id}/restore/`).expect(200); // back to pending
    expect(await answers(id)).toEqual(played);
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    expect(await answers(id)).toEqual(published);

    await owner.agent.delete(`/api/reviews/${id}/`).expect(204);
    expect(await answers(id)).toEqual(played);
    const deleted = (await owner.agent.get('/api/reviews/?status=deleted').expect(200)).body as TPage<TReview>;
    const listed = deleted.results.find((r) => r.id === id)!;
    expect((await http().get(listed.video_url!)).status).toBe(200);
    await owner.agent.post(`/api/reviews/${id}/restore/`).expect(200); // back to approved
    expect(await answers(id)).toEqual(published);
  });

  it('serves a published file to storefronts with ranges, short public caching and revalidation', async () => {
    const id = await uploadVideoReview('sku-range');
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    const page = await http().get(`/api/reviews/public/?product_id=sku-range&merchant_id=${owner.storeId}`).expect(200);
    const url = (page.body as TPublicReviews).results[0].video_url!;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/media/reviews/[0-9a-f-]{36}\\.mp4$`));
    const path = new URL(url).pathname;
    const size = fixture('review.mp4').length;

    const whole = await http().get(path).set('Accept-Encoding', 'gzip, br').buffer(true).expect(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(size),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=60',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"\w+"$/),
    });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(whole.body as Buffer, fixture('review.mp4'))).toBe(0);

    const part = await http().get(path).set('Range', 'bytes=100-199').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    const again = await http().get(path).set('If-None-Match', whole.headers.etag).expect(304);
    expect(again.headers['cache-control']).toBe('public, max-age=60');

    // A revalidation after the rejection gets the 404, not a 304.
    await owner.agent.post(`/api/reviews/${id}/reject/`).expect(200);
    await http().get(path).set('If-None-Match', whole.headers.etag).expect(404);
  });

  it('refuses dashboard links that were tampered with, expired or repeated; signed links are private', async () => {
    const id = await uploadVideoReview('sku-signed');
    const link = (await dashboardView(owner.agent, id)).video_url!;
    const ok = await http().get(link).expect(200);
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(ok.headers['cache-control'].split('=')[1])).toBeLessThanOrEqual(30 * 60);

    const key = keyOf(link);
    const params = new URL(link, PUBLIC_URL).searchParams;
    const expires = params.get('expires')!;
    const signature = params.get('signature')!;
    const otherKey = keyOf((await dashboardView(owner.agent, id)).thumbnail_url!);
    const expired = t.app.get(MediaUrls).signed(key, Math.floor(Date.now() / 1000) - 1);
    for (const bad of [
      `/media/${key}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/media/${key}?expires=${expires}&signature=${signature.slice(0, -2)}xx`,
      `/media/${otherKey}?expires=${expires}&signature=${signature}`,
      `/media/${key}?expires=${expires}`,
      `/media/${key}?signature=${signature}`,
      `/media/${key}?expires=${expires}&expires=${expires}&signature=${signature}`,
      expired,
    ]) {
      const res = await http().get(bad);
      expect({ bad, status: res.status, body: res.body }).toEqual({
        bad,
        status: 403,
        body: { detail: 'This media link has expired or is not valid.', code: 'invalid_media_link' },
      });
    }
    const gone = t.app.get(MediaUrls).forDashboard('reviews/0b5c6f43-0c1e-4c5e-8d0e-3c8e9d7a1b2c.mp4');
    await http().get(gone).expect(404);
  });

  it('answers JSON 404, never a dashboard page, for unknown media and files outside the upload folders', async () => {
    await storage.put('elsewhere/file.mp4', Readable.from([Buffer.alloc(10)]), 'video/mp4');
    for (const path of ['/media/reviews/missing.mp4', '/media/elsewhere/file.mp4', '/media/%2e%2e/secrets.json']) {
      const res = await http().get(path).expect(404);
      expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('serves profile photos by their unguessable key, cached privately', async () => {
    const res = await owner.agent
      .post('/api/auth/users/update-photo/')
      .attach('profile_photo', fixture('photo.png'), 'me.png')
      .expect(200);
    const photo = await http()
      .get(res.body.profile_photo as string)
      .expect(200);
    expect(photo.headers['cache-control']).toBe('private, max-age=3600');
  });
});

describe('the media sweep', () => {
  const HOUR = 60 * 60 * 1000;
  const backdate = (key: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    utimesSync(join(t.config.uploads.mediaDir, key), at, at);
  };
  const stored = async (key: string) => (await storage.stat(key)) !== null;

  it('removes stale partial writes and old files no row names; keeps young files and every referenced one', async () => {
    const id = await uploadVideoReview('sku-sweep');
    const review = await dashboardView(owner.agent, id);
    const referenced = [keyOf(review.video_url!), keyOf(review.thumbnail_url!)];
    const photo = await owner.agent
      .post('/api/auth/users/update-photo/')
      .attach('profile_photo', fixture('photo.png'), 'me.png')
      .expect(200);
    referenced.push(keyOf(photo.body.profile_photo as string));
    // A file only the media table knows still belongs to someone.
    const recorded = 'reviews/9a1d3c2e-6f3b-4f0e-9a55-1f7c3b2d4e5f.jpg';
    await storage.put(recorded, Readable.from([fixture('photo.jpg')]), 'image/jpeg');
    await databaseOf(t).insert(media).values({ key: recorded, mime: 'image/jpeg', bytes: 1 });
    referenced.push(recorded);

    // What a crash between storing and inserting the row leaves, long ago and just now (an upload in flight).
    const orphan = 'reviews/0d8e7f6a-1b2c-4d3e-8f9a-0b1c2d3e4f5a.mp4';
    const orphanPhoto = 'profile-photos/7c6b5a49-3827-4615-a0b1-c2d3e4f5a6b7.png';
    const young = 'reviews/5e4d3c2b-1a09-4876-9543-210fedcba987.mp4';
    for (const key of [orphan, orphanPhoto, young]) await storage.put(key, Readable.from(['x']), 'video/mp4');
    for (const key of [...referenced, orphan, orphanPhoto]) backdate(key, 2 * HOUR);

    const partials = join(t.config.uploads.mediaDir, PARTIALS_DIR);
    mkdirSync(partials, { recursive: true });
    writeFileSync(join(partials, 'crashed.part'), Buffer.alloc(1000));
    writeFileSync(join(partials, 'writing.part'), Buffer.alloc(1000));
    backdate(`${PARTIALS_DIR}/crashed.part`, HOUR);

    const sweeper = t.app.get(MediaSweepService);
    // Two instances sweeping at once: the same outcome, no error.
    const results = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(results.every((r) => r.partials <= 1 && r.orphans <= 2)).toBe(true);
    expect(results.reduce((sum, r) => sum + r.orphans, 0)).toBeGreaterThanOrEqual(2);

    expect(await stored(orphan)).toBe(false);
    expect(await stored(orphanPhoto)).toBe(false);
    await http().get(`/media/${orphan}`).expect(404);
    expect(await stored(young)).toBe(true);
    for (const key of referenced) expect({ key, stored: await stored(key) }).toEqual({ key, stored: true });
    expect(await storage.removePartials(new Date())).toBe(1); // only the one being written was left
    expect(await sweeper.sweep()).toEqual({ partials: 0, orphans: 0, uploads: 0 });
  });
});

describe('across instances', () => {
  // Instances share only the database (and Redis): PGlite is one process's.
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? it : it.skip;
  shared('a second instance stops serving a rejected review at once', async () => {
    let other: NestFastifyApplication | undefined;
    try {
      other = await createApp(t.config);
      const second = request(other.getHttpServer());
      const id = await uploadVideoReview('sku-two');
      await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
      expect((await answers(id, second)).public).toEqual([200, 200]);
      expect((await answers(id, second)).public).toEqual([200, 200]);
      await owner.agent.post(`/api/reviews/${id}/reject/`).expect(200);
      expect(await answers(id, second)).toEqual({ public: [404, 404], dashboard: [200, 200] });
      await owner.agent.post(`/api/reviews/${id}/restore/`).expect(200);
      await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
      expect((await answers(id, second)).public).toEqual([200, 200]);
      await owner.agent.delete(`/api/reviews/${id}/`).expect(204);
      expect((await answers(id, second)).public).toEqual([404, 404]);
    } finally {
      await other?.close();
    }
  });
});
