import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { media, merchants, reviews } from '../../server/database/schema.js';
import { CatalogService } from '../../server/products/catalog.service.js';
import { ReviewsPurgeService } from '../../server/reviews/reviews-purge.service.js';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TPage, TReview } from '../../shared/reviews.js';
import type { TProduct } from '../../shared/widgets.js';
import { fixture } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
let owner: { agent: Agent; user: TAuthResponse };
beforeAll(async () => {
  // A 1 MB photo limit, so "too large" needs only a small buffer.
  t = await startTestApp({ env: { PUBLIC_URL, MAX_PHOTO_MB: '1', TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
});
afterAll(() => t.close());

let address = 0;
/** A shopper on a storefront: no session, its own address (uploads are throttled per address). */
function shopperUpload(fields: Record<string, string>, files: Record<string, [Buffer, string]>) {
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

async function listAll(): Promise<TReview[]> {
  return ((await owner.agent.get('/api/reviews/?page_size=100').expect(200)).body as TPage<TReview>).results;
}

const base = () => ({
  merchant_id: owner.user.merchant!.store_id,
  product_id: 'sku-1',
  product_name: 'Linen Shirt',
  product_image: 'https://cdn.shop.example/shirt.jpg',
  product_url: 'https://shop.example/products/shirt',
  customer_name: 'Marta',
  customer_email: 'Marta@Example.com',
  rating: '5',
  comment: 'Fits perfectly',
});

describe('POST /api/reviews/upload/ from a storefront', () => {
  it('stores a video review as pending, with its product, and serves the video with Range and CORS', async () => {
    const res = await shopperUpload(base(), {
      video: [fixture('review.mp4'), 'clip.mov'],
      thumbnail: [fixture('thumbnail.jpg'), 'thumb.jpg'],
    }).expect(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toEqual({ id: expect.any(String), status: 'pending' });

    const review = (await owner.agent.get(`/api/reviews/${res.body.id}/`).expect(200)).body as TReview;
    expect(review).toMatchObject({
      status: 'pending',
      product_id: 'sku-1',
      product_name: 'Linen Shirt',
      product: { image: 'https://cdn.shop.example/shirt.jpg', url: 'https://shop.example/products/shirt' },
      customer: { name: 'Marta', email: 'marta@example.com' },
      rating: 5,
      comment: 'Fits perfectly',
      photo_url: null,
      source: 'widget',
    });
    // The dashboard's link is signed: a pending review's video is not public.
    expect(review.video_url).toMatch(/^\/media\/reviews\/[0-9a-f-]{36}\.mp4\?expires=\d+&signature=[\w-]+$/);
    await http.get(review.video_url!.split('?')[0]).expect(404);
    const video = await http.get(review.video_url!).expect(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(video.body as Buffer, fixture('review.mp4'))).toBe(0);
    const part = await http.get(review.video_url!).set('Range', 'bytes=0-9').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${fixture('review.mp4').length}`);
    expect((await http.get(review.thumbnail_url!).expect(200)).headers['content-type']).toBe('image/jpeg');
  });

  it('stores photo reviews (JPEG, PNG, WebP) and a WebM video; a known product is reused', async () => {
    for (const [name, file] of [
      ['photo', 'photo.jpg'],
      ['photo', 'photo.png'],
      ['photo', 'photo.webp'],
      ['video', 'review.webm'],
    ] as const) {
      await shopperUpload({ ...base(), product_name: '' }, { [name]: [fixture(file), file] }).expect(201);
    }
    const all = await listAll();
    expect(new Set(all.map((r) => r.product.id)).size).toBe(1);
    expect(
      all
        .filter((r) => r.photo_url)
        .map((r) => r.photo_url!.split('?')[0].split('.').pop())
        .sort(),
    ).toEqual(['jpg', 'png', 'webp']);
    // The product kept its name: an upload without one does not erase it.
    expect(all.every((r) => r.product_name === 'Linen Shirt')).toBe(true);
  });

  it('creates an unknown product from what the page said, unverified, and no later upload changes it', async () => {
    const photo = (name: string): Record<string, [Buffer, string]> => ({ photo: [fixture('photo.jpg'), name] });
    await shopperUpload(
      { ...base(), product_id: 'sku-hat', product_name: 'Wool Hat', product_image: '', product_url: '' },
      photo('a.jpg'),
    ).expect(201);
    // A second shopper (or someone with curl) says something else: the product keeps what it was created with, blanks
    // included.
    await shopperUpload(
      {
        ...base(),
        product_id: 'sku-hat',
        product_name: 'Evil',
        product_image: 'https://evil.example/x.jpg',
        product_url: 'https://shop.example/evil',
      },
      photo('b.jpg'),
    ).expect(201);
    const hats = ((await owner.agent.get('/api/reviews/?search=wool hat').expect(200)).body as TPage<TReview>).results;
    expect(hats).toHaveLength(2);
    for (const review of hats) {
      expect(review.product_name).toBe('Wool Hat');
      expect(review.product).toMatchObject({ name: 'Wool Hat', image: null, url: null, source: 'storefront' });
    }
    expect((await owner.agent.get('/api/reviews/?search=evil').expect(200)).body.count).toBe(0);
    // The per-product setup marks it too.
    const listed = (await owner.agent.get('/api/products/?search=sku-hat').expect(200)).body as TPage<TProduct>;
    expect(listed.results.map((product) => product.source)).toEqual(['storefront']);
  });

  it('never lets an upload change a product a platform synced, and a later sync replaces what a page said', async () => {
    const merchantId = owner.user.merchant!.id;
    const synced = (externalId: string, name: string) => ({
      externalId,
      name,
      sku: null,
      imageUrl: null,
      priceAmount: null,
      currency: null,
      url: null,
      archived: false,
    });
    await t.app.get(CatalogService).apply(merchantId, [synced('sku-synced', 'Linen Scarf')]);
    await shopperUpload(
      {
        ...base(),
        product_id: 'sku-synced',
        product_name: 'Evil',
        product_image: 'https://evil.example/x.jpg',
        product_url: 'https://shop.example/evil',
      },
      { photo: [fixture('photo.jpg'), 'a.jpg'] },
    ).expect(201);
    await shopperUpload(
      { ...base(), product_id: 'sku-page', product_name: 'Evil' },
      { photo: [fixture('photo.jpg'), 'b.jpg'] },
    ).expect(201);
    const product = async (externalId: string) =>
      ((await owner.agent.get(`/api/products/?search=${externalId}`).expect(200)).body as TPage<TProduct>).results[0];
    expect(await product('sku-synced')).toMatchObject({
      name: 'Linen Scarf',
      image: null,
      url: null,
      source: 'platform',
    });
    expect(await product('sku-page')).toMatchObject({ name: 'Evil', source: 'storefront' });

    await t.app.get(CatalogService).apply(merchantId, [synced('sku-page', 'Silk Scarf')]);
    expect(await product('sku-page')).toMatchObject({ name: 'Silk Scarf', url: null, source: 'platform' });
    const reviewed = ((await owner.agent.get('/api/reviews/?search=silk scarf').expect(200)).body as TPage<TReview>)
      .results;
    expect(reviewed.map((review) => review.product.source)).toEqual(['platform']);
  });

  it('keeps a page’s link only on the store’s own site: its platform’s hosts when known, else the sending page’s origin', async () => {
    /** `origin`: the upload's Origin header, null for none (shopperUpload sends https://shop.example). */
    const linkOf = async (productId: string, url: string, origin: string | null = 'https://shop.example') => {
      const sent = shopperUpload(
        { ...base(), product_id: productId, product_url: url },
        { photo: [fixture('photo.jpg'), 'a.jpg'] },
      );
      const { id } = (await (origin === null ? sent.unset('Origin') : sent.set('Origin', origin)).expect(201)).body as {
        id: string;
      };
      return ((await owner.agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview).product.url;
    };
    // No platform connected: the page's own origin.
    expect(await linkOf('link-1', 'https://shop.example/products/a')).toBe('https://shop.example/products/a');
    expect(await linkOf('link-2', 'https://evil.example/products/a')).toBeNull();
    expect(await linkOf('link-3', 'http://shop.example/products/a')).toBeNull();
    expect(await linkOf('link-4', 'https://shop.example/products/a', null)).toBeNull();

    // The store's platform reported its domain: only that domain (with or without www.) is the store's.
    const merchantId = owner.user.merchant!.id;
    await databaseOf(t)
      .update(merchants)
      .set({ storeDomain: 'www.real-store.example' })
      .where(eq(merchants.id, merchantId));
    try {
      expect(await linkOf('link-5', 'https://real-store.example/products/a', 'https://evil.example')).toBe(
        'https://real-store.example/products/a',
      );
      expect(await linkOf('link-6', 'https://shop.example/products/a')).toBeNull();
    } finally {
      await databaseOf(t).update(merchants).set({ storeDomain: null }).where(eq(merchants.id, merchantId));
    }
  });

  it('stores nothing for files sent before the store is named', async () => {
    const before = storedFiles().length;
    const res = await http
      .post('/api/reviews/upload/')
      .set('X-Forwarded-For', '198.51.100.250')
      .attach('photo', fixture('photo.jpg'), 'a.jpg')
      .field('merchant_id', owner.user.merchant!.store_id)
      .field('product_id', 'sku-1')
      .field('rating', '5')
      .expect(400);
    expect(res.body.fields).toEqual({ merchant_id: ['Send merchant_id before the files.'] });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses GIF photos and Matroska videos for reviews (DESIGN §6.10)', async () => {
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002', 'hex');
    await shopperUpload(base(), { photo: [gif, 'a.gif'] }).expect(415);
    const mkv = Buffer.concat([
      Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61', 'hex'),
      Buffer.alloc(64),
    ]);
    await shopperUpload(base(), { video: [mkv, 'a.mkv'] }).expect(415);
  });

  it('answers OPTIONS preflights for any origin', async () => {
    const res = await http.options('/api/reviews/upload/').set('Origin', 'https://shop.example').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  it('refuses files whose bytes are not what they claim (415) and keeps nothing', async () => {
    const before = storedFiles().length;
    const count = (await listAll()).length;
    for (const file of ['text.mp4', 'not-a-video.mp4']) {
      const res = await shopperUpload(base(), { video: [fixture(file), file] }).expect(415);
      expect(res.body.code).toBe('unsupported_media_type');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // A real video sent as the photo is refused too.
    await shopperUpload(base(), { photo: [fixture('review.mp4'), 'photo.jpg'] }).expect(415);
    // A valid video followed by a bad thumbnail: the video already stored must go as well.
    await shopperUpload(base(), {
      video: [fixture('review.mp4'), 'a.mp4'],
      thumbnail: [fixture('text.mp4'), 't.jpg'],
    }).expect(415);
    expect(storedFiles().length).toBe(before);
    expect((await listAll()).length).toBe(count);
  });

  it('refuses a photo over the limit (413) and keeps nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([fixture('photo.jpg'), Buffer.alloc(1024 * 1024 + 10)]);
    const res = await shopperUpload(base(), { photo: [big, 'big.jpg'] }).expect(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(storedFiles().length).toBe(before);
  });

  it('answers missing or invalid fields with 400 and fields, and removes the files it had stored', async () => {
    const before = storedFiles().length;
    const res = await shopperUpload(
      {
        merchant_id: owner.user.merchant!.store_id,
        rating: '9',
        customer_email: 'nope',
        product_image: 'javascript:alert(1)',
      },
      { video: [fixture('review.mp4'), 'a.mp4'] },
    ).expect(400);
    expect(res.body.code).toBe('validation_error');
    expect(Object.keys(res.body.fields).sort()).toEqual(['customer_email', 'product_id', 'product_image', 'rating']);
    const both = await shopperUpload(base(), {
      video: [fixture('review.mp4'), 'a.mp4'],
      photo: [fixture('photo.jpg'), 'a.jpg'],
    }).expect(400);
    expect(both.body.fields.photo).toBeDefined();
    const unknown = await shopperUpload(
      { ...base(), merchant_id: 'no-such-store' },
      { photo: [fixture('photo.jpg'), 'a.jpg'] },
    ).expect(400);
    expect(unknown.body.fields).toEqual({ merchant_id: ['No store with this id.'] });
    const noStore = await shopperUpload(
      { ...base(), merchant_id: '' },
      { photo: [fixture('photo.jpg'), 'a.jpg'] },
    ).expect(400);
    expect(noStore.body.fields.merchant_id).toBeDefined();
    await http.post('/api/reviews/upload/').send({ rating: 5 }).expect(415);
    expect(storedFiles().length).toBe(before);
  });

  it('accepts the merchant id as well as the public store id, and dashboard uploads by the merchant', async () => {
    await shopperUpload(
      { ...base(), merchant_id: owner.user.merchant!.id },
      { photo: [fixture('photo.jpg'), 'a.jpg'] },
    ).expect(201);
    const res = await owner.agent
      .post('/api/reviews/upload/')
      .field('product_id', 'sku-2')
      .field('rating', '4')
      .attach('photo', fixture('photo.png'), 'a.png')
      .expect(201);
    expect((await owner.agent.get(`/api/reviews/${res.body.id}/`).expect(200)).body.source).toBe('dashboard');
  });

  it('throttles uploads per address', async () => {
    const from = (i: number) =>
      http
        .post('/api/reviews/upload/')
        .set('X-Forwarded-For', '203.0.113.77')
        .field('merchant_id', owner.user.merchant!.store_id)
        .field('product_id', 'sku-3')
        .field('rating', '3')
        .attach('photo', fixture('photo.jpg'), `${i}.jpg`);
    for (let i = 0; i < 30; i += 1) await from(i).expect(201);
    const res = await from(31).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('purge of deleted reviews (DESIGN §6.2)', () => {
  it('removes reviews deleted more than 30 days ago with their media, and keeps newer ones', async () => {
    const old = await shopperUpload(base(), {
      video: [fixture('review.mp4'), 'a.mp4'],
      thumbnail: [fixture('thumbnail.jpg'), 't.jpg'],
    }).expect(201);
    const recent = await shopperUpload(base(), { photo: [fixture('photo.jpg'), 'b.jpg'] }).expect(201);
    const oldReview = (await owner.agent.get(`/api/reviews/${old.body.id}/`).expect(200)).body as TReview;
    await owner.agent.delete(`/api/reviews/${old.body.id}/`).expect(204);
    await owner.agent.delete(`/api/reviews/${recent.body.id}/`).expect(204);

    const purge = t.app.get(ReviewsPurgeService);
    expect(await purge.purge()).toBe(0);
    await databaseOf(t)
      .update(reviews)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(reviews.id, old.body.id));
    const keys = [oldReview.video_url, oldReview.thumbnail_url].map((url) => url!.split('?')[0].replace('/media/', ''));
    expect(await databaseOf(t).select().from(media).where(inArray(media.key, keys))).toHaveLength(2);
    const deletedBefore = (await owner.agent.get('/api/reviews/stats/').expect(200)).body.deleted as number;
    expect(await purge.purge()).toBe(1);
    await owner.agent.get(`/api/reviews/${old.body.id}/`).expect(404);
    expect((await owner.agent.get('/api/reviews/stats/').expect(200)).body.deleted).toBe(deletedBefore - 1);
    expect(await databaseOf(t).select().from(media).where(inArray(media.key, keys))).toEqual([]);
    expect((await owner.agent.get(`/api/reviews/${recent.body.id}/`).expect(200)).body.deleted).toBe(true);
    await http.get(oldReview.video_url!).expect(404);
    await http.get(oldReview.thumbnail_url!).expect(404);
  });
});
