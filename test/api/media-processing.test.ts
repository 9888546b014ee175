import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { media, products, reviews } from '../../server/database/schema.js';
import { MEDIA_STORAGE, type MediaStorage } from '../../server/media/media-storage.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { ReviewMediaJobs } from '../../server/reviews/review-media.jobs.js';
import { ReviewMediaService } from '../../server/reviews/review-media.service.js';
import type { TReview } from '../../shared/reviews.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { fixture } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { PHONE_GPS, ffprobe, hasGps, longUhdVideo, phonePhoto, phoneVideo } from '../support/phone-media.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
let owner: RegisteredOwner;
let storage: MediaStorage;
const dir = mkdtempSync(join(tmpdir(), 'media-processing-api-'));

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', MEDIA_PROCESSING: 'true' } });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
  storage = t.app.get<MediaStorage>(MEDIA_STORAGE);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let address = 0;
function upload(product: string, files: Record<string, [Buffer, string]>, store = owner) {
  address += 1;
  let req = http
    .post('/api/reviews/upload/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', `198.51.100.${address}`)
    .field('merchant_id', store.user.merchant!.store_id)
    .field('product_id', product)
    .field('product_name', 'Linen Shirt')
    .field('customer_name', 'Marta')
    .field('rating', '5')
    .field('comment', 'Fits perfectly');
  for (const [name, [buffer, filename]] of Object.entries(files)) req = req.attach(name, buffer, filename);
  return req.expect(201);
}

const review = async (id: string, store = owner) =>
  (await store.agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview;

/** The review once its media left `processing` (the job runs after the upload answered), or as it is at `withinMs`. */
async function processed(id: string, store = owner, withinMs = 45_000): Promise<TReview> {
  const until = Date.now() + withinMs;
  for (;;) {
    const current = await review(id, store);
    if (current.media_state !== 'processing' || Date.now() > until) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const publicReviews = async (product: string) =>
  (
    await http
      .get(`/api/reviews/public/?product_id=${product}&merchant_id=${owner.user.merchant!.store_id}`)
      .expect(200)
  ).body as TPublicReviews;

const keyOf = (url: string) => new URL(url, PUBLIC_URL).pathname.replace(/^\/media\//, '');
const stored = async (key: string) => (await storage.stat(key)) !== null;

async function download(url: string, name: string): Promise<string> {
  const response = await http
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(response.status).toBe(200);
  const file = join(dir, name);
  writeFileSync(file, response.body as Buffer);
  return file;
}

describe('a video review from a phone', () => {
  let id: string;
  let originalKey: string;

  beforeAll(async () => {
    const clip = readFileSync(phoneVideo(dir));
    id = (await upload('shirt', { video: [clip, 'IMG_0001.MOV'], thumbnail: [fixture('thumbnail.jpg'), 'thumb.jpg'] }))
      .body.id;
    const [row] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, id));
    originalKey = row.videoKey!;
  });

  it('becomes an H.264/AAC MP4 of at most 720p with a poster, its position and device gone', async () => {
    const ready = await processed(id);
    expect(ready).toMatchObject({ media_state: 'ready', media_error: null });
    expect(ready.video_url).toMatch(/^\/media\/reviews\/[0-9a-f-]{36}-video\.mp4\?expires=/);
    expect(ready.thumbnail_url).toMatch(/^\/media\/reviews\/[0-9a-f-]{36}-poster\.jpg\?expires=/);

    const video = await download(ready.video_url!, 'served.mp4');
    const probed = ffprobe(video);
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    expect(probed.streams[0]).toMatchObject({ width: 720, height: 1280 });
    expect(readFileSync(video).includes(PHONE_GPS)).toBe(false);
    expect(JSON.stringify(probed.format.tags ?? {})).not.toMatch(/Apple|iPhone/);
    const poster = await download(ready.thumbnail_url!, 'poster.jpg');
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 1280 });
  });

  it('keeps neither the original nor the browser-drawn thumbnail, and records size and duration', async () => {
    await processed(id);
    const [row] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, id));
    expect(await stored(originalKey)).toBe(false);
    const files = await databaseOf(t).select().from(media).where(eq(media.merchantId, row.merchantId));
    expect(files.map((file) => file.key).sort()).toEqual([row.thumbnailKey, row.videoKey].sort());
    const video = files.find((file) => file.key === row.videoKey)!;
    expect(video).toMatchObject({ mime: 'video/mp4', width: 720, height: 1280 });
    expect(video.durationMs).toBeGreaterThanOrEqual(1400);
    expect(video.bytes).toBeGreaterThan(0);
  });

  it('is on the storefront once approved, with its poster and duration', async () => {
    await processed(id);
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    const { results } = await publicReviews('shirt');
    expect(results).toHaveLength(1);
    expect(results[0].video_url).toMatch(/-video\.mp4$/);
    expect(results[0].thumbnail_url).toMatch(/-poster\.jpg$/);
    expect(results[0].video_duration).toBe(2);
    await http.get(keyOf(results[0].video_url!).replace(/^/, '/media/')).expect(200);
  });

  it('is left alone by a second run of its job', async () => {
    const before = await review(id);
    await t.app.get(ReviewMediaService).process(id);
    const after = await review(id);
    expect(keyOf(after.video_url!)).toBe(keyOf(before.video_url!));
    expect(await stored(keyOf(after.video_url!))).toBe(true);
  });
});

