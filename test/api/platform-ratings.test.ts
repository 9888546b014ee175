import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { TInstallResult } from '../../shared/integrations.js';
import { merchants, plans, platformReviewCopies, products, subscriptions } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { PlatformRatingsService } from '../../server/platform-ratings/platform-ratings.service.js';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce.js';
import { productPayload, startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { startFakeTiendaNube, type FakeTiendaNube } from '../fakes/tiendanube.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, browserAgent, registerOwner, registration, type Agent } from '../support/accounts.js';
import { inboxIdle, installFromAdmin, installedStore, shopifyEnv } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';
import { tiendaNubeEnv } from '../support/tiendanube.js';

// Products' ratings on their platforms (README "Ratings on the platforms"): Shopify's standard reviews.rating and
// reviews.rating_count metafields and Tienda Nube's product metafields follow the published reviews, one call per
// product after a burst of changes; on BigCommerce, the published reviews themselves, copied into the store's own.

const QUEUE = 'platform-ratings';
const PLAN = 'scale';
let shopify: FakeShopify;
let tn: FakeTiendaNube;
let bc: FakeBigCommerce;
let t: TestApp;

beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'ratings-key', apiSecret: 'ratings-secret' });
  tn = await startFakeTiendaNube({
    clientId: '6160',
    clientSecret: 'tn-ratings',
    redirectUrl: `${PUBLIC_URL}/register`,
  });
  bc = await startFakeBigCommerce({});
  t = await startTestApp({
    env: {
      ...shopifyEnv(shopify),
      ...tiendaNubeEnv(tn),
      BIGCOMMERCE_API_URL: bc.url,
      // Longer than a test's pause between two approvals, so a burst is one call.
      PLATFORM_RATINGS_DELAY_MS: '1500',
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([shopify.close(), tn.close(), bc.close()]);
});

/** Waits until the ratings queue has nothing waiting, delayed or running; returns its failed count. */
async function ratingsSynced(): Promise<number> {
  const queue = t.app.get(JobQueue);
  for (let i = 0; i < 200; i++) {
    await queue.settled();
    const row = (await queue.counts()).find((count) => count.queue === QUEUE);
    if (!row || row.due + row.scheduled + row.active === 0) return row?.failed ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the ratings queue never emptied');
}

const ratingCalls = (shop: string) =>
  shopify.requests.filter((r) => r.path.startsWith(`/${shop}/`) && r.operationName === 'RatingsSet').length;
const rating = (value: string) => ({
  type: 'rating',
  value: JSON.stringify({ value, scale_min: '1.0', scale_max: '5.0' }),
});
const count = (value: number) => ({ type: 'number_integer', value: String(value) });

/** Seeded pending reviews of a product, rated 1, 2, 3, 4, 5, 1 … in order. */
const seed = (merchantId: string, productId: string, n: number) =>
  seedReviews(t, merchantId, n, { productId, productName: `Product ${productId}` });

/** Room for more published reviews than the free plan has. */
async function onPlan(merchantId: string, code: string): Promise<void> {
  const db = databaseOf(t);
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, code));
  await db.insert(subscriptions).values({ merchantId, planId: plan!.id, provider: 'none', status: 'active' });
}

const approve = (agent: Agent, id: string) => agent.post(`/api/reviews/${id}/approve/`).expect(200);

