import request from 'supertest';
import { ProductsRepository } from '../../server/products/products.repository.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { StorefrontCache } from '../../server/storefront/storefront-cache.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { handleOf, startTestApp, type TestApp } from '../support/test-app.js';

// GET /api/reviews/public/all/: a store's "Reviews" page, every product's published reviews with their product,
// paged, sorted and cached like one product's.

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

const all = (query: string) => http.get(`/api/reviews/public/all/?${query}`).set('Origin', 'https://shop.example');

/** `lamp` and `mug` from the platform's catalogue (3 and 2 approved reviews), `vase` only a shopper's page named. */
async function store() {
  const owner = await registerOwner(t);
  await new ProductsRepository(handleOf(t)).upsertFromPlatform(owner.merchantId, [
    {
      externalId: 'lamp',
      name: 'Desk Lamp',
      url: 'https://shop.example/products/lamp',
      sku: null,
      imageUrl: null,
      priceAmount: null,
      currency: null,
      archived: false,
    },
    {
      externalId: 'mug',
      name: 'Mug',
      url: null,
      sku: null,
      imageUrl: null,
      priceAmount: null,
      currency: null,
      archived: false,
    },
  ]);
  const lamp = await seedReviews(t, owner.merchantId, 3, { productId: 'lamp', status: 'approved' });
  const mug = await seedReviews(t, owner.merchantId, 2, { productId: 'mug', status: 'approved' });
  await seedReviews(t, owner.merchantId, 2, { productId: 'mug' });
  await seedReviews(t, owner.merchantId, 1, { productId: 'vase', productName: 'Shopper said', status: 'approved' });
  await t.app.get(StorefrontCache).invalidate(owner.merchantId);
  return { ...owner, lamp, mug };
}

describe('GET /api/reviews/public/all/', () => {
  it("lists every product's published reviews with its product, and the store's summary", async () => {
    const { storeId } = await store();
    const body = (await all(`merchant_id=${storeId}`).expect(200)).body as TPublicReviews;
    // lamp 1, 2, 3; mug 1, 2; vase 1.
    expect(body).toMatchObject({ count: 6, average_rating: 1.7, product: null, next: null, previous: null });
    expect(body.distribution).toEqual({ 1: 3, 2: 2, 3: 1, 4: 0, 5: 0 });
    expect(body.results).toHaveLength(6);
    const products = body.results.map((review) => review.product);
    expect(products).toEqual(
      expect.arrayContaining([
        { id: 'lamp', name: 'Desk Lamp', url: 'https://shop.example/products/lamp' },
        { id: 'mug', name: 'Mug', url: null },
        // What a shopper's page said is never published back.
        null,
      ]),
    );
    expect(JSON.stringify(body)).not.toContain('Shopper said');
    // One product's answer stays as it was: no product on its reviews.
    const one = (await http.get(`/api/reviews/public/?merchant_id=${storeId}&product_id=lamp`).expect(200))
      .body as TPublicReviews;
    expect(one.results.every((review) => !('product' in review))).toBe(true);
  });

  it('pages with links that stay on the all-products list, sorts and filters, cached at the data version', async () => {
    const { storeId, merchantId } = await store();
    const first = (await all(`merchant_id=${storeId}&page_size=4&sort=highest`).expect(200)).body as TPublicReviews;
    expect(first.results.map((review) => review.rating)).toEqual([3, 2, 2, 1]);
    const next = new URL(first.next!, PUBLIC_URL);
    expect(next.pathname).toBe('/api/reviews/public/all/');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      merchant_id: storeId,
      page: '2',
      page_size: '4',
      sort: 'highest',
    });
    const second = (await http.get(first.next!).expect(200)).body as TPublicReviews;
    expect(second.results.map((review) => review.rating)).toEqual([1, 1]);
    expect(second.next).toBeNull();
    expect(
      ((await all(`merchant_id=${storeId}&rating=2`).expect(200)).body as TPublicReviews).results.map((r) => r.rating),
    ).toEqual([2, 2]);

    const version = await t.app.get(StorefrontCache).version(merchantId);
    const kept = await all(`merchant_id=${storeId}&v=${version}`).expect(200);
    expect(kept.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect((await all(`merchant_id=${storeId}`).expect(200)).headers['cache-control']).toBe(CDN_CACHE.short);
    await all(`merchant_id=${storeId}&v=${version}`)
      .set('If-None-Match', kept.headers.etag as string)
      .expect(304);
  });

  it('refuses bad input with 400 and an unknown store with 404, in the API error shape', async () => {
    const { storeId } = await registerOwner(t);
    for (const [query, field] of [
      ['', 'merchant_id'],
      [`merchant_id=${storeId}&page=0`, 'page'],
      [`merchant_id=${storeId}&page_size=101`, 'page_size'],
      [`merchant_id=${storeId}&sort=newest`, 'sort'],
    ]) {
      const res = await all(query).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_error' });
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    expect((await all('merchant_id=nobody').expect(404)).body).toMatchObject({ code: 'unknown_store' });
  });
});

describe('GET /api/widgets/configuration/ (the store’s own)', () => {
  it('answers the store’s settings with no product’s override, even of a product whose id looks like a page’s', async () => {
    const { agent, storeId, merchantId } = await registerOwner(t);
    await agent
      .post('/api/widgets/global-settings/')
      .send({ primary_color: '#112233', layout: 'carousel' })
      .expect(200);
    for (const product_id of ['all-reviews', 'lamp']) {
      await seedReviews(t, merchantId, 1, { productId: product_id, status: 'approved' });
      await agent
        .post('/api/widgets/product-overrides/set_override/')
        .send({ product_id, position: 'custom', custom_selector: '#elsewhere', enabled: false })
        .expect(200);
    }
    const url = `/api/widgets/configuration/?merchant_id=${storeId}`;
    const own = await http.get(url).set('Origin', 'https://shop.example').expect(200);
    expect(own.body).toMatchObject({
      store_id: storeId,
      product_id: null,
      enabled: true,
      custom_selector: null,
      settings: { primary_color: '#112233', layout: 'carousel' },
    });
    expect(own.headers['access-control-allow-origin']).toBe('*');
    // A product's own configuration still has its override.
    expect(
      (await http.get(`/api/widgets/configuration/all-reviews/?merchant_id=${storeId}`).expect(200)).body,
    ).toMatchObject({ product_id: 'all-reviews', enabled: false, custom_selector: '#elsewhere' });

    const version = await t.app.get(StorefrontCache).version(merchantId);
    const kept = await http.get(`${url}&v=${version}`).expect(200);
    expect(kept.headers['cache-control']).toBe(CDN_CACHE.versioned);
    await http
      .get(`${url}&v=${version}`)
      .set('If-None-Match', kept.headers.etag as string)
      .expect(304);
    expect((await http.get('/api/widgets/configuration/').expect(400)).body).toMatchObject({
      code: 'validation_error',
      fields: { merchant_id: expect.any(Array) },
    });
    expect((await http.get('/api/widgets/configuration/?merchant_id=nobody').expect(404)).body).toMatchObject({
      code: 'unknown_store',
    });
  });
});
