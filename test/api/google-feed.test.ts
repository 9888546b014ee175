import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { merchants, products, reviews } from '../../server/database/schema.js';
import { FEED_CACHE } from '../../server/google-feed/google-feed.routes.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { handleOf, startTestApp, type TestApp } from '../support/test-app.js';

// Google's product reviews feed (schema 2.3): only published reviews, valid against the schema (xmllint), escaped,
// cached with an ETag from the store's data version.

const XSD = join(ROOT_DIR, 'test', 'fixtures', 'google', 'product_reviews.xsd');

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

function xmllint(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('xmllint', args, { input, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const validate = (xml: string) => xmllint(['--noout', '--schema', XSD, '-'], xml);
/** An XPath string value of the document, as an XML parser reads it (entities resolved). */
const xpath = (xml: string, path: string) =>
  xmllint(['--xpath', `string(${path})`, '-'], xml).stdout.replace(/\n$/, '');
const feedPath = (storeId: string) => `/feeds/${storeId}/google-product-reviews.xml`;

const TRICKY = `Tom & Jerry's <b>"great"</b> mug 😀 ]]> \u0001end`;

async function seedStore() {
  const owner = await registerOwner(t);
  const db = handleOf(t).db;
  await db
    .update(merchants)
    .set({ storeName: 'Ana & Co <Shop>', storeDomain: 'shop.example' })
    .where(eq(merchants.id, owner.merchantId));
  const comments = ['Lovely mug', TRICKY, 'Photo attached'];
  const published = await seedReviews(t, owner.merchantId, 3, {
    productId: 'mug',
    productName: 'Mug "Classic" & saucer',
    status: 'approved',
    comment: (i) => comments[i],
    customerName: (i) => (i === 1 ? '' : `Maria <${i}>`),
  });
  const [pending] = await seedReviews(t, owner.merchantId, 1, { productId: 'mug', comment: () => 'Pending one' });
  const [rejected] = await seedReviews(t, owner.merchantId, 1, {
    productId: 'mug',
    status: 'rejected',
    comment: () => 'Rejected one',
  });
  const [deleted, processing, noText] = await seedReviews(t, owner.merchantId, 3, {
    productId: 'mug',
    status: 'approved',
    comment: (i) => (i === 2 ? '   ' : 'Hidden one'),
  });
  await db.update(reviews).set({ deletedAt: new Date() }).where(eq(reviews.id, deleted));
  await db
    .update(reviews)
    .set({ mediaState: 'processing', videoKey: `videos/${processing}.mp4` })
    .where(eq(reviews.id, processing));
  await db
    .update(reviews)
    .set({ photoKey: `photos/${published[2]}.jpg`, mediaState: 'ready' })
    .where(eq(reviews.id, published[2]));
  // The catalogue's product, as the platform's sync stores it.
  await db
    .update(products)
    .set({ source: 'platform', url: 'https://shop.example/products/mug?a=1&b=2', sku: 'MUG-1' })
    .where(eq(products.merchantId, owner.merchantId));
  // A product only a shopper's page named, on a host that is not the store's: no page Google may trust.
  const [foreign] = await seedReviews(t, owner.merchantId, 1, {
    productId: 'elsewhere',
    status: 'approved',
    comment: () => 'Foreign product',
  });
  await db
    .update(products)
    .set({ url: 'https://attacker.example/p' })
    .where(inArray(products.externalId, ['elsewhere']));
  // One a shopper's page named on the store's own host: its page is the store's.
  const [own] = await seedReviews(t, owner.merchantId, 1, {
    productId: 'own',
    status: 'approved',
    comment: () => 'Own product',
  });
  await db
    .update(products)
    .set({ url: 'https://shop.example/products/own' })
    .where(inArray(products.externalId, ['own']));
  return {
    ...owner,
    published: [...published, own],
    hidden: [pending, rejected, deleted, processing, noText, foreign],
  };
}

describe('GET /feeds/{store_id}/google-product-reviews.xml', () => {
  it('lists only published reviews, valid against Google’s 2.3 schema, with text escaped', async () => {
    const { storeId, published, hidden } = await seedStore();
    const res = await http.get(feedPath(storeId)).expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(FEED_CACHE.versioned);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const xml = res.text;

    const valid = validate(xml);
    expect(valid.stderr).toContain('validates');
    expect(valid.status).toBe(0);
    // The schema check can fail: the same feed claiming another version, or missing a required element, does not pass.
    expect(validate(xml.replace('<version>2.3</version>', '<version>2.2</version>')).status).not.toBe(0);
    expect(validate(xml.replace(/<review_url [^>]*>[^<]*<\/review_url>/, '')).status).not.toBe(0);

    expect(xpath(xml, 'count(/feed/reviews/review)')).toBe('4');
    for (const id of published) expect(xpath(xml, `count(//review[review_id="${id}"])`)).toBe('1');
    for (const id of hidden) expect(xml).not.toContain(id);

    expect(xpath(xml, '/feed/version')).toBe('2.3');
    expect(xpath(xml, '/feed/publisher/name')).toBe('Ana & Co <Shop>');
    const tricky = `//review[review_id="${published[1]}"]`;
    // Read back by a parser as written, minus the control character XML cannot carry.
    expect(xpath(xml, `${tricky}/content`)).toBe(TRICKY.replace('\u0001', ''));
    expect(xml).toContain('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;great&quot;&lt;/b&gt; mug 😀 ]]&gt; end');
    expect(xpath(xml, `${tricky}/reviewer/name`)).toBe('Anonymous');
    expect(xpath(xml, `${tricky}/reviewer/name/@is_anonymous`)).toBe('true');
    expect(xpath(xml, `${tricky}/ratings/overall`)).toBe('2');
    expect(xpath(xml, `${tricky}/ratings/overall/@max`)).toBe('5');
    expect(xpath(xml, `${tricky}/products/product/product_ids/skus/sku`)).toBe('MUG-1');
    expect(xpath(xml, `${tricky}/products/product/product_name`)).toBe('Mug "Classic" & saucer');
    expect(xpath(xml, `${tricky}/products/product/product_url`)).toBe('https://shop.example/products/mug?a=1&b=2');
    expect(xpath(xml, `${tricky}/review_url`)).toBe('https://shop.example/products/mug?a=1&b=2');
    expect(xpath(xml, `${tricky}/review_url/@type`)).toBe('group');

    const named = `//review[review_id="${published[0]}"]`;
    expect(xpath(xml, `${named}/reviewer/name`)).toBe('Maria <0>');
    expect(xpath(xml, `count(${named}/reviewer/name/@is_anonymous)`)).toBe('0');
    expect(xpath(xml, `count(${named}/reviewer_images)`)).toBe('0');
    const photo = `//review[review_id="${published[2]}"]`;
    expect(xpath(xml, `//review[review_id="${published[3]}"]/products/product/product_url`)).toBe(
      'https://shop.example/products/own',
    );
    expect(xpath(xml, `${photo}/reviewer_images/reviewer_image/url`)).toBe(
      `${PUBLIC_URL}/media/photos/${published[2]}.jpg`,
    );
  });

  it('answers 304 to its ETag until a review is published, then the new feed', async () => {
    const { agent, storeId, merchantId } = await registerOwner(t);
    await seedReviews(t, merchantId, 1, { productId: 'mug', status: 'approved', comment: () => 'First' });
    await handleOf(t)
      .db.update(products)
      .set({ source: 'platform', url: 'https://shop.example/products/mug' })
      .where(eq(products.merchantId, merchantId));
    const first = await http.get(feedPath(storeId)).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await http.get(feedPath(storeId)).set('If-None-Match', etag).expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Compared weakly, in a list, as a proxy that compressed the feed sends it on.
    await http.get(feedPath(storeId)).set('If-None-Match', `"other", W/${etag}`).expect(304);
    await http.get(feedPath(storeId)).set('If-None-Match', '"other"').expect(200);
    expect((await http.get(feedPath(storeId)).expect(200)).text).toBe(first.text);

    const [later] = await seedReviews(t, merchantId, 1, { productId: 'mug', comment: () => 'Approved later' });
    await agent.post(`/api/reviews/${later}/approve/`).expect(200);
    const changed = await http.get(feedPath(storeId)).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).toContain(later);
    expect(validate(changed.text).status).toBe(0);
  });

  it('is valid for a store without reviews, and pages through more reviews than one batch', async () => {
    const { storeId, merchantId } = await registerOwner(t);
    const empty = await http.get(feedPath(storeId)).expect(200);
    expect(validate(empty.text).status).toBe(0);
    expect(empty.text).not.toContain('<reviews>');

    await seedReviews(t, merchantId, 501, { productId: 'big', status: 'approved', comment: (i) => `Review ${i}` });
    await handleOf(t)
      .db.update(products)
      .set({ source: 'merchant', url: 'https://big.example/p/big' })
      .where(eq(products.merchantId, merchantId));
    // The store's version is not bumped by the direct writes above: no ETag match is asked for.
    const full = await http.get(feedPath(storeId)).expect(200);
    expect(xpath(full.text, 'count(/feed/reviews/review)')).toBe('501');
    expect(validate(full.text).status).toBe(0);
  });

  it('answers an unknown store with a 404 in the API’s error shape', async () => {
    for (const storeId of ['no-such-store', 'bad%20id', 'x'.repeat(100)]) {
      const res = await http.get(feedPath(storeId)).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ detail: 'No store with this id.', code: 'unknown_store' });
    }
  });
});
