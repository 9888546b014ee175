import request from 'supertest';
import type { TReview } from '../../shared/reviews.js';
import type { TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { Clock } from '../../server/common/clock.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 25, the merchant's voice: one public reply per review (mailed to the reviewer on request, never to a
// suppressed address) and pinned reviews, both seen by storefronts at once.

let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'Video Reviews <mail@reviews.test>' } });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let now = new Date('2026-12-01T10:00:00Z');
const tick = () => {
  now = new Date(now.getTime() + 60_000);
  t.app.get(Clock).now = () => now;
};
const settle = () => t.app.get(JobQueue).settled();
const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

/** The storefront's answer for the product, as the widget asks for it (right after a change: no waiting). */
const storefront = async (store: RegisteredOwner, product: string) =>
  (await http.get(`/api/reviews/public/?product_id=${product}&merchant_id=${store.storeId}`).expect(200))
    .body as TPublicReviews;

const reply = (store: RegisteredOwner, id: string, body: object) =>
  store.agent.put(`/api/reviews/${id}/reply/`).send(body);

describe('replies', () => {
  it('writes, edits and deletes the one public reply, which storefronts show at once', async () => {
    const store = await registerOwner(t);
    const [id] = await seedReviews(t, store.merchantId, 1, { productId: 'mug', status: 'approved' });
    expect((await storefront(store, 'mug')).results[0]).toMatchObject({ id, reply: null, pinned: false });
    expect((await store.agent.get(`/api/reviews/${id}/`).expect(200)).body).toMatchObject({ reply: null });

    tick();
    const written = (await reply(store, id, { text: '  Thank you, Ana!  ' }).expect(200)).body as TReview;
    const first = now.toISOString();
    expect(written.reply).toEqual({ text: 'Thank you, Ana!', created_at: first, updated_at: first, mailed_at: null });
    expect((await storefront(store, 'mug')).results[0].reply).toEqual({ text: 'Thank you, Ana!', at: first });

    tick();
    const edited = (await reply(store, id, { text: 'Thank you, Ana! Enjoy it.' }).expect(200)).body as TReview;
    expect(edited.reply).toEqual({
      text: 'Thank you, Ana! Enjoy it.',
      created_at: first,
      updated_at: now.toISOString(),
      mailed_at: null,
    });
    expect((await storefront(store, 'mug')).results[0].reply?.text).toBe('Thank you, Ana! Enjoy it.');
    const listed = (await store.agent.get('/api/reviews/').expect(200)).body as { results: TReview[] };
    expect(listed.results[0].reply?.text).toBe('Thank you, Ana! Enjoy it.');

    await store.agent.delete(`/api/reviews/${id}/reply/`).expect(204);
    expect((await store.agent.get(`/api/reviews/${id}/`).expect(200)).body).toMatchObject({ reply: null });
    expect((await storefront(store, 'mug')).results[0].reply).toBeNull();
    // Deleting again is harmless; another reply starts afresh.
    await store.agent.delete(`/api/reviews/${id}/reply/`).expect(204);
    tick();
    const again = (await reply(store, id, { text: 'Hello again' }).expect(200)).body as TReview;
    expect(again.reply?.created_at).toBe(now.toISOString());
  });

  it('names the store that replies in the widget configuration, in every language', async () => {
    const store = await registerOwner(t);
    await store.agent.patch(`/api/stores/${store.merchantId}/`).send({ store_name: 'Casa Ana' }).expect(200);
    const configuration = (await http.get(`/api/widgets/configuration/mug/?merchant_id=${store.storeId}`).expect(200))
      .body as TWidgetConfiguration;
    expect(configuration.store_name).toBe('Casa Ana');
    expect(configuration.strings.reply_from).toBe('Reply from {store}');
  });

  it('refuses empty, too long and malformed replies with JSON 400s, and another store’s review with 404', async () => {
    const store = await registerOwner(t);
    const other = await registerOwner(t);
    const [id] = await seedReviews(t, store.merchantId, 1);
    const [foreign] = await seedReviews(t, other.merchantId, 1);

    for (const body of [{ text: '   ' }, {}, { text: 'x'.repeat(2001) }, { text: 'ok', notify: 'yes' }, { text: 1 }]) {
      const res = await reply(store, id, body).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_error' });
      expect(Object.keys(res.body.fields as object).length).toBeGreaterThan(0);
    }
    expect((await reply(store, id, { text: 'ok', extra: 1 }).expect(400)).body.code).toBe('validation_error');
    await reply(store, id, { text: 'x'.repeat(2000) }).expect(200);

    for (const res of [
      await reply(store, foreign, { text: 'Not mine' }),
      await store.agent.delete(`/api/reviews/${foreign}/reply/`),
      await store.agent.post(`/api/reviews/${foreign}/pin/`),
      await store.agent.post(`/api/reviews/${foreign}/unpin/`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
    }
    expect((await other.agent.get(`/api/reviews/${foreign}/`).expect(200)).body).toMatchObject({
      reply: null,
      pinned: false,
    });
    await http.put(`/api/reviews/${id}/reply/`).send({ text: 'Anonymous' }).expect(401);
    await http.post(`/api/reviews/${id}/pin/`).expect(401);
  });

  it('mails the reply once when asked, from the store’s name, and not again on an edit unless asked', async () => {
    const store = await registerOwner(t);
    await store.agent.patch(`/api/stores/${store.merchantId}/`).send({ store_name: 'Casa Ana' }).expect(200);
    const email = 'buyer-reply@example.com';
    const [id] = await seedReviews(t, store.merchantId, 1, {
      productName: 'Linen Shirt',
      customerName: () => 'Beatriz Lima',
      customerEmail: () => email,
      status: 'approved',
    });

    tick();
    const mailed = (await reply(store, id, { text: 'Thank you, Beatriz!', notify: true }).expect(200)).body as TReview;
    expect(mailed.reply?.mailed_at).toBe(now.toISOString());
    await settle();
    const [mail] = mailsTo(email);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mail.subject).toBe('Casa Ana replied to your review');
    expect(mail.raw).toMatch(/^From: "?Casa Ana"? <mail@reviews\.test>/m);
    expect(mail.text).toContain('Hi Beatriz,');
    expect(mail.text).toContain('Linen Shirt');
    expect(mail.text).toContain('Thank you, Beatriz!');

    const mailedAt = now.toISOString();
    tick();
    const edited = (await reply(store, id, { text: 'Thank you, Beatriz! <3', notify: false }).expect(200))
      .body as TReview;
    expect(edited.reply?.mailed_at).toBe(mailedAt);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);

    tick();
    await reply(store, id, { text: 'Thank you again, Beatriz!', notify: true }).expect(200);
    await settle();
    expect(mailsTo(email).map((m) => m.text.includes('Thank you again'))).toEqual([false, true]);
  });

  it('never mails a suppressed address, nor a review without one, and saves nothing then', async () => {
    const store = await registerOwner(t);
    const email = 'suppressed-reply@example.com';
    const [suppressed] = await seedReviews(t, store.merchantId, 1, { customerEmail: () => email });
    const [anonymous] = await seedReviews(t, store.merchantId, 1);
    await store.agent
      .post('/api/review-requests/suppressions/')
      .send({ email: 'Suppressed-Reply@Example.com' })
      .expect(201);

    const refused = await reply(store, suppressed, { text: 'Thanks!', notify: true }).expect(400);
    expect(refused.body).toMatchObject({ code: 'reply_suppressed', fields: { notify: [expect.any(String)] } });
    const noAddress = await reply(store, anonymous, { text: 'Thanks!', notify: true }).expect(400);
    expect(noAddress.body).toMatchObject({ code: 'reply_no_email' });
    for (const id of [suppressed, anonymous]) {
      expect((await store.agent.get(`/api/reviews/${id}/`).expect(200)).body.reply).toBeNull();
    }
    // Without the mail, the reply is saved.
    expect((await reply(store, suppressed, { text: 'Thanks!' }).expect(200)).body.reply.mailed_at).toBeNull();
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('pins', () => {
  it('puts pinned approved reviews first on the storefront, the latest pinned on top, at once', async () => {
    const store = await registerOwner(t);
    const ids = await seedReviews(t, store.merchantId, 4, { productId: 'lamp', status: 'approved' });
    const [pending] = await seedReviews(t, store.merchantId, 1, { productId: 'lamp' });
    const order = async () => (await storefront(store, 'lamp')).results.map((review) => review.id);
    const newestFirst = await order();
    expect(newestFirst).toEqual([...ids].reverse());

    tick();
    expect((await store.agent.post(`/api/reviews/${ids[0]}/pin/`).expect(200)).body).toMatchObject({ pinned: true });
    tick();
    await store.agent.post(`/api/reviews/${ids[1]}/pin/`).expect(200);
    // A pending review pinned stays off the storefront until approved.
    await store.agent.post(`/api/reviews/${pending}/pin/`).expect(200);
    expect(await order()).toEqual([ids[1], ids[0], ids[3], ids[2]]);
    expect((await storefront(store, 'lamp')).results.map((review) => review.pinned)).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // Pinning again keeps its place.
    tick();
    await store.agent.post(`/api/reviews/${ids[0]}/pin/`).expect(200);
    expect(await order()).toEqual([ids[1], ids[0], ids[3], ids[2]]);

    expect((await store.agent.post(`/api/reviews/${ids[1]}/unpin/`).expect(200)).body).toMatchObject({ pinned: false });
    expect(await order()).toEqual([ids[0], ids[3], ids[2], ids[1]]);
    expect((await store.agent.get(`/api/reviews/${ids[0]}/`).expect(200)).body).toMatchObject({ pinned: true });
  });
});
