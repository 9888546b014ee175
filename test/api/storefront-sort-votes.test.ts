import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { reviewVotes, reviews } from '../../server/database/schema.js';
import { VOTES_PER_ADDRESS_REVIEW } from '../../server/helpful-votes/helpful-votes.service.js';
import { RateLimits } from '../../server/rate-limits/rate-limits.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { StorefrontCache } from '../../server/storefront/storefront-cache.js';
import {
  EVENT_BATCHES_PER_IP,
  EVENT_BATCHES_PER_STORE,
  NEW_SESSIONS_PER_IP,
} from '../../server/widget-events/beacon-rules.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// The storefront's sorts and star filter (query parameters of GET /api/reviews/public/, one cached answer per
// variant and data version) and shoppers' "helpful" votes (under the widget beacons' abuse ceilings).

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

const publicReviews = (storeId: string, query: string) =>
  http
    .get(`/api/reviews/public/?product_id=lamp&merchant_id=${storeId}&${query}`)
    .set('Origin', 'https://shop.example');

const idsOf = (body: TPublicReviews) => body.results.map((review) => review.id);

let address = 0;
/** A vote as the widget sends it: text/plain JSON from a storefront origin, from its own address unless given. */
function vote(reviewId: string, body: unknown, ip?: string) {
  address += 1;
  return http
    .post(`/api/reviews/public/${reviewId}/helpful/`)
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', ip ?? `198.51.100.${address % 250}`)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .send(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * Five approved reviews of `lamp` with ratings 1..5; review i is i days old (so index 0, rated 1, is the newest);
 * the 3-star one has a photo, the 2-star one helpful votes.
 */
async function storeWithReviews() {
  const owner = await registerOwner(t);
  const ids = await seedReviews(t, owner.merchantId, 5, { productId: 'lamp', status: 'approved' });
  const db = databaseOf(t);
  for (const [i, id] of ids.entries()) {
    await db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - (i + 1) * DAY) })
      .where(eq(reviews.id, id));
  }
  await db.update(reviews).set({ photoKey: 'reviews/lamp-photo.jpg' }).where(eq(reviews.id, ids[2]));
  await db.update(reviews).set({ helpfulCount: 7 }).where(eq(reviews.id, ids[1]));
  await t.app.get(StorefrontCache).invalidate(owner.merchantId);
  return { ...owner, ids };
}

