import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  mailSuppressions,
  merchants,
  reviewRequestProducts,
  reviewRequests,
  reviews,
} from '../../server/database/schema.js';
import { Clock } from '../../server/common/clock.js';
import { hashEmail } from '../../server/review-requests/request-token.js';
import { fixture } from '../factories/reviews.factory.js';
import { seedReviewRequest } from '../factories/review-requests.factory.js';
import { PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
let owner: RegisteredOwner;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
  await databaseOf(t)
    .update(merchants)
    .set({ storeName: 'Loja Azul', storeDomain: 'loja-azul.example' })
    .where(eq(merchants.id, owner.merchantId));
});
afterAll(() => t.close());

/** As a browser asks for a page: a refusal is then a page too (an API client gets the JSON error body). */
const HTML = { Accept: 'text/html,application/xhtml+xml' };

let address = 0;
/** The buyer's phone: an address of its own (uploads are throttled per address). */
const phone = () => `203.0.113.${(address += 1)}`;

function submit(token: string, fields: Record<string, string>, files: Record<string, [Buffer, string]> = {}) {
  let req = http.post(`/api/review-requests/public/${token}/reviews/`).set('X-Forwarded-For', phone());
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const [name, [buffer, filename]] of Object.entries(files)) req = req.attach(name, buffer, filename);
  return req;
}
const photo = (): Record<string, [Buffer, string]> => ({ photo: [fixture('photo.jpg'), 'photo.jpg'] });

async function requestRow(id: string) {
  const [row] = await databaseOf(t).select().from(reviewRequests).where(eq(reviewRequests.id, id));
  return row;
}

/** The JSON the page hands its script: the products and the star the mail chose. */
function pageData(html: string): { rating: number; first: number; name: string; products: Array<{ id: string }> } {
  const match = /<script type="application\/json" id="vr-data">(.*?)<\/script>/s.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]) as never;
}

function expectPageHeaders(res: request.Response): void {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBeDefined();
  const csp = res.headers['content-security-policy'] as string;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
}

