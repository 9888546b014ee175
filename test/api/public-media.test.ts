import { eq } from 'drizzle-orm';
import request from 'supertest';
import { loadConfig } from '../../server/config/config.js';
import { reviews } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { StorefrontCache } from '../../server/storefront/storefront-cache.js';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TReview } from '../../shared/reviews.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { fixture } from '../factories/reviews.factory.js';
import { phonePhoto } from '../support/phone-media.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// MEDIA_PUBLIC_URL: the bucket (or a CDN in front of it) serves published reviews' files from its `public/` prefix,
// and nothing else is ever copied there.

let bucket: S3TestServer;
let t: TestApp;
let http: ReturnType<typeof request>;
let owner: { agent: Agent; user: TAuthResponse };
let publicBase: string;

beforeAll(async () => {
  bucket = await startS3Server();
  publicBase = `${bucket.env.S3_ENDPOINT}/${bucket.env.S3_BUCKET}`;
  t = await startTestApp({
    env: {
      ...bucket.env,
      PUBLIC_URL,
      MEDIA_PUBLIC_URL: `${publicBase}/`,
      MEDIA_PROCESSING: 'true',
      TRUST_PROXY: 'true',
    },
  });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
});
afterAll(async () => {
  await t.close();
  await bucket.close();
});

let address = 0;
async function uploadPhoto(product: string): Promise<string> {
  address += 1;
  const res = await http
    .post('/api/reviews/upload/')
    .set('X-Forwarded-For', `198.51.100.${address}`)
    .field('merchant_id', owner.user.merchant!.store_id)
    .field('product_id', product)
    .field('customer_name', 'Marta')
    .field('rating', '5')
    .attach('photo', fixture('photo.jpg'), 'photo.jpg')
    .expect(201);
  return res.body.id as string;
}

const jobsDone = () => t.app.get(JobQueue).settled();
const review = async (id: string) => (await owner.agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview;
const storefront = async (product: string) =>
  (
    await http
      .get(`/api/reviews/public/?product_id=${product}&merchant_id=${owner.user.merchant!.store_id}`)
      .expect(200)
  ).body as TPublicReviews;
/** Straight from the bucket, with no credentials, as a shopper's browser or a CDN reads it. */
const fromBucket = (url: string) => fetch(url);

async function publicObjects(): Promise<string[]> {
  const res = await fetch(`${publicBase}?list-type=2&prefix=public/`);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]).sort();
}

describe('published files served by the bucket', () => {
  it("serves an approved review's processed photo and its sizes from the bucket's public prefix", async () => {
    const id = await uploadPhoto('scarf');
    await jobsDone();
    expect((await review(id)).media_state).toBe('ready');
    // Pending: nothing public.
    expect(await publicObjects()).toEqual([]);

    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await jobsDone();
    const [shown] = (await storefront('scarf')).results;
    expect(shown.photo_url).toMatch(new RegExp(`^${publicBase}/public/reviews/[0-9a-f-]{36}-1080\\.webp$`));
    expect(shown.photo_srcset).toMatch(new RegExp(`^${publicBase}/public/reviews/.+-480\\.webp 480w, `));
    const served = await fromBucket(shown.photo_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=60');
    const sizes = (await publicObjects()).map((key) => key.replace(/^public\/reviews\/[0-9a-f-]{36}/, ''));
    expect(sizes).toEqual(['-1080.jpg', '-1080.webp', '-480.webp']);
    // The dashboard keeps its signed links through the app.
    expect((await review(id)).photo_url).toMatch(/^\/media\/reviews\/.+\?expires=/);
  });

  it('removes the public copies when a review stops being published, and the storefront never points at them', async () => {
    const id = await uploadPhoto('belt');
    await jobsDone();
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await jobsDone();
    const url = (await storefront('belt')).results[0].photo_url!;
    expect((await fromBucket(url)).status).toBe(200);

    await owner.agent.post(`/api/reviews/${id}/reject/`).expect(200);
    // The storefront stops at the moderation's commit, before the copies go.
    expect((await storefront('belt')).results).toEqual([]);
    await jobsDone();
    expect((await fromBucket(url)).status).toBe(404);

    await owner.agent.post(`/api/reviews/${id}/restore/`).expect(200);
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await jobsDone();
    expect((await fromBucket(url)).status).toBe(200);
    await owner.agent.delete(`/api/reviews/${id}/`).expect(204);
    await jobsDone();
    expect((await fromBucket(url)).status).toBe(404);
    expect((await storefront('belt')).results).toEqual([]);
  });

  it("copies nothing of an approved review whose processing failed: its upload carries the phone's position", async () => {
    const photo = await phonePhoto();
    address += 1;
    const res = await http
      .post('/api/reviews/upload/')
      .set('X-Forwarded-For', `198.51.100.${address}`)
      .field('merchant_id', owner.user.merchant!.store_id)
      .field('product_id', 'glove')
      .field('rating', '4')
      .attach('photo', photo.subarray(0, Math.floor(photo.length * 0.6)), 'IMG_0004.JPG')
      .expect(201);
    await jobsDone();
    expect((await review(res.body.id)).media_state).toBe('failed');
    const before = await publicObjects();
    await owner.agent.post(`/api/reviews/${res.body.id}/approve/`).expect(200);
    await jobsDone();
    expect(await publicObjects()).toEqual(before);
    const [row] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, res.body.id));
    expect((await fromBucket(`${publicBase}/public/${row.photoKey}`)).status).toBe(404);
    expect((await storefront('glove')).results[0]).toMatchObject({ photo_url: null, photo_srcset: null });
  });

  it('serves through the app until the copies exist', async () => {
    const id = await uploadPhoto('hat');
    await jobsDone();
    await owner.agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await jobsDone();
    // As between an approval's commit and its publication job: no copies recorded yet.
    await databaseOf(t).update(reviews).set({ publicCopies: false }).where(eq(reviews.id, id));
    await t.app.get(StorefrontCache).invalidate(owner.user.merchant!.id);
    const [shown] = (await storefront('hat')).results;
    expect(shown.photo_url).toMatch(new RegExp(`^${PUBLIC_URL}/media/reviews/`));
    await http.get(new URL(shown.photo_url!).pathname).expect(200);
  });
});

describe('configuration', () => {
  it('needs a bucket for MEDIA_PUBLIC_URL', () => {
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(
      'MEDIA_PUBLIC_URL: serves files from a bucket, so it needs S3_BUCKET',
    );
  });
});
