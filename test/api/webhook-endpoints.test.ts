import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { Clock } from '../../server/common/clock.js';
import { DomainEvents } from '../../server/events/domain-events.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import type { TApiKeyCreated } from '../../shared/api-keys.js';
import type {
  TWebhookDelivery,
  TWebhookDeliveryPage,
  TWebhookEndpoint,
  TWebhookEndpointCreated,
} from '../../shared/webhook-endpoints.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { joinAsMember, PUBLIC_URL, seedOwner, type RegisteredOwner } from '../support/accounts.js';
import { mailsTo } from '../support/mailbox.js';
import { handleOf, startTestApp, type TestApp } from '../support/test-app.js';

// Outgoing webhooks (issue 28): endpoints registered by the owner are told of reviews, questions and requests,
// signed per Standard Webhooks, retried, disabled after days of failures; the delivery log, resends, test events.

let t: TestApp;
let http: ReturnType<typeof request>;
const receiver = new WebhookReceiver();
beforeAll(async () => {
  await receiver.start();
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(() => {
  receiver.status = 200;
  receiver.reply = 'ok';
});

const settled = () => t.app.get(JobQueue).settled();

async function register(
  owner: RegisteredOwner,
  events: string[],
  path = `/hooks/${Math.random().toString(36).slice(2)}`,
): Promise<TWebhookEndpointCreated & { path: string }> {
  const res = await owner.agent
    .post('/api/webhook-endpoints/')
    .send({ url: receiver.url(path), events, description: 'CRM sync' })
    .expect(201);
  return { ...(res.body as TWebhookEndpointCreated), path };
}

async function deliveries(owner: RegisteredOwner, endpointId: string): Promise<TWebhookDelivery[]> {
  const res = await owner.agent.get(`/api/webhook-endpoints/${endpointId}/deliveries/`).expect(200);
  return (res.body as TWebhookDeliveryPage).results;
}

let address = 0;
async function shopperReview(owner: RegisteredOwner, email = 'lucia@example.com', productId = 'mug'): Promise<string> {
  address += 1;
  const res = await http
    .post('/api/reviews/upload/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', `203.0.113.${address}`)
    .field('merchant_id', owner.storeId)
    .field('product_id', productId)
    .field('product_name', 'Stoneware Mug')
    .field('customer_name', 'Lucía')
    .field('customer_email', email)
    .field('rating', '5')
    .field('comment', 'Lovely glaze, holds a big coffee.')
    .expect(201);
  return res.body.id as string;
}

/** Moves the due retries of the delivery queue to now, as their backoff would after waiting. */
async function retryNow(): Promise<void> {
  await handleOf(t).rows(sql`update jobs set run_at = now() where queue = 'webhook-delivery' and state = 'waiting'`);
  await settled();
}

describe('webhook endpoints', () => {
  it('are registered by the owner, the secret shown once, and refused for bad or private addresses', async () => {
    const owner = await seedOwner(t);
    const created = await register(owner, ['review.created', 'review.created', 'question.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({
      events: ['review.created', 'question.created'],
      description: 'CRM sync',
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
    const list = (await owner.agent.get('/api/webhook-endpoints/').expect(200)).body;
    expect(list.results).toEqual([expect.objectContaining({ id: created.id, url: created.url })]);
    expect(JSON.stringify(list)).not.toContain(created.secret.slice(6));

    const bad = await owner.agent
      .post('/api/webhook-endpoints/')
      .send({ url: 'ftp://example.com/x', events: ['review.sold'] })
      .expect(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['events.0', 'url']);
    const none = await owner.agent
      .post('/api/webhook-endpoints/')
      .send({ url: 'https://example.com/x', events: [] })
      .expect(400);
    expect(none.body.fields.events).toEqual(['Choose at least one event.']);
    for (const url of ['http://10.0.0.7/hooks', 'http://[::1]:8080/', 'http://user:pw@127.0.0.1/']) {
      const refused = await owner.agent
        .post('/api/webhook-endpoints/')
        .send({ url, events: ['review.created'] })
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'validation_error', fields: { url: [expect.any(String)] } });
    }
    const badPatch = await owner.agent
      .patch(`/api/webhook-endpoints/${created.id}/`)
      .send({ url: 'http://169.254.169.254/latest/meta-data' })
      .expect(400);
    expect(badPatch.body.fields.url[0]).toMatch(/169\.254\.169\.254/);

    const member = await joinAsMember(t, owner.agent);
    await member.get('/api/webhook-endpoints/').expect(403);
    await member.post(`/api/webhook-endpoints/${created.id}/test/`).expect(403);

    const other = await seedOwner(t);
    await other.agent.patch(`/api/webhook-endpoints/${created.id}/`).send({ description: 'mine' }).expect(404);
    await other.agent.get(`/api/webhook-endpoints/${created.id}/deliveries/`).expect(404);
    await other.agent.delete(`/api/webhook-endpoints/${created.id}/`).expect(404);
  });

  it('holds at most 10 per store', async () => {
    const owner = await seedOwner(t);
    for (let i = 0; i < 10; i += 1) await register(owner, ['review.created']);
    const refused = await owner.agent
      .post('/api/webhook-endpoints/')
      .send({ url: receiver.url(), events: ['review.created'] })
      .expect(409);
    expect(refused.body.code).toBe('webhook_endpoint_limit');
  });

  it('are told of every event they subscribed to, signed per Standard Webhooks, and of nothing else', async () => {
    const owner = await seedOwner(t);
    const all = await register(owner, [
      'review.created',
      'review.published',
      'review.rejected',
      'review.deleted',
      'review.replied',
      'question.created',
      'request.reviewed',
    ]);
    const createdOnly = await register(owner, ['review.created']);
    const off = await register(owner, ['review.created']);
    await owner.agent.patch(`/api/webhook-endpoints/${off.id}/`).send({ enabled: false }).expect(200);

    // A review request for the mug: the shopper's review through the widget reviews it.
    await owner.agent
      .post('/api/review-requests/')
      .send({ customer_email: 'lucia@example.com', order_id: '1001', products: [{ id: 'mug', name: 'Stoneware Mug' }] })
      .expect(201);
    const reviewId = await shopperReview(owner);
    await settled();
    await owner.agent.post(`/api/reviews/${reviewId}/approve/`).expect(200);
    await owner.agent.put(`/api/reviews/${reviewId}/reply/`).send({ text: 'Thank you, Lucía!' }).expect(200);
    const [rejected, deleted] = await seedReviews(t, owner.merchantId, 2);
    await owner.agent.post(`/api/reviews/${rejected}/reject/`).expect(200);
    await owner.agent.delete(`/api/reviews/${deleted}/`).expect(204);
    await http
      .post('/api/questions/public/')
      .set('X-Forwarded-For', '203.0.113.200')
      .send({
        merchant_id: owner.storeId,
        product_id: 'mug',
        product_name: 'Stoneware Mug',
        name: 'Ana',
        email: 'ana@example.com',
        question: 'Is it dishwasher safe?',
      })
      .expect(201);
    await settled();

    const got = receiver.events(all.path);
    expect(got.map((event) => event.type).sort()).toEqual(
      [
        'question.created',
        'request.reviewed',
        'review.created',
        'review.deleted',
        'review.published',
        'review.rejected',
        'review.replied',
      ].sort(),
    );
    const byType = Object.fromEntries(got.map((event) => [event.type, event.data]));
    expect(byType['review.created']).toMatchObject({ id: reviewId, rating: 5, status: 'pending' });
    expect(byType['review.published']).toMatchObject({ id: reviewId, status: 'approved' });
    expect(byType['review.replied']).toMatchObject({ id: reviewId, reply: { text: 'Thank you, Lucía!' } });
    expect(byType['review.rejected']).toMatchObject({ id: rejected, status: 'rejected' });
    expect(byType['review.deleted']).toMatchObject({ id: deleted });
    expect(byType['question.created']).toMatchObject({ question: 'Is it dishwasher safe?' });
    expect(byType['request.reviewed']).toMatchObject({ order_id: '1001' });

    expect(receiver.events(createdOnly.path).map((event) => event.type)).toEqual(['review.created']);
    expect(receiver.events(off.path)).toEqual([]);

    // Each message verifies with the endpoint's secret (the maintained Standard Webhooks library), not another's.
    for (const delivery of receiver.received.filter((r) => r.path === all.path)) {
      const headers = delivery.headers as Record<string, string>;
      expect(headers['webhook-id']).toMatch(/^msg_/);
      expect(headers['content-type']).toBe('application/json');
      expect(new Webhook(all.secret).verify(delivery.body, headers)).toEqual(JSON.parse(delivery.body));
      expect(() => new Webhook(createdOnly.secret).verify(delivery.body, headers)).toThrow();
    }
    const log = await deliveries(owner, all.id);
    expect(log).toHaveLength(7);
    expect(log.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.response_status === 200)).toBe(true);
    expect(log.map((d) => d.message_id).sort()).toEqual(
      receiver.received
        .filter((r) => r.path === all.path)
        .map((r) => r.headers['webhook-id'])
        .sort(),
    );
  });

  it('retry a failing endpoint with backoff, keep a bounded excerpt of its answers, and succeed later', async () => {
    const owner = await seedOwner(t);
    const endpoint = await register(owner, ['review.created']);
    receiver.status = 503;
    receiver.reply = 'é'.repeat(2000);
    const reviewId = await shopperReview(owner);
    await settled();
    const [first] = await deliveries(owner, endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_status: 503, type: 'review.created' });
    const waiting = await owner.agent
      .post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${first.id}/resend/`)
      .expect(409);
    expect(waiting.body.code).toBe('webhook_delivery_pending');
    expect(Buffer.byteLength(first.response_excerpt!)).toBeLessThanOrEqual(1024);
    expect(first.response_excerpt!.startsWith('éé')).toBe(true);
    const failing = (await owner.agent.get('/api/webhook-endpoints/').expect(200)).body.results[0] as TWebhookEndpoint;
    expect(failing.failing_since).not.toBeNull();

    receiver.status = 204;
    receiver.reply = '';
    await retryNow();
    const [second] = await deliveries(owner, endpoint.id);
    expect(second).toMatchObject({ id: first.id, status: 'succeeded', attempts: 2, response_status: 204 });
    const ids = receiver.received.filter((r) => r.path === endpoint.path).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(JSON.parse(receiver.received.at(-1)!.body).data.id).toBe(reviewId);
    const healthy = (await owner.agent.get('/api/webhook-endpoints/').expect(200)).body.results[0] as TWebhookEndpoint;
    expect(healthy.failing_since).toBeNull();
  });

  it('disable an endpoint that failed for 3 days and mail the owners; turned back on it starts afresh', async () => {
    const owner = await seedOwner(t);
    const endpoint = await register(owner, ['review.created']);
    const clock = t.app.get(Clock);
    const start = Date.now();
    try {
      receiver.status = 500;
      await shopperReview(owner);
      await settled();
      clock.now = () => new Date(start + 2 * 24 * 3600_000);
      await retryNow();
      expect((await owner.agent.get('/api/webhook-endpoints/').expect(200)).body.results[0].enabled).toBe(true);

      clock.now = () => new Date(start + 3 * 24 * 3600_000 + 60_000);
      await retryNow();
      const disabled = (await owner.agent.get('/api/webhook-endpoints/').expect(200)).body.results[0];
      expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'failing', disabled_at: expect.any(String) });
      const [delivery] = await deliveries(owner, endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, response_status: 500 });
      const mails = mailsTo(t.config, owner.user.email);
      expect(mails.find((mail) => /Webhook endpoint turned off/.test(mail.subject))?.text).toContain(endpoint.url);

      // Off, it is sent nothing: neither new events nor a test.
      const before = receiver.received.length;
      await shopperReview(owner);
      await settled();
      expect(receiver.received.length).toBe(before);
      const test = await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/test/`).expect(409);
      expect(test.body.code).toBe('webhook_endpoint_disabled');
      await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/resend/`).expect(409);

      receiver.status = 200;
      const on = await owner.agent.patch(`/api/webhook-endpoints/${endpoint.id}/`).send({ enabled: true }).expect(200);
      expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
      const resent = await owner.agent
        .post(`/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/resend/`)
        .expect(202);
      expect(resent.body).toMatchObject({ id: delivery.id, status: 'pending' });
      await settled();
      const [done] = await deliveries(owner, endpoint.id);
      expect(done).toMatchObject({ id: delivery.id, status: 'succeeded', attempts: 4 });
      expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(delivery.message_id);
    } finally {
      clock.now = () => new Date();
    }
  });

  it('send a test event, page the delivery log, rotate the secret, and go with their log when deleted', async () => {
    const owner = await seedOwner(t);
    const endpoint = await register(owner, ['question.created']);
    for (let i = 0; i < 3; i += 1) {
      const queued = await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/test/`).expect(202);
      expect(queued.body).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 });
    }
    await settled();
    const [test] = receiver.events(endpoint.path);
    expect(test).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { endpoint_id: endpoint.id, store_id: owner.storeId },
    });
    const page = await owner.agent.get(`/api/webhook-endpoints/${endpoint.id}/deliveries/?page_size=2`).expect(200);
    expect(page.body).toMatchObject({ count: 3, previous: null });
    expect(page.body.results).toHaveLength(2);
    const next = await owner.agent.get(page.body.next.replace(/^\/api/, '/api')).expect(200);
    expect(next.body.results).toHaveLength(1);
    await owner.agent.get(`/api/webhook-endpoints/${endpoint.id}/deliveries/?page_size=1000`).expect(400);

    const { secret } = (await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/secret/`).expect(200)).body;
    expect(secret).not.toBe(endpoint.secret);
    await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/test/`).expect(202);
    await settled();
    const last = receiver.received.at(-1)!;
    expect(() => new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(last.body, last.headers as Record<string, string>)).toThrow();

    await owner.agent.delete(`/api/webhook-endpoints/${endpoint.id}/`).expect(204);
    await owner.agent.get(`/api/webhook-endpoints/${endpoint.id}/deliveries/`).expect(404);
    const left = await handleOf(t).rows<{ n: number }>(
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    expect(left[0].n).toBe(0);
  });

  it("forget an erased customer's messages, and only theirs", async () => {
    const owner = await seedOwner(t);
    const endpoint = await register(owner, ['review.created']);
    await shopperReview(owner, 'Forget.Me@example.com');
    await shopperReview(owner, 'keep@example.com');
    await settled();
    expect(await deliveries(owner, endpoint.id)).toHaveLength(2);
    await t.app.get(DomainEvents).emit('customer.redacted', {
      merchantId: owner.merchantId,
      email: 'forget.me@example.com',
      orderExternalIds: [],
    });
    const left = await deliveries(owner, endpoint.id);
    expect(left.map((d) => (d.payload.data as { customer: { email: string } }).customer.email)).toEqual([
      'keep@example.com',
    ]);
  });

  it('keep their delivery log 30 days', async () => {
    const owner = await seedOwner(t);
    const endpoint = await register(owner, ['question.created']);
    await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/test/`).expect(202);
    await owner.agent.post(`/api/webhook-endpoints/${endpoint.id}/test/`).expect(202);
    await settled();
    const [recent, old] = await deliveries(owner, endpoint.id);
    await handleOf(t).rows(
      sql`update webhook_deliveries set created_at = now() - interval '31 days' where id = ${old.id}`,
    );
    await t.app.get(JobQueue).enqueue('webhook-deliveries-prune');
    await settled();
    expect((await deliveries(owner, endpoint.id)).map((d) => d.id)).toEqual([recent.id]);
  });

  it('are managed by a key with webhooks:write, and by no other key', async () => {
    const owner = await seedOwner(t);
    const key = async (scopes: string[]) =>
      ((await owner.agent.post('/api/api-keys/').send({ name: 'Zapier', scopes }).expect(201)).body as TApiKeyCreated)
        .key;
    const writer = await key(['webhooks:write']);
    const created = await http
      .post('/api/webhook-endpoints/')
      .set('Authorization', `Bearer ${writer}`)
      .send({ url: receiver.url('/zap'), events: ['review.created'] })
      .expect(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    await http.get('/api/webhook-endpoints/').set('Authorization', `Bearer ${writer}`).expect(200);
    const reader = await key(['reviews:read']);
    const refused = await http.get('/api/webhook-endpoints/').set('Authorization', `Bearer ${reader}`).expect(403);
    expect(refused.body.code).toBe('api_key_scope');
  });
});
