import { eq } from 'drizzle-orm';
import request from 'supertest';
import { reviews } from '../../server/database/schema.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { StorefrontCache } from '../../server/storefront/storefront-cache.js';
import { SUMMARY_IDS_MAX, type TReviewSummaries } from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// GET /api/reviews/summary/: the stars of a collection page's product cards, one request for up to 50 products,
// cached and versioned like the public reviews.

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

const summary = (query: string) => http.get(`/api/reviews/summary/?${query}`).set('Origin', 'https://shop.example');

/**
 * `mug`: 4 approved (ratings 1..4), one of them deleted and one still processing its media, plus a pending and a
 * rejected one: published 1, 2 → 1.5 (2). `lamp`: 5 approved (1..5) → 3 (5). `vase`: pending only.
 */
async function storeWithReviews() {
  const owner = await registerOwner(t);
  const db = databaseOf(t);
  const mug = await seedReviews(t, owner.merchantId, 4, { productId: 'mug', status: 'approved' });
  await db.update(reviews).set({ deletedAt: new Date() }).where(eq(reviews.id, mug[2]));
  await db.update(reviews).set({ mediaState: 'processing' }).where(eq(reviews.id, mug[3]));
  await seedReviews(t, owner.merchantId, 5, { productId: 'mug' });
  await seedReviews(t, owner.merchantId, 5, { productId: 'mug', status: 'rejected' });
  const lamp = await seedReviews(t, owner.merchantId, 5, { productId: 'lamp', status: 'approved' });
  await seedReviews(t, owner.merchantId, 2, { productId: 'vase' });
  await t.app.get(StorefrontCache).invalidate(owner.merchantId);
  return { ...owner, lamp };
}

describe('GET /api/reviews/summary/', () => {
  it("answers each known product's published reviews' average and count; others are absent", async () => {
    const { storeId, merchantId } = await storeWithReviews();
    const res = await summary(`merchant_id=${storeId}&ids=lamp,mug,vase,unknown,lamp`).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.body as TReviewSummaries;
    expect(body.results).toEqual({ lamp: { average_rating: 3, count: 5 }, mug: { average_rating: 1.5, count: 2 } });
    // The label's strings, as the configuration answer gives them (automatic language: every language's).
    expect(body.language).toBe('en');
    expect(body.strings).toEqual({
      rated: WIDGET_STRINGS.en.rated,
      reviews_one: WIDGET_STRINGS.en.reviews_one,
      reviews_many: WIDGET_STRINGS.en.reviews_many,
    });
    expect(body.translations?.es?.rated).toBe(WIDGET_STRINGS.es.rated);
    // The merchant's UUID names the store as well; another store's products are not this one's.
    expect((await summary(`merchant_id=${merchantId}&ids=mug`).expect(200)).body.results).toEqual({
      mug: { average_rating: 1.5, count: 2 },
    });
    const other = await registerOwner(t);
    expect((await summary(`merchant_id=${other.storeId}&ids=mug,lamp`).expect(200)).body.results).toEqual({});
  });

  it("speaks the store's fixed language when the widget has one", async () => {
    const { agent, storeId } = await storeWithReviews();
    await agent.post('/api/widgets/global-settings/').send({ language: 'pt' }).expect(200);
    const body = (await summary(`merchant_id=${storeId}&ids=lamp`).expect(200)).body as TReviewSummaries;
    expect(body.language).toBe('pt');
    expect(body.strings.rated).toBe(WIDGET_STRINGS.pt.rated);
    expect(body.translations).toBeUndefined();
  });

  it('is one cached answer per set of ids and data version: ETag, 304, CDN headers, new data after a change', async () => {
    const { agent, storeId, merchantId, lamp } = await storeWithReviews();
    const version = await t.app.get(StorefrontCache).version(merchantId);
    expect(version).toMatch(/^[\w-]+\.\d+$/);
    const kept = await summary(`merchant_id=${storeId}&ids=mug,lamp&v=${version}`).expect(200);
    expect(kept.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect(kept.headers.vary).toBe('Accept-Encoding');
    // The same ids in another order are the same answer.
    const unversioned = await summary(`merchant_id=${storeId}&ids=lamp,mug`).expect(200);
    expect(unversioned.headers['cache-control']).toBe(CDN_CACHE.short);
    expect(unversioned.headers.etag).toBe(kept.headers.etag);
    await summary(`merchant_id=${storeId}&ids=mug,lamp&v=${version}`)
      .set('If-None-Match', kept.headers.etag as string)
      .expect(304);

    // Rejecting the lamp's 5-star review is a new version, and the lamp's stars follow.
    await agent.post(`/api/reviews/${lamp[4]}/reject/`).expect(200);
    const next = await t.app.get(StorefrontCache).version(merchantId);
    expect(next).not.toBe(version);
    const fresh = await summary(`merchant_id=${storeId}&ids=mug,lamp&v=${next}`).expect(200);
    expect((fresh.body as TReviewSummaries).results.lamp).toEqual({ average_rating: 2.5, count: 4 });
    expect(fresh.headers['cache-control']).toBe(CDN_CACHE.versioned);
  });

  it(`takes at most ${SUMMARY_IDS_MAX} ids and answers bad input with 400 in the API error shape`, async () => {
    const { storeId } = await registerOwner(t);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`).join(',');
    await summary(`merchant_id=${storeId}&ids=${ids(SUMMARY_IDS_MAX)}`).expect(200);
    for (const [query, field] of [
      [`merchant_id=${storeId}&ids=${ids(SUMMARY_IDS_MAX + 1)}`, 'ids'],
      [`merchant_id=${storeId}&ids=`, 'ids'],
      [`merchant_id=${storeId}&ids=,,`, 'ids'],
      [`merchant_id=${storeId}`, 'ids'],
      [`merchant_id=${storeId}&ids=${'x'.repeat(201)}`, 'ids'],
      ['ids=mug', 'merchant_id'],
      ['merchant_id=&ids=mug', 'merchant_id'],
    ]) {
      const res = await summary(query).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ code: 'validation_error' });
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    // Duplicates count once: 50 distinct ids written twice are 50.
    await summary(`merchant_id=${storeId}&ids=${ids(SUMMARY_IDS_MAX)},${ids(SUMMARY_IDS_MAX)}`).expect(200);
    const unknown = await summary('merchant_id=no-such-store&ids=mug').expect(404);
    expect(unknown.body).toMatchObject({ code: 'unknown_store' });
  });
});