describe('GET /r/{token}: the hosted review page', () => {
  it.each([
    ['en', 'Hi Marta, how was your order?', 'Review this product'],
    ['es', 'Hola, Marta: ¿qué tal tu pedido?', 'Opinar sobre este producto'],
    ['pt', 'Olá, Marta! Como foi seu pedido?', 'Avaliar este produto'],
  ] as const)(
    'renders in %s with the products, the name and the star the mail chose',
    async (locale, greeting, open) => {
      const link = await seedReviewRequest(t, owner.merchantId, { locale });
      const res = await http.get(`/r/${link.token}?rating=4`).expect(200);
      expectPageHeaders(res);
      expect(res.text).toContain(`<html lang="${locale}">`);
      expect(res.text).toContain(greeting);
      expect(res.text).toContain(open);
      expect(res.text).toContain('Loja Azul');
      expect(res.text).toContain('Linen Shirt');
      expect(res.text).toContain('Wool Scarf');
      expect(res.text).toContain('src="https://cdn.shop.example/shirt.jpg"');
      const data = pageData(res.text);
      expect(data).toMatchObject({ rating: 4, first: 0, name: 'Marta' });
      expect(data.products.map((product) => product.id)).toEqual(['sku-1', 'sku-2']);
      // The widget's form chunk, allowed by the page's nonce, and its stylesheet by hash.
      const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1];
      expect(res.text).toMatch(
        new RegExp(`<script nonce="${nonce}" src="/widget/v1/assets/form\\.[0-9a-f]+\\.js"></script>`),
      );
      expect(res.headers['content-security-policy']).toMatch(/style-src 'nonce-[^']+' 'sha256-[^']+'/);
    },
  );

  it('records the first opening and moves a sent request to opened', async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    const at = new Date('2026-11-20T10:00:00Z');
    t.app.get(Clock).now = () => at;
    try {
      await http.get(`/r/${link.token}`).expect(200);
      expect(await requestRow(link.id)).toMatchObject({ status: 'opened', openedAt: at });
      t.app.get(Clock).now = () => new Date('2026-11-21T10:00:00Z');
      await http.get(`/r/${link.token}`).expect(200);
      expect((await requestRow(link.id)).openedAt).toEqual(at);
    } finally {
      t.app.get(Clock).now = () => new Date();
    }
  });

  it('counts no opening for a HEAD request (a mail scanner checking the link)', async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    await http.head(`/r/${link.token}`).expect(200);
    expect(await requestRow(link.id)).toMatchObject({ status: 'sent', openedAt: null });
  });

  it("opens on the product the mail's star was for, or the first still to review when it is unknown", async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    expect(pageData((await http.get(`/r/${link.token}?rating=2&product=sku-2`).expect(200)).text)).toMatchObject({
      rating: 2,
      first: 1,
    });
    expect(pageData((await http.get(`/r/${link.token}?rating=2&product=nope`).expect(200)).text).first).toBe(0);
  });

  it('ignores a rating outside 1–5', async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    expect(pageData((await http.get(`/r/${link.token}?rating=9`).expect(200)).text).rating).toBe(0);
  });

  it('says an unknown link does not work (404)', async () => {
    const res = await http.get('/r/not-a-real-token-but-long-enough').set(HTML).expect(404);
    expectPageHeaders(res);
    expect(res.text).toContain('This link does not work');
    await http.get('/r/short').set(HTML).expect(404);
    // A client that does not ask for HTML gets the API's error body.
    const json = await http.get('/r/not-a-real-token-but-long-enough').expect(404);
    expect(json.body).toEqual({ detail: expect.any(String), code: 'unknown_link' });
    expect(json.headers['cache-control']).toBe('no-store');
  });

  it('says an expired link expired and points to the store (410), in the request’s language', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, {
      locale: 'es',
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await http.get(`/r/${link.token}`).set(HTML).expect(410);
    expectPageHeaders(res);
    expect(res.text).toContain('Este enlace caducó');
    expect((await http.get(`/r/${link.token}`).expect(410)).body.code).toBe('link_expired');
    expect(res.text).toContain('href="https://loja-azul.example"');
    expect((await requestRow(link.id)).openedAt).toBeNull();
  });

  it('says a withdrawn request (cancelled order) takes no review (410)', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { status: 'cancelled' });
    expect((await http.get(`/r/${link.token}`).set(HTML).expect(410)).text).toContain('withdrew');
  });

  it('says a store that uninstalled the app no longer collects reviews (410)', async () => {
    const other = await registerOwner(t);
    await databaseOf(t)
      .update(merchants)
      .set({ storeName: 'Gone Shop', disconnectedAt: new Date() })
      .where(eq(merchants.id, other.merchantId));
    const link = await seedReviewRequest(t, other.merchantId, {
      products: [{ id: 'sku-1', name: 'Mug', url: 'https://gone-shop.example/products/mug' }],
    });
    const res = await http.get(`/r/${link.token}`).set(HTML).expect(410);
    expect(res.text).toContain('Gone Shop stopped using this review service');
    // No domain from a platform: the store's site is that of the order's product links.
    expect(res.text).toContain('href="https://gone-shop.example"');
    await submit(link.token, { product_id: 'sku-1', rating: '5' }, photo()).expect(410);
  });
});