describe('sorting and filtering GET /api/reviews/public/', () => {
  it('orders by each sort, keeps pinned reviews first in every one, and filters by stars', async () => {
    const { agent, storeId, ids } = await storeWithReviews();
    const order = async (query: string) => idsOf((await publicReviews(storeId, query).expect(200)).body);

    // Ratings by index: 1, 2, 3, 4, 5; newest first by index.
    expect(await order('')).toEqual(ids);
    expect(await order('sort=recent')).toEqual(ids);
    expect(await order('sort=highest')).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(await order('sort=lowest')).toEqual([ids[0], ids[1], ids[2], ids[3], ids[4]]);
    expect(await order('sort=media')).toEqual([ids[2], ids[0], ids[1], ids[3], ids[4]]);
    expect(await order('sort=helpful')).toEqual([ids[1], ids[0], ids[2], ids[3], ids[4]]);

    await agent.post(`/api/reviews/${ids[3]}/pin/`).expect(200);
    for (const sort of ['recent', 'highest', 'lowest', 'media', 'helpful']) {
      expect((await order(`sort=${sort}`))[0]).toBe(ids[3]);
    }
    expect(await order('sort=lowest')).toEqual([ids[3], ids[0], ids[1], ids[2], ids[4]]);

    const fourStars = (await publicReviews(storeId, 'rating=4').expect(200)).body as TPublicReviews;
    expect(idsOf(fourStars)).toEqual([ids[3]]);
    // The summary stays the product's: the filter narrows the list only.
    expect(fourStars).toMatchObject({ count: 5, average_rating: 3, next: null });
    expect(idsOf((await publicReviews(storeId, 'rating=2&sort=highest').expect(200)).body)).toEqual([ids[1]]);
    expect(idsOf((await publicReviews(storeId, 'rating=5&sort=helpful').expect(200)).body)).toEqual([ids[4]]);
  });

  it('pages a filtered, sorted list with links that keep the sort and filter', async () => {
    const owner = await registerOwner(t);
    // 10 reviews: ratings 1..5 twice.
    await seedReviews(t, owner.merchantId, 10, { productId: 'lamp', status: 'approved' });
    const first = (await publicReviews(owner.storeId, 'rating=3&sort=lowest&page_size=1').expect(200))
      .body as TPublicReviews;
    expect(first.results).toHaveLength(1);
    const next = new URL(first.next!, PUBLIC_URL);
    expect(Object.fromEntries(next.searchParams)).toMatchObject({ page: '2', sort: 'lowest', rating: '3' });
    const second = (await http.get(first.next!).expect(200)).body as TPublicReviews;
    expect(second.results).toHaveLength(1);
    expect(second.results[0].rating).toBe(3);
    expect(second.next).toBeNull();
    expect(new URL(second.previous!, PUBLIC_URL).searchParams.get('rating')).toBe('3');
    // The default view keeps today's links: no sort, no rating.
    const plain = (await publicReviews(owner.storeId, 'page_size=4').expect(200)).body as TPublicReviews;
    expect(new URL(plain.next!, PUBLIC_URL).search).not.toMatch(/sort|rating/);
  });

  it('refuses values outside the bounded set with 400 in the API error shape', async () => {
    const { storeId } = await registerOwner(t);
    for (const query of ['sort=newest', 'sort=', 'rating=0', 'rating=6', 'rating=4.5', 'rating=x']) {
      const res = await publicReviews(storeId, query).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ code: 'validation_error' });
      expect(Object.keys(res.body.fields)).toEqual([query.startsWith('sort') ? 'sort' : 'rating']);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('caches each variant under its own key, with its own ETag, CDN-cacheable at the data version', async () => {
    const { merchantId, storeId, ids } = await storeWithReviews();
    const version = await t.app.get(StorefrontCache).version(merchantId);
    expect(version).not.toBeNull();
    const seen = new Map<string, string>();
    // Six variants whose answers differ (with these reviews `lowest` is `recent`'s order, so it is not among them).
    for (const query of ['', 'sort=highest', 'sort=helpful', 'rating=4', 'rating=2', 'sort=media']) {
      // Asked twice: the second comes from the caches, and must still be this variant's answer.
      for (let i = 0; i < 2; i++) {
        const res = await publicReviews(storeId, `${query}&v=${version}`).expect(200);
        expect(res.headers['cache-control']).toBe(CDN_CACHE.versioned);
        expect(seen.get(res.headers.etag) ?? query).toBe(query);
        seen.set(res.headers.etag, query);
        await publicReviews(storeId, `${query}&v=${version}`).set('If-None-Match', res.headers.etag).expect(304);
      }
    }
    expect(seen.size).toBe(6);
    expect(idsOf((await publicReviews(storeId, 'sort=highest').expect(200)).body)[0]).toBe(ids[4]);
    expect(idsOf((await publicReviews(storeId, 'sort=lowest').expect(200)).body)[0]).toBe(ids[0]);
    // An ETag of one variant is no match for another.
    const highest = await publicReviews(storeId, 'sort=highest').expect(200);
    await publicReviews(storeId, 'sort=lowest').set('If-None-Match', highest.headers.etag).expect(200);
  });
});

describe('POST /api/reviews/public/{id}/helpful/', () => {
  const countOf = async (storeId: string, reviewId: string) =>
    ((await publicReviews(storeId, 'sort=helpful').expect(200)).body as TPublicReviews).results.find(
      (review) => review.id === reviewId,
    )!.helpful_count;

  it('counts one vote per shopper, shows the count in the answer once the data version changes, and sorts by it', async () => {
    const { merchantId, storeId, ids } = await storeWithReviews();
    const first = await vote(ids[4], { merchant_id: storeId, session_id: 'shopper-aaaaaaaa' }).expect(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.body).toEqual({ counted: true, helpful_count: 1 });
    // The same shopper again, from the same or another address: not counted twice.
    expect((await vote(ids[4], { merchant_id: storeId, session_id: 'shopper-aaaaaaaa' }).expect(200)).body).toEqual({
      counted: false,
      helpful_count: 1,
    });
    expect(
      (await vote(ids[4], { merchant_id: storeId, session_id: 'shopper-aaaaaaaa' }, '203.0.113.200').expect(200)).body,
    ).toEqual({ counted: false, helpful_count: 1 });
    // Another shopper, and the merchant UUID as the store's id, and application/json (a fetch) all count.
    await vote(ids[4], JSON.stringify({ merchant_id: merchantId, session_id: 'shopper-bbbbbbbb' })).expect(200);
    const viaJson = await http
      .post(`/api/reviews/public/${ids[4]}/helpful/`)
      .set('X-Forwarded-For', '203.0.113.201')
      .send({ merchant_id: storeId, session_id: 'shopper-cccccccc' })
      .expect(200);
    expect(viaJson.body).toEqual({ counted: true, helpful_count: 3 });
    const rows = await databaseOf(t).select().from(reviewVotes).where(eq(reviewVotes.reviewId, ids[4]));
    expect(rows).toHaveLength(3);
    // Addresses are stored only as a keyed hash.
    expect(rows.every((row) => /^[\w-]{43}$/.test(row.addressHash) && !row.addressHash.includes('203'))).toBe(true);

    // A vote does not change the data version, so cached answers stay; the count shows once the version changes.
    await t.app.get(StorefrontCache).invalidate(merchantId);
    expect(await countOf(storeId, ids[4])).toBe(3);
    expect(idsOf((await publicReviews(storeId, 'sort=helpful').expect(200)).body).slice(0, 2)).toEqual([
      ids[1], // 7 votes
      ids[4], // 3 votes
    ]);
  });

  it('answers a vote without changing the store data version', async () => {
    const { merchantId, storeId, ids } = await storeWithReviews();
    const cache = t.app.get(StorefrontCache);
    const before = await cache.version(merchantId);
    await vote(ids[0], { merchant_id: storeId, session_id: 'shopper-version1' }).expect(200);
    expect(await cache.version(merchantId)).toBe(before);
  });

  it('refuses another store’s review, an unpublished or deleted one, an unknown store and malformed votes', async () => {
    const a = await storeWithReviews();
    const b = await registerOwner(t);
    const [pending] = await seedReviews(t, a.merchantId, 1, { productId: 'lamp' });
    const session = { session_id: 'shopper-dddddddd' };
    const foreign = await vote(a.ids[0], { merchant_id: b.storeId, ...session }).expect(404);
    expect(foreign.body).toMatchObject({ code: 'unknown_review' });
    await vote(pending, { merchant_id: a.storeId, ...session }).expect(404);
    await a.agent.delete(`/api/reviews/${a.ids[1]}/`).expect(204);
    await vote(a.ids[1], { merchant_id: a.storeId, ...session }).expect(404);
    expect((await vote(a.ids[0], { merchant_id: 'no-such-store', ...session }).expect(404)).body.code).toBe(
      'unknown_store',
    );
    await vote('not-a-uuid', { merchant_id: a.storeId, ...session }).expect(404);
    expect((await vote(a.ids[0], '{not json').expect(400)).body.code).toBe('invalid_json');
    const bad = await vote(a.ids[0], { merchant_id: a.storeId, session_id: 'x' }).expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['session_id']);
    const counts = await databaseOf(t)
      .select({ n: reviews.helpfulCount })
      .from(reviews)
      .where(and(eq(reviews.merchantId, a.merchantId)));
    expect(counts.every((row) => row.n === 0 || row.n === 7)).toBe(true);
    expect(await databaseOf(t).select().from(reviewVotes).where(eq(reviewVotes.merchantId, a.merchantId))).toEqual([]);
  });

  it('counts only a few sessions of one address on one review', async () => {
    const { storeId, ids } = await storeWithReviews();
    const ip = '192.0.2.90';
    for (let i = 0; i < VOTES_PER_ADDRESS_REVIEW; i++) {
      const res = await vote(ids[0], { merchant_id: storeId, session_id: `household-${i}-aaaaaa` }, ip).expect(200);
      expect(res.body.counted).toBe(true);
    }
    const more = await vote(ids[0], { merchant_id: storeId, session_id: 'household-9-aaaaaa' }, ip).expect(200);
    expect(more.body).toEqual({ counted: false, helpful_count: VOTES_PER_ADDRESS_REVIEW });
    // Another review, or another address, still counts.
    expect(
      (await vote(ids[1], { merchant_id: storeId, session_id: 'household-9-aaaaaa' }, ip).expect(200)).body.counted,
    ).toBe(true);
    expect(
      (await vote(ids[0], { merchant_id: storeId, session_id: 'household-9-aaaaaa' }).expect(200)).body.counted,
    ).toBe(true);
  });

  it('is held to the beacons’ ceilings: address and store rates answer 429, new sessions past the address’s are ignored', async () => {
    const { merchantId, storeId, ids } = await storeWithReviews();
    const other = await storeWithReviews();
    const limits = t.app.get(RateLimits);

    // The address's request rate, shared with its beacons.
    const ip = '192.0.2.91';
    for (let i = 0; i < EVENT_BATCHES_PER_IP.limit; i++) await limits.hit(EVENT_BATCHES_PER_IP, ip);
    const throttled = await vote(ids[0], { merchant_id: storeId, session_id: 'rate-aaaaaaaa' }, ip).expect(429);
    expect(throttled.body.code).toBe('throttled');
    expect(throttled.headers['retry-after']).toBeDefined();

    // New sessions one address starts on the store (its beacons' counter): past the ceiling, votes count for nothing.
    const burst = '192.0.2.92';
    for (let i = 0; i < NEW_SESSIONS_PER_IP.limit; i++) {
      await limits.hit(NEW_SESSIONS_PER_IP, `${merchantId}:${burst}`);
    }
    expect(
      (await vote(ids[0], { merchant_id: storeId, session_id: 'burst-aaaaaaaa' }, burst).expect(200)).body,
    ).toEqual({
      counted: false,
      helpful_count: 0,
    });
    // A session the store knows from its beacons is no new one.
    await http
      .post('/api/widgets/events/')
      .set('X-Forwarded-For', '192.0.2.93')
      .send({ merchant_id: storeId, session_id: 'known-aaaaaaaa', events: [{ type: 'view', product_id: 'lamp' }] })
      .expect(202);
    expect(
      (await vote(ids[0], { merchant_id: storeId, session_id: 'known-aaaaaaaa' }, burst).expect(200)).body.counted,
    ).toBe(true);

    // The store's ceiling, whatever the address; another store is not affected.
    for (let i = 0; i < EVENT_BATCHES_PER_STORE.limit; i++) await limits.hit(EVENT_BATCHES_PER_STORE, merchantId);
    await vote(ids[1], { merchant_id: storeId, session_id: 'store-aaaaaaaa' }).expect(429);
    await vote(other.ids[1], { merchant_id: other.storeId, session_id: 'store-aaaaaaaa' }).expect(200);
  });

  it('answers the CORS preflight of a fetch', async () => {
    const { ids } = await storeWithReviews();
    const res = await http
      .options(`/api/reviews/public/${ids[0]}/helpful/`)
      .set('Origin', 'https://shop.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