describe('a photo review from a phone', () => {
  it('is published as upright WebP at each width and a JPEG, without EXIF; its sizes public only once approved', async () => {
    const id = (await upload('scarf', { photo: [await phonePhoto(), 'IMG_0002.JPG'] })).body.id;
    const ready = await processed(id);
    expect(ready.media_state).toBe('ready');
    expect(ready.photo_url).toMatch(/-1080\.webp\?expires=/);
    const main = keyOf(ready.photo_url!);
    const small = main.replace('-1080.webp', '-480.webp');
    const jpeg = main.replace('-1080.webp', '-1080.jpg');

    const served = await sharp(await download(ready.photo_url!, 'photo.webp')).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 1080, height: 1440 });
    expect(served.exif).toBeUndefined();
    // Unpublished: none of its sizes is public.
    for (const key of [main, small, jpeg]) await http.get(`/media/${key}`).expect(404);

    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    const { results } = await publicReviews('scarf');
    expect(results[0].photo_url).toMatch(/-1080\.webp$/);
    for (const key of [main, small, jpeg]) await http.get(`/media/${key}`).expect(200);
    expect((await http.get(`/media/${jpeg}`).expect(200)).headers['content-type']).toBe('image/jpeg');
  });
});

describe('a 3.5 MB video of 20 minutes in 4K', () => {
  it("is refused in the time of a probe, and another store's photo queued behind it is ready within 30 s", async () => {
    const video = readFileSync(longUhdVideo(dir));
    expect(video.length).toBeLessThan(4 * 1024 * 1024);
    const other = await registerOwner(t);
    const long = (await upload('poster', { video: [video, 'long.mp4'] })).body.id;
    const photo = (await upload('mug', { photo: [await phonePhoto(), 'IMG_0003.JPG'] }, other)).body.id;

    expect(await processed(photo, other, 30_000)).toMatchObject({ media_state: 'ready', media_error: null });
    expect(await processed(long)).toMatchObject({
      media_state: 'failed',
      media_error: "The video lasts 20 min; a review's video may last up to 3 min.",
    });
  });
});

/** What the storefront lists of a review with no media shown: its words and stars only. */
const withoutMedia = {
  video_url: null,
  video_duration: null,
  thumbnail_url: null,
  photo_url: null,
  photo_srcset: null,
};