describe('POST /api/review-requests/public/{token}/reviews/', () => {
  it('makes a pending, verified review from the request, with its address, and marks the product reviewed', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { customerEmail: 'Buyer.One@Example.com' });
    const res = await submit(
      link.token,
      {
        product_id: 'sku-1',
        customer_name: 'Marta S.',
        rating: '5',
        comment: 'Lovely shirt',
        customer_email: 'x@evil.example',
      },
      photo(),
    ).expect(201);
    expect(res.body).toEqual({ id: expect.any(String), status: 'pending' });
    const [review] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, res.body.id));
    expect(review).toMatchObject({
      merchantId: owner.merchantId,
      status: 'pending',
      verifiedPurchase: true,
      source: 'request',
      customerEmail: 'Buyer.One@Example.com',
      customerName: 'Marta S.',
      rating: 5,
    });
    const [product] = await databaseOf(t)
      .select()
      .from(reviewRequestProducts)
      .where(and(eq(reviewRequestProducts.requestId, link.id), eq(reviewRequestProducts.productExternalId, 'sku-1')));
    expect(product).toMatchObject({ reviewId: res.body.id, reviewedAt: expect.any(Date) });
    expect(await requestRow(link.id)).toMatchObject({ status: 'reviewed', sendAt: null, reviewedAt: expect.any(Date) });

    // The product exists for the store as the request described it.
    const list = (await owner.agent.get(`/api/reviews/${res.body.id}/`).expect(200)).body as {
      product: { external_id: string; name: string; image: string | null };
    };
    expect(list.product).toMatchObject({
      external_id: 'sku-1',
      name: 'Linen Shirt',
      image: 'https://cdn.shop.example/shirt.jpg',
    });

    // The page shows it done, with the review, and offers the other product.
    const page = await http.get(`/r/${link.token}?rating=3`).expect(200);
    expect(page.text).toContain('✓ Reviewed');
    expect(page.text).toContain('Lovely shirt');
    expect(pageData(page.text)).toMatchObject({ first: 1, rating: 3 });

    // A second review of the same product through the link: 409, the first stays.
    const again = await submit(link.token, { product_id: 'sku-1', rating: '1' }, photo()).expect(409);
    expect(again.body.code).toBe('already_reviewed');
    expect(
      (await databaseOf(t).select().from(reviews).where(eq(reviews.customerEmail, 'Buyer.One@Example.com'))).length,
    ).toBe(1);

    // The other product, then the link is used: the page thanks and lists both.
    await submit(link.token, { product_id: 'sku-2', rating: '4', comment: 'Warm' }, photo()).expect(201);
    const used = await http.get(`/r/${link.token}`).expect(200);
    expect(used.text).toContain('Thank you!');
    expect(used.text).toContain('Lovely shirt');
    expect(used.text).toContain('Warm');
    expect(used.text).not.toContain('vr-data');
  });

  it('makes one review of a product when two are sent at once through the link (the other answers 409)', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { customerEmail: 'twice@example.com' });
    const answers = await Promise.all(
      [1, 2].map((n) => submit(link.token, { product_id: 'sku-1', rating: String(n + 3) }, photo())),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.status === 409)!.body.code).toBe('already_reviewed');
    const made = await databaseOf(t).select().from(reviews).where(eq(reviews.customerEmail, 'twice@example.com'));
    expect(made).toHaveLength(1);
    const [product] = await databaseOf(t)
      .select()
      .from(reviewRequestProducts)
      .where(and(eq(reviewRequestProducts.requestId, link.id), eq(reviewRequestProducts.productExternalId, 'sku-1')));
    expect(product.reviewId).toBe(made[0].id);
  });

  it('takes stars and text alone where the store accepts them, and says so on the page; else asks for media', async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    const page = await http.get(`/r/${link.token}`).expect(200);
    expect(page.text).toContain('or just stars and a few words');
    await submit(link.token, { product_id: 'sku-1', rating: '4' }).expect(400);
    const text = await submit(link.token, { product_id: 'sku-1', rating: '4', comment: 'Good' }).expect(201);
    const [review] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, text.body.id));
    expect(review).toMatchObject({ videoKey: null, photoKey: null, source: 'request', verifiedPurchase: true });

    await owner.agent.post('/api/widgets/global-settings/').send({ accept_text_reviews: false }).expect(200);
    try {
      const strict = await http.get(`/r/${link.token}`).expect(200);
      expect(strict.text).not.toContain('or just stars and a few words');
      const refused = await submit(link.token, { product_id: 'sku-2', rating: '4', comment: 'Good' }).expect(400);
      expect(refused.body.fields.video).toBeDefined();
    } finally {
      await owner.agent.post('/api/widgets/global-settings/').send({ accept_text_reviews: true }).expect(200);
    }
  });

  it('refuses a product the request does not name, and bad fields, as the upload does', async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    const other = await submit(link.token, { product_id: 'sku-9', rating: '5' }, photo()).expect(400);
    expect(other.body.fields.product_id).toBeDefined();
    const bad = await submit(link.token, { product_id: 'sku-1', rating: '7' }, photo()).expect(400);
    expect(bad.body.fields.rating).toBeDefined();
    const wrongType = await submit(
      link.token,
      { product_id: 'sku-1', rating: '5' },
      {
        photo: [Buffer.from('not an image at all'), 'photo.jpg'],
      },
    );
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    expect((await requestRow(link.id)).status).toBe('sent');
  });

  it('answers 404 for an unknown link and 410 for an expired one', async () => {
    expect(
      (await submit('no-such-token-anywhere-at-all', { product_id: 'sku-1', rating: '5' }).expect(404)).body.code,
    ).toBe('unknown_link');
    const link = await seedReviewRequest(t, owner.merchantId, { expiresAt: new Date(Date.now() - 1000) });
    expect((await submit(link.token, { product_id: 'sku-1', rating: '5' }, photo()).expect(410)).body.code).toBe(
      'link_expired',
    );
  });

  it('takes the video as a resumable upload started for the store', async () => {
    const link = await seedReviewRequest(t, owner.merchantId);
    const video = fixture('review.mp4');
    const metadata = ['merchant_id', owner.storeId, 'filetype', 'video/mp4'];
    const started = await http
      .post('/api/reviews/uploads/')
      .set('Tus-Resumable', '1.0.0')
      .set('X-Forwarded-For', phone())
      .set('Upload-Length', String(video.length))
      .set(
        'Upload-Metadata',
        `${metadata[0]} ${Buffer.from(metadata[1]).toString('base64')},${metadata[2]} ${Buffer.from(metadata[3]).toString('base64')}`,
      )
      .expect(201);
    await http
      .patch(started.headers.location as string)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(video)
      .expect(204);
    const res = await submit(link.token, { product_id: 'sku-2', rating: '5', upload_id: started.body.id }).expect(201);
    const [review] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, res.body.id));
    expect(review.videoKey).toEqual(expect.any(String));
    expect(review.source).toBe('request');
  });
});

