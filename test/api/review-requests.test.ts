import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import type { TReviewRequest, TReviewRequestPage, TSuppressionPage } from '../../shared/review-requests.js';
import { createApp } from '../../server/app.js';
import { Clock } from '../../server/common/clock.js';
import { mailSuppressions, plans, reviewRequests } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { ReviewRequestSender } from '../../server/review-requests/review-request-sender.service.js';
import { ReviewRequestsRepository } from '../../server/review-requests/review-requests.repository.js';
import { hashEmail } from '../../server/review-requests/request-token.js';
import { fixture } from '../factories/reviews.factory.js';
import {
  customersRedactPayload,
  orderPayload,
  shopPayload,
  startFakeShopify,
  type FakeShopify,
  type OrderInput,
} from '../fakes/shopify.js';
import { PUBLIC_URL, joinAsMember } from '../support/accounts.js';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../support/smtp.js';
import { inboxIdle, installedStore, shopifyEnv, type InstalledStore } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let shopify: FakeShopify;
let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;
let now = new Date('2026-01-01T12:00:00Z');

beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'requests-key', apiSecret: 'requests-secret' });
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { ...shopifyEnv(shopify), SMTP_URL: smtp.url, MAIL_FROM: 'Video Reviews <mail@reviews.test>' },
  });
  http = request(t.app.getHttpServer());
  t.app.get(Clock).now = () => new Date(now);
});
afterAll(async () => {
  await t.close();
  await shopify.close();
  await smtp.close();
});

const setClock = (iso: string) => (now = new Date(iso));

/** What the dispatcher would do at the clock's instant: due mails queued, then every job run. */
async function dispatch(): Promise<void> {
  await t.app.get(ReviewRequestSender).dispatch();
  await t.app.get(JobQueue).settled();
}

async function deliver(topic: string, shop: string, payload: unknown) {
  const body = JSON.stringify(payload);
  await http
    .post('/api/webhooks/shopify/')
    .set(shopify.webhookHeaders(topic, shop, body))
    .send(body)
    .expect(200);
  await inboxIdle(t);
}

/** A Shopify store in `timezone` named `name`, with two products. */
async function store(name: string, timezone: string, locale = 'en'): Promise<InstalledStore> {
  const installed = await installedStore(t, shopify, [
    { id: '7001', title: 'Linen Shirt', handle: 'linen-shirt' },
    { id: '7002', title: 'Wool Scarf', handle: 'wool-scarf' },
  ]);
  await deliver('shop/update', installed.shop, shopPayload({ domain: installed.shop, name, timezone, locale }));
  return installed;
}

let orders = 5000;
function order(input: Partial<OrderInput> & { email: string; at: string; locale?: string; fulfilled?: boolean }) {
  orders += 1;
  return {
    ...orderPayload({
      id: input.id ?? orders,
      email: input.email,
      customerId: 900 + orders,
      firstName: input.firstName ?? 'Maria',
      lastName: 'Silva',
      lineItems: input.lineItems ?? [{ productId: 7001, title: 'Linen Shirt' }],
      fulfillmentStatus: input.fulfilled === false ? null : 'fulfilled',
      createdAt: input.at,
    }),
    customer_locale: input.locale ?? null,
  };
}