describe('a file ffmpeg cannot decode', () => {
  it('marks the review failed with a reason; approved, it is listed without media and its upload never served', async () => {
    // MP4's magic bytes pass the upload's type check; what follows is not a video.
    const garbage = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom'), Buffer.alloc(8192, 7)]);
    const id = (await upload('tote', { video: [garbage, 'broken.mp4'] })).body.id;
    const failed = await processed(id);
    expect(failed).toMatchObject({ media_state: 'failed', media_error: 'The file could not be decoded.' });
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    expect((await publicReviews('tote')).results).toEqual([
      {
        ...withoutMedia,
        id,
        rating: 5,
        comment: 'Fits perfectly',
        customer_name: 'Marta',
        created_at: expect.any(String),
        verified_purchase: false,
        reply: null,
        pinned: false,
        helpful_count: 0,
      },
    ]);
    await http.get(`/media/${keyOf(failed.video_url!)}`).expect(404);
  });
});

describe('a photo whose processing failed, carrying its GPS position', () => {
  it('is never served at its bare URL, approved or not, and the storefront lists the review without it', async () => {
    // A phone's JPEG cut short: its EXIF (position, device) is whole, its picture is not.
    const photo = await phonePhoto();
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
    expect(hasGps((await sharp(truncated).metadata()).exif)).toBe(true);

    const id = (await upload('cap', { photo: [truncated, 'IMG_0003.JPG'] })).body.id;
    const failed = await processed(id);
    expect(failed).toMatchObject({ media_state: 'failed', media_error: 'The photo could not be decoded.' });
    const [row] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, id));
    const original = row.photoKey!;
    await http.get(`/media/${original}`).expect(404);

    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await http.get(`/media/${original}`).expect(404);
    const { results, count } = await publicReviews('cap');
    expect(count).toBe(1);
    expect(results).toEqual([expect.objectContaining({ ...withoutMedia, id, rating: 5 })]);
    // The merchant still sees what was sent, through the dashboard's signed link, and why it is not shown.
    const seen = await review(id);
    expect(seen.media_error).toBe('The photo could not be decoded.');
    expect(Buffer.compare((await http.get(seen.photo_url!).expect(200)).body as Buffer, truncated)).toBe(0);
  });
});

describe('processing whose job was lost', () => {
  it('is queued again by the recovery run and finished', async () => {
    const db = databaseOf(t);
    const merchantId = owner.user.merchant!.id;
    const key = `reviews/${randomUUID()}.mov`;
    await storage.put(key, Readable.from([readFileSync(phoneVideo(dir, 'lost.mov'))]), 'video/quicktime');
    const [product] = await db.insert(products).values({ merchantId, externalId: 'lost', name: 'Lost' }).returning();
    const [row] = await db
      .insert(reviews)
      .values({ merchantId, productId: product.id, rating: 4, videoKey: key, mediaState: 'processing' })
      .returning();

    const recovery = t.app.get(ReviewMediaJobs);
    const jobs = t.app.get(JobQueue);
    expect(await recovery.recover()).toBe(0);
    await jobs.settled();
    // Too recent to be lost: a job may still be on its way.
    expect((await review(row.id)).media_state).toBe('processing');

    expect(await recovery.recover(new Date(Date.now() + 10 * 60 * 1000))).toBe(1);
    await jobs.settled();
    const done = await review(row.id);
    expect(done.media_state).toBe('ready');
    expect(done.video_url).toMatch(/-video\.mp4\?/);
    expect(await stored(key)).toBe(false);
  });
});

describe('a review still processing', () => {
  it('stays off the storefront even when approved, its files unserved, and appears once ready', async () => {
    const id = (await upload('belt', { photo: [fixture('photo.jpg'), 'photo.jpg'] })).body.id;
    const ready = await processed(id);
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    expect((await publicReviews('belt')).results).toHaveLength(1);
    await http.get(`/media/${keyOf(ready.photo_url!)}`).expect(200);
    // As if its job had not run yet: the storefront must not show it (its files would be the raw upload).
    await databaseOf(t).update(reviews).set({ mediaState: 'processing' }).where(eq(reviews.id, id));
    await owner.agent.post(`/api/reviews/${id}/reject/`).expect(200);
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    expect((await publicReviews('belt')).results).toEqual([]);
    await http.get(`/media/${keyOf(ready.photo_url!)}`).expect(404);
  });
});
