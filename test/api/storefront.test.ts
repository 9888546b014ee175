import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createApp } from '../../server/app.js';
import { media, reviews } from '../../server/database/schema.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { CatalogService } from '../../server/products/catalog.service.js';
import { COMMENT_MAX_LENGTH, CUSTOMER_NAME_MAX_LENGTH } from '../../shared/reviews.js';
import type { TPublicReview, TWidgetConfiguration } from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { fixture, seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  // A video limit of its own, so the answer's `video_seconds` is seen to follow the server's setting.
  t = await startTestApp({ env: { PUBLIC_URL, MEDIA_MAX_DURATION_S: '90' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

const publicReviews = (storeId: string, productId: string) =>
  http.get(`/api/reviews/public/?product_id=${productId}&merchant_id=${storeId}`).set('Origin', 'https://shop.example');

describe('GET /api/reviews/public/', () => {
  it('serves only approved, non-deleted reviews of that store and product, with count, average and absolute media URLs', async () => {
    const a = await registerOwner(t);
    const b = await registerOwner(t);
    const ids = await seedReviews(t, a.merchantId, 5, { productId: 'tee' }); // ratings 1..5
    await seedReviews(t, a.merchantId, 2, { productId: 'other', status: 'approved' });
    await seedReviews(t, b.merchantId, 2, { productId: 'tee', status: 'approved' });
    for (const id of ids.slice(2)) await a.agent.post(`/api/reviews/${id}/approve/`).expect(200); // ratings 3, 4, 5
    await a.agent.delete(`/api/reviews/${ids[4]}/`).expect(204);
    await a.agent.post(`/api/reviews/${ids[0]}/reject/`).expect(200);

    const res = await publicReviews(a.storeId, 'tee').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe(CDN_CACHE.short);
    expect(res.body).toMatchObject({ count: 2, average_rating: 3.5, next: null, previous: null });
    expect(res.body.results.map((r: { id: string }) => r.id).sort()).toEqual([ids[2], ids[3]].sort());
    expect(Object.keys(res.body.results[0]).sort()).toEqual(
      [
        'comment',
        'created_at',
        'customer_name',
        'helpful_count',
        'id',
        'photo_srcset',
        'photo_url',
        'pinned',
        'rating',
        'reply',
        'thumbnail_url',
        'verified_purchase',
        'video_duration',
        'video_url',
      ].sort(),
    );
    // The merchant UUID works as well as the public store id.
    expect((await publicReviews(a.merchantId, 'tee').expect(200)).body.count).toBe(2);

    const upload = await http
      .post('/api/reviews/upload/')
      .field('merchant_id', a.storeId)
      .field('product_id', 'tee')
      .field('rating', '5')
      .attach('photo', fixture('photo.jpg'), 'a.jpg')
      .expect(201);
    await a.agent.post(`/api/reviews/${upload.body.id}/approve/`).expect(200);
    const withPhoto = (await publicReviews(a.storeId, 'tee').expect(200)).body.results as Array<{
      photo_url: string | null;
    }>;
    expect(withPhoto.find((r) => r.photo_url)?.photo_url).toMatch(new RegExp(`^${PUBLIC_URL}/media/reviews/.+\\.jpg$`));
  });

  it('answers 304 to a matching ETag, and a moderation changes the answer at once', async () => {
    const { agent, merchantId, storeId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 3, { productId: 'mug' });
    await agent.post(`/api/reviews/${ids[0]}/approve/`).expect(200);
    const first = await publicReviews(storeId, 'mug').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await publicReviews(storeId, 'mug').set('If-None-Match', etag).expect(304);

    await agent.post(`/api/reviews/${ids[1]}/approve/`).expect(200);
    const after = await publicReviews(storeId, 'mug').set('If-None-Match', etag).expect(200);
    expect(after.body.count).toBe(2);
    expect(after.headers.etag).not.toBe(etag);
    await agent.delete(`/api/reviews/${ids[1]}/`).expect(204);
    expect((await publicReviews(storeId, 'mug').expect(200)).body.count).toBe(1);
    await agent.post(`/api/reviews/${ids[0]}/reject/`).expect(200);
    expect((await publicReviews(storeId, 'mug').expect(200)).body.count).toBe(0);
  });

  it('sends answers over 1 KB compressed for clients that take it', async () => {
    const { merchantId, storeId } = await registerOwner(t);
    await seedReviews(t, merchantId, 10, {
      productId: 'scarf',
      status: 'approved',
      comment: (i) => `Review ${i}: soft wool, warm on cold mornings, and the colour is exactly as pictured.`,
    });
    const get = (encoding: string) => publicReviews(storeId, 'scarf').set('Accept-Encoding', encoding).expect(200);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const plainBytes = Number(plain.headers['content-length']);
    expect(plainBytes).toBeGreaterThan(1024);
    for (const [accepts, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ]) {
      const res = await get(accepts);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(Number(res.headers['content-length'])).toBeLessThan(plainBytes / 2);
      // superagent has inflated it.
      expect(res.body).toEqual(plain.body);
    }
    // A small answer (a product without reviews) goes as it is.
    const empty = await publicReviews(storeId, 'no-reviews-yet').set('Accept-Encoding', 'br').expect(200);
    expect(Number(empty.headers['content-length'])).toBeLessThan(1024);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unknown store with 404 JSON (readable cross-origin) and missing parameters with 400', async () => {
    const res = await publicReviews('no-such-store', 'x').expect(404);
    expect(res.body).toEqual({ detail: 'No store with this id.', code: 'unknown_store' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const missing = await http.get('/api/reviews/public/?merchant_id=abc').expect(400);
    expect(Object.keys(missing.body.fields)).toEqual(['product_id']);
    await http.get('/api/reviews/public/?product_id=x&merchant_id=abc&page_size=500').expect(400);
    const noStore = await http.get('/api/widgets/configuration/lamp/').expect(400);
    expect(noStore.body).toMatchObject({
      code: 'validation_error',
      fields: { merchant_id: ['This field is required.'] },
    });
    // Served outside Nest's router, these still get the app-wide headers.
    expect(noStore.headers['x-request-id']).toBeTruthy();
    expect(noStore.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the rating summary, the catalogue and video lengths in the public answer', () => {
  it('counts approved reviews per number of stars, and follows moderation at once', async () => {
    const { agent, merchantId, storeId } = await registerOwner(t);
    const other = await registerOwner(t);
    // Ratings 1, 2, 3, 4, 5, 1, 2.
    const ids = await seedReviews(t, merchantId, 7, { productId: 'kettle', status: 'approved' });
    await seedReviews(t, merchantId, 5, { productId: 'kettle' }); // pending: not counted
    await seedReviews(t, merchantId, 3, { productId: 'toaster', status: 'approved' });
    await seedReviews(t, other.merchantId, 3, { productId: 'kettle', status: 'approved' });
    const summary = async () => {
      const { count, average_rating, distribution } = (await publicReviews(storeId, 'kettle').expect(200)).body;
      return { count, average_rating, distribution };
    };
    expect(await summary()).toEqual({
      count: 7,
      average_rating: 2.6,
      distribution: { 1: 2, 2: 2, 3: 1, 4: 1, 5: 1 },
    });
    // Every page carries the whole product's summary.
    const second = await http
      .get(`/api/reviews/public/?product_id=kettle&merchant_id=${storeId}&page=2&page_size=5`)
      .expect(200);
    expect(second.body.distribution).toEqual({ 1: 2, 2: 2, 3: 1, 4: 1, 5: 1 });
    expect(second.body.results).toHaveLength(2);

    await agent.post(`/api/reviews/${ids[0]}/reject/`).expect(200);
    await agent.delete(`/api/reviews/${ids[4]}/`).expect(204);
    expect(await summary()).toEqual({
      count: 5,
      average_rating: 2.4,
      distribution: { 1: 1, 2: 2, 3: 1, 4: 1, 5: 0 },
    });
    // No approved review: zeros, and no average.
    expect((await publicReviews(storeId, 'no-reviews')).body).toMatchObject({
      count: 0,
      average_rating: null,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      product: null,
    });
  });

  it('carries the catalogue’s image and price in the currency’s digits (none before a sync), and follows a catalogue change at once', async () => {
    const { merchantId, storeId } = await registerOwner(t);
    for (const productId of ['tee', 'bowl', 'lamp', 'plain']) {
      await seedReviews(t, merchantId, 1, { productId, productName: productId, status: 'approved' });
    }
    const catalogue = t.app.get(CatalogService);
    const synced = (externalId: string, priceAmount: number | null, currency: string | null) => ({
      externalId,
      name: `Synced ${externalId}`,
      sku: `SKU-${externalId}`,
      imageUrl: `https://cdn.shop.example/${externalId}.jpg`,
      priceAmount,
      currency,
      url: `https://shop.example/products/${externalId}`,
      archived: false,
    });
    // Read once before the sync, so the answers are cached when the catalogue changes. What only a storefront page
    // said of a product (its first review's submission) is never published back: the widget reads the page itself.
    expect((await publicReviews(storeId, 'tee').expect(200)).body.product).toBeNull();
    await catalogue.apply(merchantId, [
      synced('tee', 4900, 'usd'),
      synced('bowl', 1200, 'JPY'),
      synced('lamp', 12345, 'KWD'),
      synced('plain', null, null),
    ]);
    const product = async (id: string) => (await publicReviews(storeId, id).expect(200)).body.product;
    expect(await product('tee')).toEqual({
      name: 'Synced tee',
      image: 'https://cdn.shop.example/tee.jpg',
      url: 'https://shop.example/products/tee',
      sku: 'SKU-tee',
      price: '49.00',
      currency: 'USD',
    });
    expect(await product('bowl')).toMatchObject({ price: '1200', currency: 'JPY' });
    expect(await product('lamp')).toMatchObject({ price: '12.345', currency: 'KWD' });
    expect(await product('plain')).toMatchObject({
      price: null,
      currency: null,
      image: 'https://cdn.shop.example/plain.jpg',
    });
  });

  it('gives a video’s length in seconds once media processing has measured it, else null', async () => {
    const { agent, storeId } = await registerOwner(t);
    const upload = (thumbnail: boolean) => {
      const request = http
        .post('/api/reviews/upload/')
        .field('merchant_id', storeId)
        .field('product_id', 'camera')
        .field('customer_name', 'Ida')
        .field('rating', '5')
        .attach('video', fixture('review.mp4'), 'v.mp4');
      return (thumbnail ? request.attach('thumbnail', fixture('thumbnail.jpg'), 't.jpg') : request).expect(201);
    };
    const measured = (await upload(true)).body.id as string;
    const unmeasured = (await upload(false)).body.id as string;
    const [row] = await databaseOf(t).select({ key: reviews.videoKey }).from(reviews).where(eq(reviews.id, measured));
    await databaseOf(t).update(media).set({ durationMs: 42_400 }).where(eq(media.key, row.key!));
    for (const id of [measured, unmeasured]) await agent.post(`/api/reviews/${id}/approve/`).expect(200);
    const results = (await publicReviews(storeId, 'camera').expect(200)).body.results as TPublicReview[];
    expect(Object.fromEntries(results.map((review) => [review.id, review.video_duration]))).toEqual({
      [measured]: 42,
      [unmeasured]: null,
    });
  });
});

describe('GET /api/widgets/configuration/{product_id}/', () => {
  it('merges the global settings with the product override, and follows saves at once', async () => {
    const { agent, merchantId, storeId } = await registerOwner(t);
    await seedReviews(t, merchantId, 1, { productId: 'lamp', productName: 'Lamp' });
    const url = `/api/widgets/configuration/lamp/?merchant_id=${storeId}`;
    const first = await http.get(url).expect(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.body).toEqual({
      store_id: storeId,
      store_name: '',
      product_id: 'lamp',
      enabled: true,
      language: 'en',
      position: 'after_description',
      custom_selector: null,
      settings: {
        show_rating: true,
        show_date: true,
        autoplay_videos: false,
        compact_mode: false,
        primary_color: '#3498db',
        secondary_color: '#2c3e50',
        text_color: '#333333',
        background_color: '#ffffff',
        initial_videos_count: 3,
        widget_title: 'Customer Video Reviews',
        layout: 'grid',
        accept_text_reviews: true,
      },
      strings: WIDGET_STRINGS.en,
      // The automatic language (the default): the shopper's browser chooses among every language.
      translations: { es: WIDGET_STRINGS.es, pt: WIDGET_STRINGS.pt },
      limits: {
        video_bytes: t.config.uploads.maxVideoBytes,
        photo_bytes: t.config.uploads.maxPhotoBytes,
        comment_length: COMMENT_MAX_LENGTH,
        name_length: CUSTOMER_NAME_MAX_LENGTH,
        video_seconds: 90,
      },
    });
    await http
      .get(url)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);

    await agent
      .post('/api/widgets/global-settings/')
      .send({ primary_color: '#112233', position: 'after_gallery', layout: 'carousel' })
      .expect(200);
    const saved = (await http.get(url).expect(200)).body;
    expect(saved).toMatchObject({
      position: 'after_gallery',
      settings: { primary_color: '#112233', layout: 'carousel' },
    });

    await agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'lamp', position: 'custom', custom_selector: '#lamp-reviews', enabled: true })
      .expect(200);
    expect((await http.get(url).expect(200)).body).toMatchObject({
      position: 'custom',
      custom_selector: '#lamp-reviews',
    });
    await agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'lamp', enabled: false })
      .expect(200);
    expect((await http.get(url).expect(200)).body).toMatchObject({ enabled: false, position: 'after_gallery' });
    // A product nobody reviewed yet still gets the store's configuration (shoppers may be the first).
    expect(
      (await http.get(`/api/widgets/configuration/new-product/?merchant_id=${storeId}`).expect(200)).body.enabled,
    ).toBe(true);
    await agent.patch(`/api/stores/${merchantId}/`).send({ main_language: 'pt' }).expect(200);
    const portuguese = (await http.get(url).expect(200)).body;
    expect(portuguese.language).toBe('pt');
    expect(portuguese.strings).toEqual(WIDGET_STRINGS.pt);
    expect(portuguese.translations).toEqual({ en: WIDGET_STRINGS.en, es: WIDGET_STRINGS.es });
    await http.get(`/api/widgets/configuration/lamp/?merchant_id=no-such-store`).expect(404);
  });

  it('carries the widget’s own language: automatic falls back to the store’s, a fixed one ignores it', async () => {
    const { agent, merchantId, storeId } = await registerOwner(t);
    const url = `/api/widgets/configuration/lamp/?merchant_id=${storeId}`;
    await agent.patch(`/api/stores/${merchantId}/`).send({ main_language: 'es' }).expect(200);
    const automatic = (await http.get(url).expect(200)).body as TWidgetConfiguration;
    expect(automatic).toMatchObject({ language: 'es', strings: WIDGET_STRINGS.es });
    expect(automatic.translations).toEqual({ en: WIDGET_STRINGS.en, pt: WIDGET_STRINGS.pt });
    expect(automatic.settings).not.toHaveProperty('language');

    await agent.post('/api/widgets/global-settings/').send({ language: 'en' }).expect(200);
    const fixed = (await http.get(url).expect(200)).body as TWidgetConfiguration;
    expect(fixed).toMatchObject({ language: 'en', strings: WIDGET_STRINGS.en });
    expect(fixed).not.toHaveProperty('translations');
    // The dashboard's (and the mails') language no longer moves a fixed widget language.
    await agent.patch(`/api/stores/${merchantId}/`).send({ main_language: 'pt' }).expect(200);
    expect((await http.get(url).expect(200)).body).toMatchObject({ language: 'en', strings: WIDGET_STRINGS.en });

    await agent.post('/api/widgets/global-settings/').send({ language: 'auto' }).expect(200);
    expect((await http.get(url).expect(200)).body).toMatchObject({ language: 'pt', strings: WIDGET_STRINGS.pt });
  });

  it('answers every shopper the same, whatever their language, so one cached answer serves them all', async () => {
    const { storeId } = await registerOwner(t);
    const url = `/api/widgets/configuration/lamp/?merchant_id=${storeId}`;
    const answers = await Promise.all(
      ['es-AR,es;q=0.9', 'de-DE', 'pt-BR', undefined].map((language) => {
        const call = http.get(url);
        return (language ? call.set('Accept-Language', language) : call).expect(200);
      }),
    );
    for (const answer of answers) {
      expect(answer.headers.etag).toBe(answers[0].headers.etag);
      expect(answer.text).toBe(answers[0].text);
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });
});

describe('the storefront cache across instances', () => {
  // Instances share answers and invalidations only through Redis (and boot on one PostgreSQL).
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? it : it.skip;
  shared('serves a moderation made on one instance at once on another that had the answer in memory', async () => {
    const other = await createApp(t.config);
    try {
      await other.getHttpAdapter().getInstance().ready();
      const { agent, merchantId, storeId } = await registerOwner(t);
      const ids = await seedReviews(t, merchantId, 2, { productId: 'vase' });
      await agent.post(`/api/reviews/${ids[0]}/approve/`).expect(200);
      const path = `/api/reviews/public/?product_id=vase&merchant_id=${storeId}`;
      const second = request(other.getHttpServer());
      expect((await second.get(path).expect(200)).body.count).toBe(1);
      expect((await second.get(path).expect(200)).body.count).toBe(1); // now held in its memory

      await agent.post(`/api/reviews/${ids[1]}/approve/`).expect(200);
      const started = Date.now();
      let count = 1;
      // Pub/sub delivery takes a moment; far less than the 5 s an instance may otherwise keep an answer.
      while (count !== 2 && Date.now() - started < 1000) count = (await second.get(path).expect(200)).body.count;
      expect(count).toBe(2);
    } finally {
      await other.close();
    }
  });
});