async function requestsOf(owner: InstalledStore['owner'], query = ''): Promise<TReviewRequestPage> {
  return (await owner.get(`/api/review-requests/${query}`).expect(200)).body as TReviewRequestPage;
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

/** A header of the message (unfolded), as the SMTP server received it. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

describe('review requests from Shopify orders', () => {
  it('schedules a São Paulo order at the exact instant across the 2018 DST change, and mails it then', async () => {
    const shop = await store('Loja Sol', 'America/Sao_Paulo', 'pt-BR');
    await shop.owner.put('/api/review-requests/settings/').send({ reply_to: 'atendimento@lojasol.test' }).expect(200);
    // Fulfilled at 15:00 BRT (UTC−3) on 30 Oct 2018; Brazil's summer time began on 4 Nov (UTC−2).
    setClock('2018-10-30T18:00:05Z');
    const email = 'maria@example.com';
    await deliver('orders/fulfilled', shop.shop, order({ email, at: '2018-10-30T18:00:00Z', locale: 'pt-BR' }));
    // A second delivery of the same order schedules nothing new.
    const [first] = (await requestsOf(shop.owner)).results;
    await deliver(
      'orders/fulfilled',
      shop.shop,
      order({ id: Number(first.order_id), email, at: '2018-10-30T18:00:00Z' }),
    );
    const page = await requestsOf(shop.owner);
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      status: 'scheduled',
      locale: 'pt',
      source: 'platform',
      email_masked: 'm***@example.com',
      customer_name: 'Maria Silva',
      // A week later at the same local time: 15:00 BRST is 17:00Z.
      scheduled_for: '2018-11-06T17:00:00.000Z',
      products: [{ id: '7001', name: 'Linen Shirt', image_url: null, reviewed: false }],
    });

    setClock('2018-11-06T16:59:00Z');
    await dispatch();
    expect(mailsTo(email)).toHaveLength(0);
    const funnel = async () =>
      (await shop.owner.get('/api/insights/?start=2018-11-01&end=2018-11-30').expect(200)).body.funnel;
    expect(await funnel()).toBeNull();

    setClock('2018-11-06T17:00:00Z');
    await dispatch();
    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    // Insights' cached funnel counts the mail at once.
    expect((await funnel()).find((week: { week: string }) => week.week === '2018-11-05')).toMatchObject({ sent: 1 });
    expect(header(mail, 'From')).toMatch(/^"?Loja Sol"? <mail@reviews\.test>$/);
    expect(header(mail, 'Reply-To')).toBe('atendimento@lojasol.test');
    expect(mail.subject).toBe('O que você achou do seu pedido na Loja Sol?');
    expect(mail.text).toContain('Maria, como foi o seu pedido?');
    const unsubscribe = header(mail, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/u/[A-Za-z0-9_-]{40,}>$`));
    const token = /\/u\/([^>]+)>/.exec(unsubscribe!)![1];
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(mail.html).toContain(`href="${PUBLIC_URL}/r/${token}?rating=${rating}"`);
      expect(mail.text).toContain(`${PUBLIC_URL}/r/${token}?rating=${rating}`);
    }
    expect(mail.html).toContain(`href="${PUBLIC_URL}/r/${token}"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/u/${token}"`);
    // No tracking pixel: the products here have no image, so the mail has none at all.
    expect(mail.html).not.toMatch(/<img/i);
    // The link's token is kept only hashed (and sealed for reminders).
    const [row] = await databaseOf(t).select().from(reviewRequests).where(eq(reviewRequests.id, first.id));
    expect(JSON.stringify(row)).not.toContain(token);

    // One reminder, a week on in the window (15:00 local is inside it).
    const sent = (await requestsOf(shop.owner)).results[0];
    expect(sent).toMatchObject({ status: 'sent', sent_at: '2018-11-06T17:00:00.000Z', reminders_sent: 0 });
    expect(sent.scheduled_for).toBe('2018-11-13T17:00:00.000Z');
    setClock('2018-11-13T17:00:00Z');
    await dispatch();
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email)[1].text).toContain(`${PUBLIC_URL}/r/${token}?rating=5`);
    expect((await requestsOf(shop.owner)).results[0]).toMatchObject({ reminders_sent: 1, scheduled_for: null });
    setClock('2018-12-31T17:00:00Z');
    await dispatch();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('schedules a Madrid order across the end of summer time, and a review stops its reminders', async () => {
    const shop = await store('Tienda Luna', 'Europe/Madrid', 'es');
    setClock('2026-10-20T08:00:30Z');
    const email = 'lucia@example.com';
    // 10:00 CEST on 20 Oct 2026; the clocks go back on the 25th.
    await deliver(
      'orders/fulfilled',
      shop.shop,
      order({ email, at: '2026-10-20T08:00:00Z', locale: 'es-ES', firstName: 'Lucía' }),
    );
    const [scheduled] = (await requestsOf(shop.owner)).results;
    expect(scheduled).toMatchObject({ locale: 'es', scheduled_for: '2026-10-27T09:00:00.000Z' });

    setClock('2026-10-27T09:00:00Z');
    await dispatch();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0].subject).toBe('¿Qué te pareció tu pedido de Tienda Luna?');
    expect((await requestsOf(shop.owner)).results[0].scheduled_for).toBe('2026-11-03T09:00:00.000Z');

    // The buyer reviews the product from the widget: the request is reviewed, its reminder is not sent.
    await http
      .post('/api/reviews/upload/')
      .field('merchant_id', shop.storeId)
      .field('product_id', '7001')
      .field('rating', '5')
      .field('customer_name', 'Lucía')
      .field('customer_email', email)
      .attach('photo', fixture('photo.jpg'), 'photo.jpg')
      .expect(201);
    const reviewed = (await requestsOf(shop.owner)).results[0];
    expect(reviewed).toMatchObject({ status: 'reviewed', scheduled_for: null });
    expect(reviewed.products[0].reviewed).toBe(true);
    expect(reviewed.reviewed_at).not.toBeNull();
    setClock('2026-11-03T09:00:00Z');
    await dispatch();
    expect(mailsTo(email)).toHaveLength(1);

    const funnel = await shop.owner.get('/api/review-requests/funnel/?days=30').expect(200);
    expect(funnel.body).toEqual({ days: 30, sent: 1, opened: 0, reviewed: 1, open_rate: 0, review_rate: 1 });
  });

  it('cancels what a cancelled order started, and skips a suppressed address (added before or after)', async () => {
    const shop = await store('Cancel Shop', 'UTC');
    setClock('2026-02-02T10:00:00Z');
    const cancelled = order({ email: 'cancel@example.com', at: '2026-02-02T10:00:00Z' });
    await deliver('orders/fulfilled', shop.shop, cancelled);
    await deliver('orders/cancelled', shop.shop, { ...cancelled, cancelled_at: '2026-02-03T10:00:00Z' });
    expect((await requestsOf(shop.owner)).results[0]).toMatchObject({ status: 'cancelled', scheduled_for: null });

    await shop.owner.post('/api/review-requests/suppressions/').send({ email: 'Blocked@Example.com' }).expect(201);
    await deliver('orders/fulfilled', shop.shop, order({ email: 'blocked@example.com', at: '2026-02-02T10:00:00Z' }));
    await deliver('orders/fulfilled', shop.shop, order({ email: 'later@example.com', at: '2026-02-02T10:00:00Z' }));
    await shop.owner.post('/api/review-requests/suppressions/').send({ email: 'later@example.com' }).expect(201);
    const skipped = await requestsOf(shop.owner, '?status=skipped');
    expect(skipped.results.map((r) => [r.email_masked, r.skip_reason]).sort()).toEqual([
      ['b***@example.com', 'suppressed'],
      ['l***@example.com', 'suppressed'],
    ]);
    setClock('2026-03-01T10:00:00Z');
    await dispatch();
    expect(smtp.mails.filter((mail) => /cancel@|blocked@|later@/.test(mail.to.join()))).toHaveLength(0);

    const list = (await shop.owner.get('/api/review-requests/suppressions/?search=blocked').expect(200))
      .body as TSuppressionPage;
    expect(list.results).toEqual([expect.objectContaining({ email: 'blocked@example.com', reason: 'manual' })]);
    await shop.owner.delete(`/api/review-requests/suppressions/${list.results[0].id}/`).expect(204);
    await shop.owner.delete(`/api/review-requests/suppressions/${list.results[0].id}/`).expect(404);
  });

  it('leaves out an old order sent again (an edit), and stores that turned requests off', async () => {
    const shop = await store('Old Orders', 'UTC');
    setClock('2026-03-10T10:00:00Z');
    // Fulfilled 40 days ago: past the week's delay and 30 days more; the other 33 days ago.
    await deliver('orders/updated', shop.shop, order({ email: 'old@example.com', at: '2026-01-29T10:00:00Z' }));
    await deliver('orders/fulfilled', shop.shop, order({ email: 'recent@example.com', at: '2026-02-05T10:00:00Z' }));
    expect((await requestsOf(shop.owner)).results.map((r) => r.email_masked)).toEqual(['r***@example.com']);
    await shop.owner.put('/api/review-requests/settings/').send({ enabled: false }).expect(200);
    await deliver('orders/fulfilled', shop.shop, order({ email: 'off@example.com', at: '2026-03-10T10:00:00Z' }));
    expect((await requestsOf(shop.owner)).count).toBe(1);
  });

  it('makes one request per product with shape "product", lists up to max_products otherwise, and excludes', async () => {
    const shop = await store('Shapes', 'UTC');
    setClock('2026-03-10T10:00:00Z');
    const lines = [
      { productId: 7001, title: 'Linen Shirt' },
      { productId: 7002, title: 'Wool Scarf' },
    ];
    await shop.owner.put('/api/review-requests/settings/').send({ max_products: 1 }).expect(200);
    const first = order({ email: 'shape@example.com', at: '2026-03-10T10:00:00Z', lineItems: lines });
    await deliver('orders/fulfilled', shop.shop, first);
    expect((await requestsOf(shop.owner)).results.map((r) => r.products.map((p) => p.id))).toEqual([['7001']]);
    // The shape changes: an order asked about already is not asked about again.
    await shop.owner
      .put('/api/review-requests/settings/')
      .send({ shape: 'product', excluded_product_ids: ['7001'] })
      .expect(200);
    await deliver('orders/fulfilled', shop.shop, first);
    expect((await requestsOf(shop.owner)).count).toBe(1);
    await deliver(
      'orders/fulfilled',
      shop.shop,
      order({ email: 'each@example.com', at: '2026-03-10T10:00:00Z', lineItems: lines }),
    );
    const each = (await requestsOf(shop.owner, '?search=each')).results;
    expect(each.map((r) => [r.products[0].id, r.status, r.skip_reason]).sort()).toEqual([
      ['7001', 'skipped', 'excluded_product'],
      ['7002', 'scheduled', null],
    ]);
  });

  it('skips what the plan’s monthly quota does not cover', async () => {
    const shop = await store('Quota Shop', 'UTC');
    const db = databaseOf(t);
    await db.update(plans).set({ maxMonthlyRequests: 1 }).where(eq(plans.code, 'free'));
    try {
      setClock('2026-04-10T10:00:00Z');
      await deliver('orders/fulfilled', shop.shop, order({ email: 'q1@example.com', at: '2026-04-10T10:00:00Z' }));
      await deliver('orders/fulfilled', shop.shop, order({ email: 'q2@example.com', at: '2026-04-10T10:00:00Z' }));
      const statuses = (await requestsOf(shop.owner)).results.map((r) => [r.email_masked, r.status, r.skip_reason]);
      expect(statuses.sort()).toEqual([
        ['q***@example.com', 'scheduled', null],
        ['q***@example.com', 'skipped', 'quota_reached'],
      ]);
      const usage = await shop.owner.get('/api/billing/subscriptions/current_usage/').expect(200);
      expect(usage.body.review_requests_this_month).toMatchObject({ current: 1, max: 1, reached_limit: true });
    } finally {
      await db.update(plans).set({ maxMonthlyRequests: 50 }).where(eq(plans.code, 'free'));
    }
  });

  it('a permanent SMTP refusal suppresses the address and fails the request; a temporary one is retried', async () => {
    const shop = await store('Bounce Shop', 'UTC');
    setClock('2026-05-04T10:00:00Z');
    smtp.refuse('gone@example.com', 550, '5.1.1 <gone@example.com>: no such user');
    await deliver('orders/fulfilled', shop.shop, order({ email: 'gone@example.com', at: '2026-04-27T10:00:00Z' }));
    await dispatch();
    const [failed] = (await requestsOf(shop.owner)).results;
    expect(failed).toMatchObject({ status: 'failed', scheduled_for: null });
    expect(failed.last_error).toContain('no such user');
    const suppressed = (await shop.owner.get('/api/review-requests/suppressions/').expect(200))
      .body as TSuppressionPage;
    expect(suppressed.results).toEqual([
      expect.objectContaining({ email: 'gone@example.com', reason: 'bounced', detail: expect.stringContaining('550') }),
    ]);

    smtp.refuse('busy@example.com', 451, '4.3.0 try again later');
    await deliver('orders/fulfilled', shop.shop, order({ email: 'busy@example.com', at: '2026-04-27T10:00:00Z' }));
    await dispatch();
    const busy = (await requestsOf(shop.owner, '?search=busy')).results[0];
    expect(busy).toMatchObject({ status: 'scheduled', scheduled_for: '2026-05-04T10:00:00.000Z' });
    expect(busy.last_error).toContain('try again later');
    smtp.accept('busy@example.com');
    // The job's retry (or the next dispatch) sends it.
    await t.app.get(ReviewRequestSender).sendDue({ merchantId: shop.merchantId, limit: 25 });
    expect(mailsTo('busy@example.com')).toHaveLength(1);
  });

  it('sends each (request, step) once when senders race', async () => {
    const shop = await store('Race Shop', 'UTC');
    setClock('2026-06-01T10:00:00Z');
    await deliver('orders/fulfilled', shop.shop, order({ email: 'race@example.com', at: '2026-06-01T10:00:00Z' }));
    const [{ status }] = (await requestsOf(shop.owner)).results;
    expect(status).toBe('scheduled');
    const sender = t.app.get(ReviewRequestSender);
    // Due now: four senders and two dispatchers at once.
    setClock('2026-06-09T10:00:00Z');
    await Promise.all([
      ...Array.from({ length: 4 }, () => sender.sendDue({ merchantId: shop.merchantId, limit: 25 })),
      sender.dispatch(),
      sender.dispatch(),
    ]);
    await t.app.get(JobQueue).settled();
    expect(mailsTo('race@example.com')).toHaveLength(1);
    // A step already sent is not taken again.
    expect(await sender.sendDue({ merchantId: shop.merchantId, limit: 25 })).toBe(0);
    expect(mailsTo('race@example.com')).toHaveLength(1);
  });

  // Two instances on one database need PostgreSQL (PGlite is one process's).
  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('sends each (request, step) once when two instances dispatch and send at once', async () => {
    const shop = await store('Two Instances', 'UTC');
    setClock('2026-06-02T10:00:00Z');
    for (const n of [1, 2, 3]) {
      await deliver(
        'orders/fulfilled',
        shop.shop,
        order({ email: `pair${n}@example.com`, at: '2026-06-02T10:00:00Z' }),
      );
    }
    const second = await createApp(t.config);
    try {
      second.get(Clock).now = () => new Date(now);
      const senders = [t.app.get(ReviewRequestSender), second.get(ReviewRequestSender)];
      const { results } = await requestsOf(shop.owner);
      expect(results.map((r) => r.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
      setClock('2026-06-10T10:00:00Z');
      await Promise.all([
        ...senders.map((sender) => sender.dispatch()),
        ...[1, 2, 3].flatMap(() => senders.map((sender) => sender.sendDue({ merchantId: shop.merchantId, limit: 1 }))),
      ]);
      await Promise.all([t.app.get(JobQueue).settled(), second.get(JobQueue).settled()]);
    } finally {
      await second.close();
    }
    for (const n of [1, 2, 3]) expect(mailsTo(`pair${n}@example.com`)).toHaveLength(1);
  });

  it('takes over a step whose sender died once its claim lapses, and sends it once', async () => {
    const shop = await store('Crash Shop', 'UTC');
    setClock('2026-06-03T10:00:00Z');
    await deliver('orders/fulfilled', shop.shop, order({ email: 'crash@example.com', at: '2026-06-03T10:00:00Z' }));
    const [{ id }] = (await requestsOf(shop.owner)).results;
    setClock('2026-06-10T10:00:00Z');
    // A sender claims the first mail and dies before sending it.
    const until = new Date('2026-06-10T10:05:00Z');
    expect(await t.app.get(ReviewRequestsRepository).claimDue(shop.merchantId, new Date(now), until, 25)).toEqual([
      expect.objectContaining({ id, sendingStep: 1 }),
    ]);
    await dispatch();
    expect(mailsTo('crash@example.com')).toHaveLength(0);
    setClock('2026-06-10T10:05:00Z');
    await dispatch();
    await dispatch();
    expect(mailsTo('crash@example.com')).toHaveLength(1);
  });

  it('erases the customer’s requests on customers/redact and keeps their suppression as a hash only', async () => {
    const shop = await store('Privacy Shop', 'UTC');
    setClock('2026-07-01T10:00:00Z');
    const email = 'forget@example.com';
    const placed = order({ email, at: '2026-07-01T10:00:00Z' });
    await deliver('orders/fulfilled', shop.shop, placed);
    await deliver('orders/fulfilled', shop.shop, order({ email: 'keep@example.com', at: '2026-07-01T10:00:00Z' }));
    await shop.owner.post('/api/review-requests/suppressions/').send({ email }).expect(201);
    await deliver(
      'customers/redact',
      shop.shop,
      customersRedactPayload({ domain: shop.shop, customerId: placed.customer!.id, email, orders: [placed.id] }),
    );
    const left = await requestsOf(shop.owner);
    expect(left.results.map((r) => r.email_masked)).toEqual(['k***@example.com']);
    const db = databaseOf(t);
    const [kept] = await db
      .select()
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.merchantId, shop.merchantId), eq(mailSuppressions.emailHash, hashEmail(email))));
    expect(kept).toMatchObject({ email: null, reason: 'manual' });
    expect(
      JSON.stringify(await db.select().from(reviewRequests).where(eq(reviewRequests.merchantId, shop.merchantId))),
    ).not.toContain(email);
    // Still never mailed: a new order from the address is skipped.
    await deliver('orders/fulfilled', shop.shop, order({ email, at: '2026-07-02T10:00:00Z' }));
    expect((await requestsOf(shop.owner, '?search=forget')).results[0]).toMatchObject({ skip_reason: 'suppressed' });
  });
});

describe('review requests through the API', () => {
  it('creates one from an order id once (409 the second time), scheduled from now by the delay and window', async () => {
    const shop = await store('Api Shop', 'Europe/Madrid');
    setClock('2026-08-03T21:30:00Z'); // 23:30 CEST
    const body = {
      customer_email: 'Api@Example.com',
      customer_name: 'Ana Api',
      locale: 'fr',
      order_id: 'EXT-1',
      products: [{ id: 'p-1', name: 'Teapot', image_url: 'https://cdn.example.com/teapot.jpg' }],
    };
    const created = (await shop.owner.post('/api/review-requests/').send(body).expect(201)).body as TReviewRequest;
    // 7 days on, 23:30 local is after the window: 09:00 CEST the next morning. French is not ours: English.
    expect(created).toMatchObject({
      source: 'api',
      status: 'scheduled',
      locale: 'en',
      scheduled_for: '2026-08-11T07:00:00.000Z',
    });
    const again = await shop.owner.post('/api/review-requests/').send(body).expect(409);
    expect(again.body).toMatchObject({ code: 'request_exists' });
    const member = await joinAsMember(t, shop.owner);
    await member
      .post('/api/review-requests/')
      .send({ ...body, order_id: 'EXT-2' })
      .expect(403);

    await shop.owner.post(`/api/review-requests/${created.id}/send-now/`).expect(200);
    await dispatch();
    const [mail] = mailsTo('api@example.com');
    expect(mail.html).toContain('src="https://cdn.example.com/teapot.jpg"');
    expect(mail.html.match(/<img/g)).toHaveLength(1);
    const resent = await shop.owner.post(`/api/review-requests/${created.id}/resend/`).expect(200);
    expect(resent.body.scheduled_for).not.toBeNull();
    await dispatch();
    expect(mailsTo('api@example.com')).toHaveLength(2);
    await shop.owner.post(`/api/review-requests/${created.id}/cancel/`).expect(200);
    await shop.owner.post(`/api/review-requests/${created.id}/resend/`).expect(409);
  });

  it('sends at most the store’s rate a minute', async () => {
    const shop = await store('Rate Shop', 'UTC');
    setClock('2026-10-05T10:00:00Z');
    await shop.owner.put('/api/review-requests/settings/').send({ delay_days: 0, rate_per_minute: 2 }).expect(200);
    for (const n of [1, 2, 3]) {
      await shop.owner
        .post('/api/review-requests/')
        .send({ customer_email: `rate${n}@example.com`, order_id: `R-${n}`, products: [{ id: 'p', name: 'Pot' }] })
        .expect(201);
    }
    const sent = () => smtp.mails.filter((mail) => /^rate\d@/.test(mail.to.join())).length;
    await dispatch();
    await dispatch();
    expect(sent()).toBe(2);
    setClock('2026-10-05T10:01:01Z');
    await dispatch();
    expect(sent()).toBe(3);
  });

  it('one dispatch queues every store’s due mails, each store within its own rate', async () => {
    setClock('2026-10-06T10:00:00Z');
    const slow = await store('Slow Rate Shop', 'UTC');
    const quick = await store('Quick Rate Shop', 'UTC');
    const window = { send_window_start: '00:00', send_window_end: '23:59' };
    await slow.owner
      .put('/api/review-requests/settings/')
      .send({ delay_days: 1, rate_per_minute: 1, ...window })
      .expect(200);
    await quick.owner
      .put('/api/review-requests/settings/')
      .send({ delay_days: 1, ...window })
      .expect(200);
    for (const [shop, prefix] of [
      [slow, 'slow'],
      [quick, 'quick'],
    ] as const) {
      for (const n of [1, 2, 3]) {
        await shop.owner
          .post('/api/review-requests/')
          .send({
            customer_email: `${prefix}${n}@example.com`,
            order_id: `D-${n}`,
            products: [{ id: 'p', name: 'Pot' }],
          })
          .expect(201);
      }
    }
    const sent = () =>
      ['slow', 'quick'].map((prefix) => smtp.mails.filter((m) => m.to.join().startsWith(prefix)).length);
    await dispatch();
    expect(sent()).toEqual([0, 0]);
    setClock('2026-10-07T10:00:01Z');
    await dispatch();
    expect(sent()).toEqual([1, 3]);
    await dispatch();
    expect(sent()).toEqual([1, 3]);
    setClock('2026-10-07T10:01:02Z');
    await dispatch();
    expect(sent()).toEqual([2, 3]);
  });

  it('imports a CSV: good rows scheduled (one request per order), bad rows reported by line', async () => {
    const shop = await store('Csv Shop', 'UTC');
    setClock('2026-09-01T10:00:00Z');
    const csv = [
      'order_id,customer_email,customer_name,locale,product_id,product_name,product_url,product_image_url',
      'A-1,one@example.com,One,pt-BR,p1,Mug,https://shop.example.com/mug,',
      'A-1,one@example.com,One,pt-BR,p2,Plate,,',
      'A-2,not-an-email,Two,,p1,Mug,,',
      'A-3,three@example.com,Three,,,Mug,,',
      'A-4,four@example.com,Four,es,p9,Bowl,javascript:alert(1),',
      'A-5,five@example.com,Five,,p1,Mug,,',
    ].join('\n');
    const res = await shop.owner
      .post('/api/review-requests/import/')
      .attach('file', Buffer.from(csv), { filename: 'orders.csv', contentType: 'text/csv' })
      .expect(200);
    expect(res.body.scheduled).toBe(2);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([4, 5, 6]);
    expect(res.body.errors[0].reason).toMatch(/^customer_email: /);
    expect(res.body.errors[1].reason).toMatch(/^product_id: /);
    const page = await requestsOf(shop.owner);
    expect(page.results.map((r) => [r.order_id, r.source, r.products.length]).sort()).toEqual([
      ['A-1', 'import', 2],
      ['A-5', 'import', 1],
    ]);

    // Not a CSV: refused whole, nothing scheduled.
    for (const [file, name] of [
      [fixture('photo.jpg'), 'photo.csv'],
      [Buffer.from('just some words\nand more words'), 'notes.csv'],
    ] as const) {
      const refused = await shop.owner
        .post('/api/review-requests/import/')
        .attach('file', file, { filename: name, contentType: 'text/csv' })
        .expect(400);
      expect(refused.body.code).toBe('invalid_csv');
    }
    expect((await requestsOf(shop.owner)).count).toBe(2);
  });

  it('previews the mail and sends a test to the signed-in user; settings keep what was saved', async () => {
    const shop = await store('Preview Shop', 'UTC');
    const template = {
      subject: 'Hola {customer_first_name}',
      heading: 'Reseña de {store_name}',
      body: '¿Qué tal {product_name}?',
    };
    const member = await joinAsMember(t, shop.owner);
    const preview = await member.post('/api/review-requests/preview/').send({ locale: 'es', template }).expect(200);
    expect(preview.body.subject).toBe('Hola Lucía');
    expect(preview.body.html).toContain('Reseña de Preview Shop');
    await shop.owner.post('/api/review-requests/test-mail/').send({ locale: 'en' }).expect(202);
    await smtp.waitForMail((mail) => mail.to.includes(shop.ownerEmail) && mail.subject.startsWith('[Test]'));

    const saved = await shop.owner
      .put('/api/review-requests/settings/')
      .send({ delay_days: 3, templates: { es: template } })
      .expect(200);
    expect(saved.body).toMatchObject({
      delay_days: 3,
      trigger: 'fulfilled',
      reminders: 1,
      templates: { es: template },
    });
    const bad = await shop.owner.put('/api/review-requests/settings/').send({ send_window_start: '21:00' }).expect(400);
    expect(bad.body.fields).toHaveProperty('send_window_end');
    await member.put('/api/review-requests/settings/').send({ delay_days: 1 }).expect(403);
    expect((await member.get('/api/review-requests/settings/').expect(200)).body.delay_days).toBe(3);
  });
});
