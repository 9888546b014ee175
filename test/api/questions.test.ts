import { runInNewContext } from 'node:vm';
import request from 'supertest';
import type { TPublicQuestions, TQuestion, TQuestionAsk, TQuestionBulkResult } from '../../shared/questions.js';
import type { TPage } from '../../shared/reviews.js';
import { Clock } from '../../server/common/clock.js';
import { DomainEvents } from '../../server/events/domain-events.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { PUBLIC_URL, joinAsMember, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 25, questions and answers: a shopper asks on the storefront (throttled, filtered, always pending), the
// merchant answers (the asker is mailed, unless suppressed) and publishes; storefronts see it at once.

let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { PUBLIC_URL, TRUST_PROXY: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Video Reviews <mail@reviews.test>' },
  });
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

/** The data version the loader hands the widget (its `data-version`), read by running the loader as a page would. */
async function loaderVersion(storeId: string): Promise<string> {
  const res = await http.get(`/widget/v1/${storeId}.js`).set('Accept-Encoding', 'identity').expect(200);
  const appended: Array<{ dataset: Record<string, string> }> = [];
  const document = {
    createElement: () => ({ dataset: {} }),
    head: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
  };
  runInNewContext(res.text, { document, window: {}, console });
  return appended[0].dataset.version;
}

let shoppers = 0;
/** Each shopper from an address of their own, unless named: the throttle counts per address. */
const ask = (body: Partial<TQuestionAsk>, ip = `198.51.100.${++shoppers % 250}`) =>
  http.post('/api/questions/public/').set('X-Forwarded-For', ip).send(body);

const question = (store: RegisteredOwner, fields: Partial<TQuestionAsk> = {}): TQuestionAsk => ({
  merchant_id: store.storeId,
  product_id: 'mug',
  product_name: 'Blue Mug',
  name: 'Ana Souza',
  email: 'ana@example.com',
  question: 'Is it dishwasher safe?',
  ...fields,
});

const publicPage = async (store: RegisteredOwner, product = 'mug', extra = '') =>
  (await http.get(`/api/questions/public/?product_id=${product}&merchant_id=${store.storeId}${extra}`).expect(200))
    .body as TPublicQuestions;

const list = async (store: RegisteredOwner, query = '') =>
  (await store.agent.get(`/api/questions/${query}`).expect(200)).body as TPage<TQuestion>;

