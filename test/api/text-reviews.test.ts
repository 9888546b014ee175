import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { reviews } from '../../server/database/schema.js';
import { ReviewsPurgeService } from '../../server/reviews/reviews-purge.service.js';
import { StorefrontService } from '../../server/storefront/storefront.service.js';
import type { TPage, TReview, TReviewBulkResult, TReviewStats } from '../../shared/reviews.js';
import type { TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { fixture } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Reviews with only stars and text (issue 24): taken by default, refused as before when the store turns them off.

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  // Media processing on: a review without media must not wait for it.
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', MEDIA_PROCESSING: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

let address = 0;
function shopperUpload(fields: Record<string, string>, files: Record<string, [Buffer, string]> = {}) {
  address += 1;
  let req = http
    .post('/api/reviews/upload/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', `198.51.100.${address}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const [name, [buffer, filename]] of Object.entries(files)) req = req.attach(name, buffer, filename);
  return req;
}

function storedFiles(): string[] {
  const dir = join(t.config.uploads.mediaDir, 'reviews');
  return existsSync(dir) ? readdirSync(dir) : [];
}

const textReview = (owner: RegisteredOwner, product = 'mug') => ({
  merchant_id: owner.storeId,
  product_id: product,
  product_name: 'Stoneware Mug',
  customer_name: 'Lucía',
  customer_email: 'lucia@example.com',
  rating: '4',
  comment: 'Keeps the coffee hot for ages',
});

const publicReviews = (owner: RegisteredOwner, product = 'mug') =>
  http
    .get(`/api/reviews/public/?product_id=${product}&merchant_id=${owner.storeId}`)
    .expect(200)
    .then((res) => res.body as TPublicReviews);

const configuration = (owner: RegisteredOwner) =>
  http
    .get(`/api/widgets/configuration/mug/?merchant_id=${owner.storeId}`)
    .expect(200)
    .then((res) => res.body as TWidgetConfiguration);

describe('a store taking reviews with only stars and text (the default)', () => {
  let owner: RegisteredOwner;
  beforeAll(async () => {
    owner = await registerOwner(t);
  });

  it('says so in the widget settings and the storefront configuration', async () => {
    expect((await owner.agent.get('/api/widgets/global-settings/current/').expect(200)).body).toMatchObject({
      accept_text_reviews: true,
    });
    expect((await configuration(owner)).settings.accept_text_reviews).toBe(true);
    expect(await t.app.get(StorefrontService).mediaRequired(owner.merchantId)).toBe(false);
  });

  it('stores a review with stars and text as pending, with no media and nothing to process', async () => {
    const res = await shopperUpload(textReview(owner)).expect(201);
    expect(res.body).toEqual({ id: expect.any(String), status: 'pending' });
    const review = (await owner.agent.get(`/api/reviews/${res.body.id}/`).expect(200)).body as TReview;
    expect(review).toMatchObject({
      status: 'pending',
      rating: 4,
      comment: 'Keeps the coffee hot for ages',
      customer: { name: 'Lucía', email: 'lucia@example.com' },
      video_url: null,
      photo_url: null,
      thumbnail_url: null,
      photo_srcset: null,
      media_state: 'ready',
      media_error: null,
      source: 'widget',
    });
    // Listed and counted in the dashboard like any other.
    const listed = (await owner.agent.get('/api/reviews/?status=pending').expect(200)).body as TPage<TReview>;
    expect(listed.results.map((r) => r.id)).toEqual([res.body.id]);
    expect(((await owner.agent.get('/api/reviews/stats/').expect(200)).body as TReviewStats).pending).toBe(1);
    // Not on the storefront until approved.
    expect((await publicReviews(owner)).count).toBe(0);
  });

  it('shows it on the storefront once approved (bulk moderation included), with what review markup needs', async () => {
    const res = await shopperUpload({ ...textReview(owner), customer_name: 'Bea', rating: '5' }).expect(201);
    const bulk = (
      await owner.agent
        .post('/api/reviews/bulk/')
        .send({ action: 'approve', filter: { status: 'pending' } })
        .expect(200)
    ).body as TReviewBulkResult;
    expect(bulk).toMatchObject({ matched: 2, changed: 2 });
    const answer = await publicReviews(owner);
    expect(answer).toMatchObject({ count: 2, average_rating: 4.5, distribution: { 4: 1, 5: 1 } });
    const shown = answer.results.find((review) => review.id === res.body.id);
    expect(shown).toEqual({
      id: res.body.id,
      rating: 5,
      comment: 'Keeps the coffee hot for ages',
      customer_name: 'Bea',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      video_url: null,
      video_duration: null,
      thumbnail_url: null,
      photo_url: null,
      photo_srcset: null,
      verified_purchase: false,
      reply: null,
      pinned: false,
      helpful_count: 0,
    });
    const stats = (await owner.agent.get('/api/reviews/stats/').expect(200)).body as TReviewStats;
    expect(stats).toMatchObject({ approved: 2, pending: 0, average_rating: 4.5 });
  });

  it('wants the text: stars alone, or a thumbnail without a video, are refused and nothing is kept', async () => {
    const files = storedFiles().length;
    const empty = await shopperUpload({ ...textReview(owner), comment: '   ' }).expect(400);
    expect(empty.body).toMatchObject({
      code: 'validation_error',
      fields: { comment: ['Write your review, or attach a video or a photo.'] },
    });
    const thumb = await shopperUpload(textReview(owner), { thumbnail: [fixture('thumbnail.jpg'), 't.jpg'] }).expect(
      400,
    );
    expect(thumb.body.fields).toEqual({ thumbnail: ['A thumbnail goes with a video.'] });
    expect(storedFiles().length).toBe(files);
    // A review with media still needs no text.
    await shopperUpload({ ...textReview(owner), comment: '' }, { photo: [fixture('photo.jpg'), 'a.jpg'] }).expect(201);
    const stored = await databaseOf(t).select().from(reviews).where(eq(reviews.merchantId, owner.merchantId));
    expect(stored.map((review) => review.comment).sort()).toEqual([
      '',
      ...Array(2).fill('Keeps the coffee hot for ages'),
    ]);
  });

  it('purges a deleted text review like any other', async () => {
    const res = await shopperUpload(textReview(owner, 'plate')).expect(201);
    await owner.agent.delete(`/api/reviews/${res.body.id}/`).expect(204);
    await databaseOf(t)
      .update(reviews)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(reviews.id, res.body.id));
    expect(await t.app.get(ReviewsPurgeService).purge()).toBeGreaterThanOrEqual(1);
    await owner.agent.get(`/api/reviews/${res.body.id}/`).expect(404);
  });
});

describe('a store that turned reviews with only stars and text off', () => {
  let owner: RegisteredOwner;
  beforeAll(async () => {
    owner = await registerOwner(t);
    await configuration(owner); // cached: the save must reach the storefront at once
    const saved = await owner.agent.post('/api/widgets/global-settings/').send({ accept_text_reviews: false });
    expect(saved.status).toBe(200);
    expect(saved.body.accept_text_reviews).toBe(false);
  });

  it('tells the widget, and refuses a review without a video or a photo as before', async () => {
    expect((await configuration(owner)).settings.accept_text_reviews).toBe(false);
    expect(await t.app.get(StorefrontService).mediaRequired(owner.merchantId)).toBe(true);
    const res = await shopperUpload(textReview(owner)).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_error', fields: { video: ['Attach a video or a photo.'] } });
    expect(Object.keys(res.body.fields)).toEqual(['video']);
    // The merchant's own upload from the dashboard follows the same setting.
    await owner.agent.post('/api/reviews/upload/').field('product_id', 'mug').field('rating', '5').expect(400);
    await shopperUpload(textReview(owner), { photo: [fixture('photo.jpg'), 'a.jpg'] }).expect(201);
    expect((await owner.agent.get('/api/reviews/stats/').expect(200)).body.total).toBe(1);
  });

  it('takes them again once turned back on', async () => {
    await owner.agent.post('/api/widgets/global-settings/').send({ accept_text_reviews: true }).expect(200);
    await shopperUpload(textReview(owner)).expect(201);
  });
});