describe('/u/{token}: unsubscribe', () => {
  async function suppression(email: string) {
    const [row] = await databaseOf(t)
      .select()
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.merchantId, owner.merchantId), eq(mailSuppressions.emailHash, hashEmail(email))));
    return row;
  }

  it('unsubscribes on the RFC 8058 one-click POST, without cookies or Origin', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { customerEmail: 'one.click@example.com' });
    await http.post(`/u/${link.token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await suppression('one.click@example.com')).toMatchObject({
      reason: 'unsubscribed',
      email: 'one.click@example.com',
    });
    expect(await requestRow(link.id)).toMatchObject({ status: 'unsubscribed', sendAt: null });
    // Twice is the same.
    await http.post(`/u/${link.token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
  });

  it('unsubscribes on GET, confirms with the store’s name, and resubscribes', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { locale: 'pt', customerEmail: 'page@example.com' });
    const res = await http.get(`/u/${link.token}`).expect(200);
    expectPageHeaders(res);
    expect(res.text).toContain('Você não receberá mais pedidos de avaliação de Loja Azul.');
    expect(res.text).toContain('name="action" value="resubscribe"');
    expect(res.text).toContain('href="https://loja-azul.example"');
    expect(await suppression('page@example.com')).toBeDefined();
    expect((await requestRow(link.id)).status).toBe('unsubscribed');

    const back = await http.post(`/u/${link.token}`).type('form').send('action=resubscribe').expect(200);
    expect(back.text).toContain('Você está inscrito de novo');
    expect(await suppression('page@example.com')).toBeUndefined();
  });

  it("stops the address's other open requests of the store too", async () => {
    const email = 'many.orders@example.com';
    const first = await seedReviewRequest(t, owner.merchantId, { customerEmail: email });
    const second = await seedReviewRequest(t, owner.merchantId, { customerEmail: email });
    const waiting = await seedReviewRequest(t, owner.merchantId, { customerEmail: email, status: 'scheduled' });
    await http.get(`/u/${first.token}`).expect(200);
    expect(await requestRow(first.id)).toMatchObject({ status: 'unsubscribed', sendAt: null });
    expect((await requestRow(second.id)).sendAt).toBeNull();
    expect(await requestRow(waiting.id)).toMatchObject({ status: 'skipped', skipReason: 'suppressed', sendAt: null });
  });

  it('unsubscribes nobody on a HEAD request', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { customerEmail: 'scanned@example.com' });
    await http.head(`/u/${link.token}`).expect(200);
    expect(await suppression('scanned@example.com')).toBeUndefined();
    expect((await requestRow(link.id)).status).toBe('sent');
  });

  it('leaves a bounce on the list when the buyer resubscribes', async () => {
    const link = await seedReviewRequest(t, owner.merchantId, { customerEmail: 'bounced@example.com' });
    await databaseOf(t)
      .insert(mailSuppressions)
      .values({
        merchantId: owner.merchantId,
        emailHash: hashEmail('bounced@example.com'),
        email: 'bounced@example.com',
        reason: 'bounced',
      });
    await http.get(`/u/${link.token}`).expect(200);
    expect((await suppression('bounced@example.com')).reason).toBe('bounced');
    await http.post(`/u/${link.token}`).type('form').send('action=resubscribe').expect(200);
    expect((await suppression('bounced@example.com')).reason).toBe('bounced');
  });

  it('answers an unknown link with a 404 page, and a bad form with a 400', async () => {
    const res = await http.get('/u/not-a-real-token-but-long-enough').set(HTML).expect(404);
    expect(res.text).toContain('This link does not work');
    await http.post('/u/not-a-real-token-but-long-enough').type('form').send('List-Unsubscribe=One-Click').expect(404);
    const link = await seedReviewRequest(t, owner.merchantId);
    const bad = await http.post(`/u/${link.token}`).type('form').send('action=explode').expect(400);
    expect(bad.body.fields.action).toBeDefined();
    expect((await requestRow(link.id)).status).toBe('sent');
  });
});