describe('questions and answers', () => {
  it('asks (pending, not public), answers (the asker is mailed), publishes (public at once), unpublishes', async () => {
    const store = await registerOwner(t);
    await store.agent.patch(`/api/stores/${store.merchantId}/`).send({ store_name: 'Casa Ana' }).expect(200);
    const email = 'asker-one@example.com';
    const asked = await ask(question(store, { email: ' Asker-One@Example.com ' })).expect(201);
    expect(asked.headers['access-control-allow-origin']).toBe('*');
    expect(asked.body).toEqual({ id: expect.any(String), status: 'pending' });
    const id = asked.body.id as string;

    const pending = await list(store, '?status=pending');
    expect(pending.results).toEqual([
      expect.objectContaining({
        id,
        status: 'pending',
        asker: { name: 'Ana Souza', email },
        question: 'Is it dishwasher safe?',
        answer: null,
        flags: [],
        product: expect.objectContaining({ external_id: 'mug', name: 'Blue Mug', source: 'storefront' }),
      }),
    ]);
    expect((await publicPage(store)).results).toEqual([]);
    // Publishing before answering is refused.
    expect((await store.agent.post(`/api/questions/${id}/publish/`).expect(400)).body.code).toBe('question_unanswered');

    tick();
    const answered = (
      await store.agent.put(`/api/questions/${id}/answer/`).send({ text: '  Yes, up to 60 °C.  ' }).expect(200)
    ).body as TQuestion;
    expect(answered).toMatchObject({
      status: 'answered',
      answer: 'Yes, up to 60 °C.',
      answered_at: now.toISOString(),
      answer_mailed_at: now.toISOString(),
    });
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    const [mail] = mailsTo(email);
    expect(mail.subject).toBe('Casa Ana answered your question');
    expect(mail.raw).toMatch(/^From: "?Casa Ana"? <mail@reviews\.test>/m);
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('Blue Mug');
    expect(mail.text).toContain('Is it dishwasher safe?');
    expect(mail.text).toContain('Yes, up to 60 °C.');
    // Answered but not published: still not public.
    expect((await publicPage(store)).count).toBe(0);

    const published = (await store.agent.post(`/api/questions/${id}/publish/`).expect(200)).body as TQuestion;
    expect(published.status).toBe('published');
    const page = await publicPage(store);
    expect(page).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id,
          name: 'Ana',
          question: 'Is it dishwasher safe?',
          answer: 'Yes, up to 60 °C.',
          created_at: expect.any(String),
          answered_at: answered.answered_at,
        },
      ],
    });
    expect(JSON.stringify(page)).not.toContain('asker-one');
    // Another product's questions are its own.
    expect((await publicPage(store, 'lamp')).count).toBe(0);

    // Editing a published answer shows at once, keeps it published and mails the new answer.
    tick();
    await store.agent.put(`/api/questions/${id}/answer/`).send({ text: 'Yes, up to 70 °C.' }).expect(200);
    expect((await publicPage(store)).results[0].answer).toBe('Yes, up to 70 °C.');
    await settle();
    expect(mailsTo(email)).toHaveLength(2);

    await store.agent.post(`/api/questions/${id}/unpublish/`).expect(200);
    expect((await publicPage(store)).count).toBe(0);
    expect((await list(store, '?status=answered')).results.map((q) => q.id)).toEqual([id]);
    expect((await store.agent.get('/api/questions/stats/').expect(200)).body).toEqual({
      pending: 0,
      answered: 1,
      published: 0,
    });

    await store.agent.delete(`/api/questions/${id}/`).expect(204);
    await store.agent.get(`/api/questions/${id}/`).expect(404);
  });

  it('publishes with the answer in one step, which gives the loader a new data version', async () => {
    const store = await registerOwner(t);
    const id = (await ask(question(store)).expect(201)).body.id as string;
    const v1 = await loaderVersion(store.storeId);
    const at = (v: string) =>
      http.get(`/api/questions/public/?product_id=mug&merchant_id=${store.storeId}&v=${v}`).expect(200);
    const before = await at(v1);
    expect(before.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect((before.body as TPublicQuestions).count).toBe(0);
    // Asking changes nothing shoppers see: the version stays.
    expect(await loaderVersion(store.storeId)).toBe(v1);

    await store.agent.put(`/api/questions/${id}/answer/`).send({ text: 'Yes.', publish: true }).expect(200);
    const v2 = await loaderVersion(store.storeId);
    expect(v2).not.toBe(v1);
    const after = await at(v2);
    expect(after.headers['cache-control']).toBe(CDN_CACHE.versioned);
    expect((after.body as TPublicQuestions).results.map((q) => q.id)).toEqual([id]);
    // The old version's URL still answers, current data kept briefly.
    expect((await at(v1)).headers['cache-control']).toBe(CDN_CACHE.short);
  });

  it('keeps what the content filter finds as flags, and the question pending', async () => {
    const store = await registerOwner(t);
    await store.agent
      .put('/api/moderation/settings/')
      .send({ blocked_words: ['rival'] })
      .expect(200);
    const cases: Array<[Partial<TQuestionAsk>, string[]]> = [
      [{ question: 'Is this shit waterproof?' }, ['profanity']],
      [{ question: 'Es una mierda o no?' }, ['profanity']],
      [{ question: 'Better than www.other-shop.example.com/mug?' }, ['link']],
      [{ question: 'Call me on +1 415 555 0100 please' }, ['phone']],
      [{ question: 'Is it like the rival one?' }, ['blocked_word']],
      [{ name: 'Ana ana@mail.example.com' }, ['email']],
      // A Portuguese word that merely contains an English one is not flagged.
      [{ question: 'Qual é a análise do material?' }, []],
    ];
    for (const [fields, flags] of cases) {
      const id = (await ask(question(store, fields)).expect(201)).body.id as string;
      const found = (await store.agent.get(`/api/questions/${id}/`).expect(200)).body as TQuestion;
      expect({ fields, flags: found.flags, status: found.status }).toEqual({ fields, flags, status: 'pending' });
    }
  });

  it('throttles asks per address with 429 and Retry-After, other addresses still ask', async () => {
    const store = await registerOwner(t);
    const ip = '203.0.113.77';
    for (let n = 0; n < 10; n++) await ask(question(store, { question: `Question ${n}?` }), ip).expect(201);
    const refused = await ask(question(store), ip).expect(429);
    expect(refused.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-expose-headers']).toMatch(/Retry-After/i);
    await ask(question(store), '203.0.113.78').expect(201);
    expect((await list(store)).count).toBe(11);
  });

  it('refuses bad input with JSON 400s naming the fields, and unknown stores', async () => {
    const store = await registerOwner(t);
    const bad: Array<[Partial<TQuestionAsk> | Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ question: '' }, 'question'],
      [{ question: 'x'.repeat(1001) }, 'question'],
      [{ product_id: '' }, 'product_id'],
      [{ name: 7 }, 'name'],
    ];
    for (const [fields, field] of bad) {
      const res = await ask({ ...question(store), ...fields } as Partial<TQuestionAsk>).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_error', fields: { [field]: [expect.any(String)] } });
    }
    const unknown = await ask(question(store, { merchant_id: 'no-such-store' })).expect(400);
    expect(unknown.body.fields).toEqual({ merchant_id: [expect.any(String)] });
    await http.post('/api/questions/public/').set('Content-Type', 'application/json').send('{"oops').expect(400);
    const res = await http.get(`/api/questions/public/?merchant_id=${store.storeId}`).expect(400);
    expect(res.body.fields).toHaveProperty('product_id');
    const size = await http.get(`/api/questions/public/?merchant_id=${store.storeId}&product_id=mug&page_size=7`);
    expect(size.status).toBe(400);
    expect(size.body.fields).toHaveProperty('page_size');
    await http.get('/api/questions/public/?merchant_id=no-such-store&product_id=mug').expect(404);

    const id = (await ask(question(store)).expect(201)).body.id as string;
    for (const body of [
      { text: '  ' },
      {},
      { text: 'x'.repeat(2001) },
      { text: 'ok', publish: 'yes' },
      { text: 'ok', x: 1 },
    ]) {
      const answer = await store.agent.put(`/api/questions/${id}/answer/`).send(body).expect(400);
      expect(answer.body.code).toBe('validation_error');
      expect(Object.keys(answer.body.fields as object).length).toBeGreaterThan(0);
    }
    await store.agent
      .put(`/api/questions/${id}/answer/`)
      .send({ text: 'x'.repeat(2000) })
      .expect(200);
    await store.agent.get('/api/questions/?status=lost').expect(400);
    await store.agent
      .post('/api/questions/bulk/')
      .send({ action: 'approve', ids: [id] })
      .expect(400);
    await store.agent.get('/api/questions/not-a-uuid/').expect(404);
  });

  it('pages the storefront’s questions with bounded sizes and links', async () => {
    const store = await registerOwner(t);
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) ids.push((await ask(question(store, { question: `Q${n}?` })).expect(201)).body.id);
    const bulk = (await store.agent.post('/api/questions/bulk/').send({ action: 'publish', ids }).expect(200))
      .body as TQuestionBulkResult;
    // Unanswered questions cannot be published.
    expect(bulk).toMatchObject({ matched: 7, changed: 0, not_allowed: 7 });
    for (const id of ids)
      await store.agent
        .put(`/api/questions/${id}/answer/`)
        .send({ text: `A ${id}` })
        .expect(200);
    const published = (await store.agent.post('/api/questions/bulk/').send({ action: 'publish', ids }).expect(200))
      .body as TQuestionBulkResult;
    expect(published).toMatchObject({ matched: 7, changed: 7, not_allowed: 0, unchanged: 0, not_found: 0 });
    const first = await publicPage(store, 'mug', '&page_size=5');
    expect(first.count).toBe(7);
    expect(first.results).toHaveLength(5);
    expect(first.next).toContain('page=2');
    const second = await publicPage(store, 'mug', '&page_size=5&page=2');
    expect(second.results).toHaveLength(2);
    expect(second.previous).toContain('page=1');

    const removed = (
      await store.agent
        .post('/api/questions/bulk/')
        .send({ action: 'delete', ids: [ids[0], ids[1], '00000000-0000-4000-8000-000000000000'] })
        .expect(200)
    ).body as TQuestionBulkResult;
    expect(removed).toMatchObject({ matched: 3, changed: 2, not_found: 1 });
    expect((await publicPage(store, 'mug', '&page_size=10')).count).toBe(5);
    const unpublished = (
      await store.agent
        .post('/api/questions/bulk/')
        .send({ action: 'unpublish', ids: ids.slice(2) })
        .expect(200)
    ).body as TQuestionBulkResult;
    expect(unpublished).toMatchObject({ changed: 5 });
    expect((await publicPage(store)).count).toBe(0);
  });

  it('never mails an address on the store’s suppression list, and saves the answer', async () => {
    const store = await registerOwner(t);
    const email = 'suppressed-asker@example.com';
    await store.agent.post('/api/review-requests/suppressions/').send({ email: 'Suppressed-Asker@Example.com' });
    const id = (await ask(question(store, { email })).expect(201)).body.id as string;
    const answered = (await store.agent.put(`/api/questions/${id}/answer/`).send({ text: 'Yes.' }).expect(200))
      .body as TQuestion;
    expect(answered).toMatchObject({ answer: 'Yes.', answer_mailed_at: null, status: 'answered' });
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('keeps stores apart: another store’s owner or member cannot read, answer, publish or delete', async () => {
    const store = await registerOwner(t);
    const other = await registerOwner(t);
    const otherMember = await joinAsMember(t, other.agent);
    const id = (await ask(question(store)).expect(201)).body.id as string;
    for (const agent of [other.agent, otherMember]) {
      for (const res of [
        await agent.get(`/api/questions/${id}/`),
        await agent.put(`/api/questions/${id}/answer/`).send({ text: 'Not mine' }),
        await agent.post(`/api/questions/${id}/publish/`),
        await agent.post(`/api/questions/${id}/unpublish/`),
        await agent.delete(`/api/questions/${id}/`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found' });
      }
      const bulk = (
        await agent
          .post('/api/questions/bulk/')
          .send({ action: 'delete', ids: [id] })
          .expect(200)
      ).body as TQuestionBulkResult;
      expect(bulk).toMatchObject({ changed: 0, not_found: 1 });
      expect((await agent.get('/api/questions/').expect(200)).body.count).toBe(0);
    }
    const mine = (await store.agent.get(`/api/questions/${id}/`).expect(200)).body as TQuestion;
    expect(mine).toMatchObject({ status: 'pending', answer: null });
    await http.get('/api/questions/').expect(401);
    await http.put(`/api/questions/${id}/answer/`).send({ text: 'Anonymous' }).expect(401);
  });

  it('takes the asker’s name and address off their questions when the customer is erased', async () => {
    const store = await registerOwner(t);
    const email = 'forget-asker@example.com';
    const id = (await ask(question(store, { email, name: 'Forget Me' })).expect(201)).body.id as string;
    await store.agent.put(`/api/questions/${id}/answer/`).send({ text: 'Yes.', publish: true }).expect(200);
    const kept = (await ask(question(store, { email: 'keep-asker@example.com' })).expect(201)).body.id as string;
    expect((await publicPage(store)).results.map((q) => q.name).sort()).toEqual(['Forget']);

    await t.app
      .get(DomainEvents)
      .emit('customer.redacted', { merchantId: store.merchantId, email, orderExternalIds: [] });
    const erased = (await store.agent.get(`/api/questions/${id}/`).expect(200)).body as TQuestion;
    expect(erased).toMatchObject({
      asker: { name: '', email: '' },
      question: 'Is it dishwasher safe?',
      answer: 'Yes.',
    });
    expect((await publicPage(store)).results[0].name).toBe('');
    expect((await store.agent.get(`/api/questions/${kept}/`).expect(200)).body.asker.email).toBe(
      'keep-asker@example.com',
    );
  });
});
