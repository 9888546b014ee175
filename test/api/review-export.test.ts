import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { REVIEW_EXPORT_COLUMNS, REVIEW_EXPORT_LINK_DAYS, type TReviewExportRow } from '../../shared/review-export.js';
import { fixture, seedReviews } from '../factories/reviews.factory.js';
import { joinAsMember, PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Exports (issue 26): every review the Reviews page's filters match, as CSV or JSON, streamed batch by batch, with
// media links signed for a week; a spreadsheet cannot be made to run a formula from a shopper's text.

let t: TestApp;
let http: ReturnType<typeof request>;
let owner: RegisteredOwner;
let photoId: string;
let rudeId: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
  await seedReviews(t, owner.merchantId, 3, { status: 'approved', productId: 'mug', productName: 'Stoneware Mug' });
  photoId = (
    await http
      .post('/api/reviews/upload/')
      .set('Origin', 'https://shop.example')
      .set('X-Forwarded-For', '203.0.113.7')
      .field('merchant_id', owner.storeId)
      .field('product_id', 'mug')
      .field('product_name', 'Stoneware Mug')
      .field('customer_name', 'Lucía Núñez')
      .field('customer_email', 'lucia@example.com')
      .field('rating', '5')
      .field('comment', '=SUM(A1:A9)*2, "quoted", and a\nsecond line')
      .attach('photo', fixture('photo.jpg'), 'photo.jpg')
      .expect(201)
  ).body.id as string;
  await owner.agent.put(`/api/reviews/${photoId}/reply/`).send({ text: 'Gracias, Lucía', notify: false }).expect(200);
  await owner.agent.post(`/api/reviews/${photoId}/pin/`).expect(200);
  rudeId = (
    await http
      .post('/api/reviews/upload/')
      .set('Origin', 'https://shop.example')
      .set('X-Forwarded-For', '203.0.113.8')
      .field('merchant_id', owner.storeId)
      .field('product_id', 'mug')
      .field('rating', '2')
      .field('comment', 'see www.cheap-mugs.com')
      .expect(201)
  ).body.id as string;
});
afterAll(() => t.close());

const csvOf = (text: string) => parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;

describe('GET /api/reviews/export/', () => {
  it('answers a CSV download of every review, newest first, in our own columns', async () => {
    const res = await owner.agent.get('/api/reviews/export/').buffer(true).parse(textParser).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reviews-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.body as string;
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.slice(1).split('\n')[0]).toBe(REVIEW_EXPORT_COLUMNS.join(','));
    const rows = csvOf(text);
    expect(rows.map((row) => row.id)).toEqual([
      rudeId,
      photoId,
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const photo = rows[1];
    expect(photo).toMatchObject({
      status: 'pending',
      rating: '5',
      customer_name: 'Lucía Núñez',
      customer_email: 'lucia@example.com',
      verified_purchase: 'false',
      source: 'widget',
      product_id: 'mug',
      product_name: 'Stoneware Mug',
      pinned: 'true',
      reply: 'Gracias, Lucía',
      video_url: '',
      deleted_at: '',
    });
    // A formula is text in a spreadsheet; quotes and line breaks survive.
    expect(photo.comment).toBe(`'=SUM(A1:A9)*2, "quoted", and a\nsecond line`);
    expect(rows[0].flags).toBe('link');
  });

  it("signs media links for a week, and they serve the review's file", async () => {
    const rows = csvOf((await owner.agent.get('/api/reviews/export/').buffer(true).parse(textParser).expect(200)).body);
    const link = new URL(rows.find((row) => row.id === photoId)!.photo_url);
    expect(link.origin).toBe(new URL(PUBLIC_URL).origin);
    const expires = Number(link.searchParams.get('expires'));
    const week = REVIEW_EXPORT_LINK_DAYS * 24 * 60 * 60;
    expect(Math.abs(expires - (Date.now() / 1000 + week))).toBeLessThan(60);
    const file = await http.get(`${link.pathname}${link.search}`).expect(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    await http.get(`${link.pathname}?expires=${expires}&signature=forged`).expect(403);
  });

  it('answers JSON with the same rows, and takes the filters of the Reviews page', async () => {
    const json = (await owner.agent.get('/api/reviews/export/?format=json').expect(200)).body as TReviewExportRow[];
    expect(json).toHaveLength(5);
    expect(json[1]).toMatchObject({ id: photoId, rating: 5, pinned: true, verified_purchase: false, flags: [] });
    expect(Object.keys(json[0])).toEqual([...REVIEW_EXPORT_COLUMNS]);

    const ids = async (query: string) =>
      ((await owner.agent.get(`/api/reviews/export/?format=json&${query}`).expect(200)).body as TReviewExportRow[]).map(
        (row) => row.id,
      );
    expect(await ids('status=pending')).toEqual([rudeId, photoId]);
    expect(await ids('flagged=true')).toEqual([rudeId]);
    expect(await ids('search=luc%C3%ADa')).toEqual([photoId]);
    expect(await ids('status=deleted')).toEqual([]);
  });

  it('is for those who moderate reviews, of their own store; a bad format is a 400', async () => {
    const member = await joinAsMember(t, owner.agent);
    expect(((await member.get('/api/reviews/export/?format=json').expect(200)).body as TReviewExportRow[]).length).toBe(
      5,
    );
    const other = await registerOwner(t);
    expect((await other.agent.get('/api/reviews/export/?format=json').expect(200)).body).toEqual([]);
    await http.get('/api/reviews/export/').expect(401);
    const bad = await owner.agent.get('/api/reviews/export/?format=xml').expect(400);
    expect(bad.body.fields).toHaveProperty('format');
  });

  it('reads batch after batch without losing or repeating a review, ties and microseconds included', async () => {
    const store = await registerOwner(t);
    await seedReviews(t, store.merchantId, 1, { productId: 'p' });
    // 1,234 reviews, many sharing one instant to the microsecond, the rest a microsecond apart.
    await databaseOf(t).execute(sql`
      insert into reviews (merchant_id, product_id, rating, comment, created_at)
      select merchant_id, product_id, 1 + i % 5, 'Bulk ' || i,
        timestamptz '2026-01-01 12:00:00.123456+00' - case when i % 3 = 0 then interval '0' else i * interval '1 microsecond' end
      from generate_series(1, 1234) i, (select merchant_id, product_id from reviews where merchant_id = ${store.merchantId} limit 1) r`);
    const rows = (await store.agent.get('/api/reviews/export/?format=json').expect(200)).body as TReviewExportRow[];
    expect(rows).toHaveLength(1235);
    expect(new Set(rows.map((row) => row.id)).size).toBe(1235);
    const csv = csvOf((await store.agent.get('/api/reviews/export/').buffer(true).parse(textParser).expect(200)).body);
    expect(csv.map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });
});

function textParser(res: request.Response, done: (error: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => done(null, text));
}