describe('Shopify', () => {
  it('sets reviews.rating and reviews.rating_count from the published reviews, following rejections, deletions and edits', async () => {
    const store = await installedStore(t, shopify, [
      { id: '9001', title: 'Mug', handle: 'mug' },
      { id: '9002', title: 'Cup', handle: 'cup' },
    ]);
    expect(shopify.authorizations.at(-1)?.scopes).toContain('write_products');
    expect((await store.owner.get('/api/integrations/shopify/').expect(200)).body).toMatchObject({
      ratings_synced: true,
    });
    const ids = await seed(store.merchantId, '9001', 5);
    await approve(store.owner, ids[3]); // 4
    await approve(store.owner, ids[4]); // 5
    expect(await ratingsSynced()).toBe(0);
    expect(shopify.productMetafields(store.shop, '9001')).toEqual({
      'reviews.rating': rating('4.5'),
      'reviews.rating_count': count(2),
    });
    expect(shopify.productMetafields(store.shop, '9002')).toEqual({});
    expect(shopify.definitions(store.shop).map((d) => `${d.ownerType} ${d.namespace}.${d.key} ${d.type}`)).toEqual([
      'PRODUCT reviews.rating rating',
      'PRODUCT reviews.rating_count number_integer',
    ]);

    await approve(store.owner, ids[0]); // 1: (4 + 5 + 1) / 3
    await ratingsSynced();
    expect(shopify.productMetafields(store.shop, '9001')['reviews.rating']).toEqual(rating('3.3'));

    await store.owner.post(`/api/reviews/${ids[0]}/reject/`).expect(200);
    await ratingsSynced();
    expect(shopify.productMetafields(store.shop, '9001')['reviews.rating_count']).toEqual(count(2));

    await store.owner.patch(`/api/reviews/${ids[3]}/`).send({ rating: 2 }).expect(200); // 2 + 5
    await ratingsSynced();
    expect(shopify.productMetafields(store.shop, '9001')['reviews.rating']).toEqual(rating('3.5'));

    // Moved to the other product: both change.
    await store.owner.patch(`/api/reviews/${ids[4]}/`).send({ product_id: '9002' }).expect(200);
    await ratingsSynced();
    expect(shopify.productMetafields(store.shop, '9001')).toEqual({
      'reviews.rating': rating('2.0'),
      'reviews.rating_count': count(1),
    });
    expect(shopify.productMetafields(store.shop, '9002')).toEqual({
      'reviews.rating': rating('5.0'),
      'reviews.rating_count': count(1),
    });

    // The last published review deleted: a count of 0 and no rating left for the theme's stars; restored, back.
    await store.owner.delete(`/api/reviews/${ids[3]}/`).expect(204);
    await ratingsSynced();
    expect(shopify.productMetafields(store.shop, '9001')).toEqual({ 'reviews.rating_count': count(0) });
    await store.owner.post(`/api/reviews/${ids[3]}/restore/`).expect(200);
    await ratingsSynced();
    expect(shopify.productMetafields(store.shop, '9001')).toEqual({
      'reviews.rating': rating('2.0'),
      'reviews.rating_count': count(1),
    });

    // Definitions were enabled once for this connection, however many syncs ran.
    const enables = shopify.requests.filter(
      (r) => r.path.startsWith(`/${store.shop}/`) && r.operationName === 'RatingDefinitionEnable',
    );
    expect(enables).toHaveLength(2);
  });

  it('makes one metafieldsSet per product for a burst of approvals, single and bulk', async () => {
    const store = await installedStore(t, shopify, [
      { id: '9101', title: 'Teapot', handle: 'teapot' },
      { id: '9102', title: 'Kettle', handle: 'kettle' },
    ]);
    await onPlan(store.merchantId, PLAN);
    const teapot = await seed(store.merchantId, '9101', 20);
    const kettle = await seed(store.merchantId, '9102', 10);
    const before = ratingCalls(store.shop);
    for (const id of teapot) await approve(store.owner, id);
    await store.owner.post('/api/reviews/bulk/').send({ action: 'approve', ids: kettle }).expect(200);
    expect(await ratingsSynced()).toBe(0);

    expect(ratingCalls(store.shop) - before).toBe(2);
    // 20 reviews rated 1–5 four times: 3.0; 10 rated 1–5 twice: 3.0.
    expect(shopify.productMetafields(store.shop, '9101')).toEqual({
      'reviews.rating': rating('3.0'),
      'reviews.rating_count': count(20),
    });
    expect(shopify.productMetafields(store.shop, '9102')['reviews.rating_count']).toEqual(count(10));
  });

  it('leaves out products a storefront page named, which Shopify does not know', async () => {
    const store = await installedStore(t, shopify, [{ id: '9201', title: 'Bowl', handle: 'bowl' }]);
    const [id] = await seed(store.merchantId, 'page-only-product', 1);
    const [row] = await databaseOf(t)
      .select({ source: products.source })
      .from(products)
      .where(eq(products.externalId, 'page-only-product'));
    expect(row.source).toBe('storefront');
    const before = shopify.requests.length;
    await approve(store.owner, id);
    expect(await ratingsSynced()).toBe(0);
    expect(shopify.requests.slice(before).filter((r) => r.operationName?.startsWith('Rating'))).toEqual([]);
  });

  it('skips a store installed without write_products, logging it, with no job failing', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const store = await installedStore(t, shopify, [{ id: '9301', title: 'Plate', handle: 'plate' }]);
      // Installed before the app asked for write_products: the token and the noted scopes lack it.
      const old = 'read_products,read_orders,read_themes,read_locales,write_discounts';
      shopify.setScopes(store.shop, old.split(','));
      await databaseOf(t).update(merchants).set({ accessScopes: old }).where(eq(merchants.id, store.merchantId));
      // The integration page asks for a reconnect.
      expect((await store.owner.get('/api/integrations/shopify/').expect(200)).body).toMatchObject({
        connected: true,
        ratings_synced: false,
      });
      const [id] = await seed(store.merchantId, '9301', 1);
      await approve(store.owner, id);
      expect(await ratingsSynced()).toBe(0);
      expect(shopify.productMetafields(store.shop, '9301')).toEqual({});
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ merchantId: store.merchantId, missing: 'write_products' }),
        expect.stringMatching(/no access/),
      );

      // Noted with the scope but refused by Shopify (access changed since): Shopify's ACCESS_DENIED, the same skip.
      await databaseOf(t)
        .update(merchants)
        .set({ accessScopes: `${old},write_products` })
        .where(eq(merchants.id, store.merchantId));
      warn.mockClear();
      await store.owner.post(`/api/reviews/${id}/reject/`).expect(200);
      expect(await ratingsSynced()).toBe(0);
      const denied = shopify.requests.filter(
        (r) => r.path.startsWith(`/${store.shop}/`) && r.operationName === 'RatingDefinitionEnable',
      );
      expect(denied.length).toBeGreaterThan(0);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ merchantId: store.merchantId, missing: 'write_products' }),
        expect.stringMatching(/no access/),
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('Shopify, reconnected', () => {
  it('syncs the rated products once a reconnect brings the scope; a product update that changes nothing writes nothing', async () => {
    const store = await installedStore(t, shopify, [{ id: '9501', title: 'Spoon', handle: 'spoon' }]);
    const old = 'read_products,read_orders,read_themes,read_locales,write_discounts';
    shopify.setScopes(store.shop, old.split(','));
    await databaseOf(t).update(merchants).set({ accessScopes: old }).where(eq(merchants.id, store.merchantId));
    const ids = await seed(store.merchantId, '9501', 2);
    for (const id of ids) await approve(store.owner, id);
    expect(await ratingsSynced()).toBe(0);
    expect(shopify.productMetafields(store.shop, '9501')).toEqual({});

    // Installed again from Shopify's admin: the app asks for its scopes, the catalogue syncs, the ratings follow.
    await installFromAdmin(store.owner, shopify, store.shop);
    await inboxIdle(t);
    expect(await ratingsSynced()).toBe(0);
    expect(shopify.productMetafields(store.shop, '9501')).toEqual({
      'reviews.rating': rating('1.5'),
      'reviews.rating_count': count(2),
    });

    const before = ratingCalls(store.shop);
    const update = JSON.stringify(productPayload({ id: '9501', title: 'Spoon!', handle: 'spoon' }));
    await request(t.app.getHttpServer())
      .post('/api/webhooks/shopify/')
      .set(shopify.webhookHeaders('products/update', store.shop, update))
      .send(update)
      .expect(200);
    await inboxIdle(t);
    expect(await ratingsSynced()).toBe(0);
    expect(ratingCalls(store.shop)).toBe(before);
    expect(
      shopify.requests.filter((r) => r.path.startsWith(`/${store.shop}/`) && r.operationName === 'RatingsRead').length,
    ).toBeGreaterThan(0);
  });
});

