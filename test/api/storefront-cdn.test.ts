import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import type { TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Storefront answers behind a CDN: the loader names the store's data version, the widget puts it in its calls, and an
// answer to the current version may be kept long because its URL changes when the data does.

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

/** The data version the loader hands the widget (its `data-version`), read by running the loader as a page would. */
async function loaderVersion(client: ReturnType<typeof request>, storeId: string): Promise<string> {
  const res = await client.get(`/widget/v1/${storeId}.js`).set('Accept-Encoding', 'identity').expect(200);
  expect(res.headers['cache-control']).toBe(CDN_CACHE.loader);
  const appended: Array<{ dataset: Record<string, string> }> = [];
  const document = {
    createElement: () => ({ dataset: {} }),
    head: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
  };
  runInNewContext(res.text, { document, window: {}, console });
  return appended[0].dataset.version;
}

const reviewsAt = (client: ReturnType<typeof request>, storeId: string, version?: string) =>
  client
    .get(`/api/reviews/public/?product_id=mug&merchant_id=${storeId}${version === undefined ? '' : `&v=${version}`}`)
    .set('Origin', 'https://shop.example')
    .expect(200);

const configurationAt = (storeId: string, version?: string) =>
  http
    .get(`/api/widgets/configuration/mug/?merchant_id=${storeId}${version === undefined ? '' : `&v=${version}`}`)
    .expect(200);

describe('versioned storefront URLs', () => {
  it('keeps answers to the version the loader names long, and any other URL briefly', async () => {
    const { agent, merchantId, storeId } = await registerOwner(t);
    const [first] = await seedReviews(t, merchantId, 1, { productId: 'mug' });
    await agent.post(`/api/reviews/${first}/approve/`).expect(200);

    const version = await loaderVersion(http, storeId);
    expect(version).toMatch(/^[\w-]+\.\d+$/);
    expect(await loaderVersion(http, storeId)).toBe(version);

    const kept = await reviewsAt(http, storeId, version);
    expect(kept.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect(kept.headers['access-control-allow-origin']).toBe('*');
    expect(kept.headers.vary).toBe('Accept-Encoding');
    expect((kept.body as TPublicReviews).count).toBe(1);
    expect((await configurationAt(storeId, version)).headers['cache-control']).toBe(CDN_CACHE.versioned);
    // No version, or one that is not the store's: the same answer, kept briefly.
    for (const other of [undefined, 'not-a-version', `${version}0`]) {
      const res = await reviewsAt(http, storeId, other);
      expect(res.headers['cache-control']).toBe(CDN_CACHE.short);
      expect(res.headers.etag).toBe(kept.headers.etag);
    }
    // Revalidation still answers 304 on a versioned URL.
    await http
      .get(`/api/reviews/public/?product_id=mug&merchant_id=${storeId}&v=${version}`)
      .set('If-None-Match', kept.headers.etag as string)
      .expect(304);
    for (const cacheControl of [CDN_CACHE.versioned, CDN_CACHE.short]) {
      expect(cacheControl).toMatch(/\bs-maxage=\d+/);
      expect(cacheControl).toMatch(/\bstale-while-revalidate=\d+/);
    }
  });

  it('gives the loader a new version when a setting is saved or a review approved; older URLs still answer', async () => {
    const { agent, merchantId, storeId } = await registerOwner(t);
    const [first, second] = await seedReviews(t, merchantId, 2, { productId: 'mug' });
    await agent.post(`/api/reviews/${first}/approve/`).expect(200);
    const v1 = await loaderVersion(http, storeId);
    await configurationAt(storeId, v1);
    const loaderPath = `/widget/v1/${storeId}.js`;
    const { etag } = (await http.get(loaderPath).expect(200)).headers;
    // Browsers revalidate the loader on every page view: unchanged, a 304.
    await http
      .get(loaderPath)
      .set('If-None-Match', etag as string)
      .expect(304);

    await agent.post('/api/widgets/global-settings/').send({ widget_title: 'Mug lovers' }).expect(200);
    // The reload right after the change gets the new loader.
    await http
      .get(loaderPath)
      .set('If-None-Match', etag as string)
      .expect(200);
    const v2 = await loaderVersion(http, storeId);
    expect(v2).not.toBe(v1);
    const atV2 = await configurationAt(storeId, v2);
    expect(atV2.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect((atV2.body as TWidgetConfiguration).settings.widget_title).toBe('Mug lovers');
    // A page still holding the older loader gets the current data, kept briefly.
    const atV1 = await configurationAt(storeId, v1);
    expect(atV1.headers['cache-control']).toBe(CDN_CACHE.short);
    expect((atV1.body as TWidgetConfiguration).settings.widget_title).toBe('Mug lovers');

    expect((await reviewsAt(http, storeId, v2)).body.count).toBe(1);
    await agent.post(`/api/reviews/${second}/approve/`).expect(200);
    const v3 = await loaderVersion(http, storeId);
    expect(v3).not.toBe(v2);
    const atV3 = await reviewsAt(http, storeId, v3);
    expect(atV3.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect((atV3.body as TPublicReviews).count).toBe(2);
    const atOld = await reviewsAt(http, storeId, v2);
    expect(atOld.headers['cache-control']).toBe(CDN_CACHE.short);
    expect((atOld.body as TPublicReviews).count).toBe(2);
  });
});

describe('versioned storefront URLs across instances', () => {
  // Instances share versions only through Redis (and boot on one PostgreSQL).
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? it : it.skip;
  shared('answers a version named on one instance with its data on another that held an older answer', async () => {
    const other = await createApp(t.config);
    try {
      await other.getHttpAdapter().getInstance().ready();
      const second = request(other.getHttpServer());
      const { agent, merchantId, storeId } = await registerOwner(t);
      const [first, next] = await seedReviews(t, merchantId, 2, { productId: 'mug' });
      await agent.post(`/api/reviews/${first}/approve/`).expect(200);
      const before = await loaderVersion(second, storeId);
      expect(await loaderVersion(http, storeId)).toBe(before);
      // Now held in the other instance's memory.
      expect((await reviewsAt(second, storeId, before)).body.count).toBe(1);

      await agent.post(`/api/reviews/${next}/approve/`).expect(200);
      const after = await loaderVersion(http, storeId);
      expect(after).not.toBe(before);
      // At once, before any invalidation message could have reached it: the URL names a newer version.
      const answer = await reviewsAt(second, storeId, after);
      expect((answer.body as TPublicReviews).count).toBe(2);
      expect(answer.headers['cache-control']).toBe(CDN_CACHE.versioned);
      // And its own loader names the new version promptly (pub/sub), well within its few seconds of memory.
      const started = Date.now();
      let seen = before;
      while (seen !== after && Date.now() - started < 1000) seen = await loaderVersion(second, storeId);
      expect(seen).toBe(after);
    } finally {
      await other.close();
    }
  });
});