describe('fake Shopify metafields', () => {
  it('validates metafieldsSet as Shopify does: ≤ 25 inputs, owner gids, types and rating values', async () => {
    const store = await installedStore(t, shopify, [{ id: '9401', title: 'Jug', handle: 'jug' }]);
    const token = shopify.tokenOf(store.shop)!;
    const call = async (metafields: unknown[]) => {
      const res = await fetch(`${shopify.url}/${store.shop}/admin/api/2026-07/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
        body: JSON.stringify({
          query: 'mutation RatingsSet { x }',
          operationName: 'RatingsSet',
          variables: { metafields },
        }),
      });
      return (await res.json()) as {
        data?: { metafieldsSet: { userErrors: Array<{ code: string }> } };
        errors?: Array<{ message: string; extensions?: { code?: string } }>;
      };
    };
    const input = (value: string, type = 'rating', ownerId = 'gid://shopify/Product/9401') => ({
      ownerId,
      namespace: 'reviews',
      key: type === 'rating' ? 'rating' : 'rating_count',
      type,
      value,
    });
    expect(
      (await call(Array.from({ length: 26 }, () => input('3', 'number_integer')))).errors?.[0].extensions?.code,
    ).toBe('MAX_INPUT_SIZE_EXCEEDED');
    expect((await call([input('3', 'number_integer', '9401')])).errors?.[0].message).toMatch(/Invalid global id/);
    const codes = async (value: string, type?: string, owner?: string) =>
      (await call([input(value, type, owner)])).data?.metafieldsSet.userErrors.map((e) => e.code);
    expect(await codes('{"value":"6.0","scale_min":"1.0","scale_max":"5.0"}')).toEqual(['INVALID_VALUE']);
    expect(await codes('{"value":4.5,"scale_min":"1.0","scale_max":"5.0"}')).toEqual(['INVALID_VALUE']);
    expect(await codes('4.5')).toEqual(['INVALID_VALUE']);
    expect(await codes('2.5', 'number_integer')).toEqual(['INVALID_VALUE']);
    expect(await codes('3', 'integer')).toEqual(['INVALID_TYPE']);
    expect(await codes('3', 'number_integer', 'gid://shopify/Product/1')).toEqual(['INVALID']);
    expect(await codes('{"value":"4.5","scale_min":"1.0","scale_max":"5.0"}')).toEqual([]);
    expect(shopify.productMetafields(store.shop, '9401')['reviews.rating']).toEqual(rating('4.5'));

    shopify.setScopes(store.shop, ['read_products']);
    const denied = await call([input('3', 'number_integer')]);
    expect(denied.errors?.[0].extensions?.code).toBe('ACCESS_DENIED');
    expect(denied.data).toEqual({ metafieldsSet: null });
  });
});

describe('Tienda Nube', () => {
  async function tiendaNubeStore(scopes?: string[]) {
    const store = tn.addStore({});
    tn.addProducts(store.id, [
      { id: 7001, name: 'Mate' },
      { id: 7002, name: 'Bombilla' },
    ]);
    if (scopes) tn.setScopes(store.id, scopes);
    const owner = browserAgent(t);
    const res = await owner
      .post('/api/auth/install/')
      .send({ code: tn.issueCode(store.id) })
      .expect(200);
    const body = registration({ merchant_id: (res.body as TInstallResult).merchant_id });
    const user = await owner.post('/api/auth/register/').send(body).expect(201);
    await inboxIdle(t);
    return { store, owner, merchantId: user.body.merchant.id as string };
  }

  it('keeps reviews.rating and reviews.rating_count product metafields, one write each per burst', async () => {
    const { store, owner, merchantId } = await tiendaNubeStore();
    await onPlan(merchantId, PLAN);
    const ids = await seed(merchantId, '7001', 10);
    for (const id of ids) await approve(owner, id);
    expect(await ratingsSynced()).toBe(0);
    expect(tn.productMetafields(store.id, 7001)).toEqual({ 'reviews.rating': '3.0', 'reviews.rating_count': '10' });
    expect(tn.productMetafields(store.id, 7002)).toEqual({});
    const writes = tn.requests.filter((r) => r.path.startsWith(`/v1/${store.id}/metafields`) && r.method !== 'GET');
    expect(writes).toHaveLength(2);

    await owner.post(`/api/reviews/${ids[9]}/reject/`).expect(200); // drops a 5: 25 / 9
    await ratingsSynced();
    expect(tn.productMetafields(store.id, 7001)).toEqual({ 'reviews.rating': '2.8', 'reviews.rating_count': '9' });

    await owner.post('/api/reviews/bulk/').send({ action: 'delete', ids }).expect(200);
    await ratingsSynced();
    expect(tn.productMetafields(store.id, 7001)).toEqual({ 'reviews.rating_count': '0' });
  });

  it('skips a store whose token lacks write_products', async () => {
    const { store, owner, merchantId } = await tiendaNubeStore([
      'read_content',
      'read_products',
      'read_orders',
      'write_scripts',
    ]);
    const status = async () => (await owner.get('/api/integrations/tiendanube/').expect(200)).body;
    expect(await status()).toMatchObject({ connected: true, ratings_refused: false });
    const [id] = await seed(merchantId, '7001', 1);
    await approve(owner, id);
    expect(await ratingsSynced()).toBe(0);
    expect(tn.metafields(store.id)).toEqual([]);
    // The page tells the merchant to install the app again.
    expect(await status()).toMatchObject({ connected: true, ratings_refused: true });
  });
});

describe('BigCommerce', () => {
  async function bigCommerceStore() {
    const store = bc.addStore();
    bc.addProducts(store.hash, [
      { id: 111, name: 'Canvas Tote', price: '35.50' },
      { id: 112, name: 'Canvas Apron', price: '20.00' },
    ]);
    const owner = await registerOwner(t);
    await owner.agent
      .post('/api/auth/bigcommerce/connect/')
      .send({ client_id: store.clientId, store_hash: store.hash, access_token: store.accessToken })
      .expect(200);
    await inboxIdle(t);
    return { store, owner: owner.agent, merchantId: owner.merchantId };
  }
  const nativeReviews = (hash: string) =>
    bc
      .reviews(hash)
      .map((r) => ({ product: r.product_id, rating: r.rating, name: r.name, title: r.title, status: r.status }))
      .sort((a, b) => a.product - b.product || a.rating - b.rating);
  const choose = (owner: Agent, enabled: boolean) =>
    owner.put('/api/integrations/bigcommerce/native-reviews/').send({ enabled }).expect(200);

  it('copies published reviews into the store’s own when chosen, in step with moderation, edits, moves and deletions', async () => {
    const { store, owner, merchantId } = await bigCommerceStore();
    const ids = await seedReviews(t, merchantId, 3, {
      productId: '111',
      customerName: (i) => `Buyer ${i}`,
      comment: (i) => (i === 2 ? '' : `Sturdy canvas, review ${i}.\nSecond line.`),
    });
    for (const id of ids.slice(0, 2)) await approve(owner, id);
    expect(await ratingsSynced()).toBe(0);
    // Not chosen: nothing copied.
    expect(bc.reviews(store.hash)).toEqual([]);
    expect((await owner.get('/api/integrations/bigcommerce/').expect(200)).body).toMatchObject({
      native_reviews: false,
    });

    const chosen = await choose(owner, true);
    expect(chosen.body).toMatchObject({ native_reviews: true, connected: true });
    // The store is part of the session every instance keeps: the next read sees the choice.
    expect((await owner.get('/api/integrations/bigcommerce/').expect(200)).body).toMatchObject({
      native_reviews: true,
    });
    expect(await ratingsSynced()).toBe(0);
    expect(nativeReviews(store.hash)).toEqual([
      { product: 111, rating: 1, name: 'Buyer 0', title: 'Sturdy canvas, review 0.', status: 'approved' },
      { product: 111, rating: 2, name: 'Buyer 1', title: 'Sturdy canvas, review 1.', status: 'approved' },
    ]);
    const [first] = bc.reviews(store.hash);
    expect(first).toMatchObject({ text: 'Sturdy canvas, review 0.\nSecond line.', email: expect.any(String) });

    // A review without text is titled with its stars; an approval adds it, a rejection removes it.
    await approve(owner, ids[2]);
    await owner.post(`/api/reviews/${ids[0]}/reject/`).expect(200);
    await ratingsSynced();
    expect(nativeReviews(store.hash)).toEqual([
      { product: 111, rating: 2, name: 'Buyer 1', title: 'Sturdy canvas, review 1.', status: 'approved' },
      { product: 111, rating: 3, name: 'Buyer 2', title: '★★★☆☆', status: 'approved' },
    ]);

    // An edit changes the copy in place; a review moved to another product moves with it.
    const copyOf1 = bc.reviews(store.hash).find((r) => r.name === 'Buyer 1')!.id;
    await owner.patch(`/api/reviews/${ids[1]}/`).send({ rating: 5 }).expect(200);
    await ratingsSynced();
    expect(bc.reviews(store.hash).find((r) => r.id === copyOf1)).toMatchObject({ rating: 5 });
    await owner.patch(`/api/reviews/${ids[2]}/`).send({ product_id: '112' }).expect(200);
    await ratingsSynced();
    expect(nativeReviews(store.hash)).toEqual([
      { product: 111, rating: 5, name: 'Buyer 1', title: 'Sturdy canvas, review 1.', status: 'approved' },
      { product: 112, rating: 3, name: 'Buyer 2', title: '★★★☆☆', status: 'approved' },
    ]);

    // A job run again writes nothing: each copy is written only when what it holds changes.
    const writes = () => bc.requests.filter((r) => r.path.includes('/reviews') && r.method !== 'GET').length;
    const before = writes();
    await t.app.get(PlatformRatingsService).changed(merchantId, { reviewIds: ids });
    await ratingsSynced();
    expect(writes()).toBe(before);

    // A copy made just before an instance died, its id never stored: the retry finds it on BigCommerce (same
    // reviewer, stars and date) and keeps it, instead of making a second.
    const db = databaseOf(t);
    const [lost] = await db.delete(platformReviewCopies).where(eq(platformReviewCopies.reviewId, ids[2])).returning();
    await t.app.get(PlatformRatingsService).changed(merchantId, { reviewIds: [ids[2]] });
    expect(await ratingsSynced()).toBe(0);
    expect(nativeReviews(store.hash)).toHaveLength(2);
    expect(
      (await db.select().from(platformReviewCopies).where(eq(platformReviewCopies.reviewId, ids[2])))[0],
    ).toMatchObject({ externalReviewId: lost.externalReviewId, externalProductId: lost.externalProductId });

    await owner.delete(`/api/reviews/${ids[1]}/`).expect(204);
    await ratingsSynced();
    expect(nativeReviews(store.hash).map((r) => r.name)).toEqual(['Buyer 2']);

    // Turned off: the copies go.
    expect((await choose(owner, false)).body).toMatchObject({ native_reviews: false });
    expect(await ratingsSynced()).toBe(0);
    expect(bc.reviews(store.hash)).toEqual([]);
  });

  it('says so when a read-only API account refuses the copies, until the scope is granted and the store reconnected', async () => {
    const { store, owner, merchantId } = await bigCommerceStore();
    const [id] = await seedReviews(t, merchantId, 1, { productId: '111', customerName: () => 'Buyer 0' });
    await approve(owner, id);
    expect(await ratingsSynced()).toBe(0);
    const status = async () => (await owner.get('/api/integrations/bigcommerce/').expect(200)).body;
    expect(await status()).toMatchObject({ native_reviews: false, native_reviews_refused: false });

    // The merchant set Products to read-only: BigCommerce answers 403. The job does not fail; the page says why.
    store.readOnlyProducts = true;
    await choose(owner, true);
    expect(await ratingsSynced()).toBe(0);
    expect(bc.reviews(store.hash)).toEqual([]);
    expect(await status()).toMatchObject({ native_reviews: true, native_reviews_refused: true });

    // Granted, then reconnected: the catalogue sync sends the rated product again, the copy goes and the warning too.
    store.readOnlyProducts = false;
    await owner
      .post('/api/auth/bigcommerce/connect/')
      .send({ client_id: store.clientId, store_hash: store.hash, access_token: store.accessToken })
      .expect(200);
    expect(await ratingsSynced()).toBe(0);
    expect(nativeReviews(store.hash)).toEqual([
      { product: 111, rating: 1, name: 'Buyer 0', title: expect.any(String), status: 'approved' },
    ]);
    expect(await status()).toMatchObject({ native_reviews: true, native_reviews_refused: false });
  });

  it('is refused for a store not on BigCommerce, and for a body that is not a yes or no', async () => {
    const owner = await registerOwner(t);
    const res = await owner.agent
      .put('/api/integrations/bigcommerce/native-reviews/')
      .send({ enabled: true })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'not_connected' });
    const bad = await owner.agent.put('/api/integrations/bigcommerce/native-reviews/').send({ enabled: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('enabled');
  });
});
