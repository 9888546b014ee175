import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { plans, reviewStatusChanges, reviews, subscriptions } from '../../server/database/schema.js';
import type { TDashboardMetrics } from '../../shared/analytics.js';
import {
  ZReviewHistory,
  type TPage,
  type TReview,
  type TReviewBulk,
  type TReviewBulkResult,
  type TReviewStats,
} from '../../shared/reviews.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, joinAsMember, registerOwner, type Agent, type RegisteredOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const bulk = async (agent: Agent, body: TReviewBulk, status = 200) =>
  (await agent.post('/api/reviews/bulk/').send(body).expect(status)).body as TReviewBulkResult;

const statusesOf = async (ids: string[]) => {
  const rows = await databaseOf(t)
    .select({ id: reviews.id, status: reviews.status, deletedAt: reviews.deletedAt })
    .from(reviews)
    .where(inArray(reviews.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.deletedAt ? `deleted:${row.status}` : row.status]));
  return ids.map((id) => byId.get(id));
};

const auditOf = (ids: string[]) =>
  databaseOf(t)
    .select()
    .from(reviewStatusChanges)
    .where(inArray(reviewStatusChanges.reviewId, ids))
    .orderBy(reviewStatusChanges.at);

const stats = async (agent: Agent) => (await agent.get('/api/reviews/stats/').expect(200)).body as TReviewStats;

const counts = (result: TReviewBulkResult) => {
  const { action: _a, limit: _l, ...rest } = result;
  return rest;
};

async function onPlan(merchantId: string, code: string): Promise<void> {
  const db = databaseOf(t);
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, code));
  await db.insert(subscriptions).values({ merchantId, planId: plan!.id, provider: 'none', status: 'active' });
}

describe('POST /api/reviews/bulk/ by ids', () => {
  it('rejects the named reviews in one call, counts repeats once and unknown ids as not found', async () => {
    const { agent, user, merchantId, storeId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 5, { productId: 'mug', status: 'approved' });
    const publicCount = async () =>
      (
        await agent
          .get(`/api/reviews/public/?product_id=mug&merchant_id=${storeId}`)
          .set('Origin', 'https://shop.example')
          .expect(200)
      ).body.count as number;
    const metrics = async () =>
      ((await agent.get('/api/analytics/dashboard_metrics/?days=30').expect(200)).body as TDashboardMetrics)
        .average_rating;
    // Read once so both caches hold the answer a missed invalidation would keep serving.
    expect(await publicCount()).toBe(5);
    const averageBefore = await metrics();

    const missing = randomUUID();
    const result = await bulk(agent, {
      action: 'reject',
      ids: [ids[0], ids[1], ids[1].toUpperCase(), ids[2], missing],
    });
    expect(result).toEqual({
      action: 'reject',
      matched: 4,
      changed: 3,
      unchanged: 0,
      not_allowed: 0,
      skipped_limit: 0,
      not_found: 1,
      limit: null,
    } satisfies TReviewBulkResult);
    expect(await statusesOf(ids)).toEqual(['rejected', 'rejected', 'rejected', 'approved', 'approved']);
    expect(await publicCount()).toBe(2);
    expect(await metrics()).not.toBe(averageBefore);

    const audit = await auditOf(ids);
    expect(audit.map((row) => [row.reviewId, `${row.fromStatus}>${row.toStatus}`, row.actorUserId])).toEqual(
      expect.arrayContaining(ids.slice(0, 3).map((id) => [id, 'approved>rejected', user.id])),
    );
    expect(audit).toHaveLength(3);

    // Again: nothing left to do, each counted by why.
    expect(counts(await bulk(agent, { action: 'reject', ids: ids.slice(0, 4) }))).toEqual({
      matched: 4,
      changed: 1,
      unchanged: 3,
      not_allowed: 0,
      skipped_limit: 0,
      not_found: 0,
    });
    expect(await auditOf(ids)).toHaveLength(4);
  });

  it('applies the status machine to each review of a mixed selection, as the single actions do', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const [pending, approved, rejected, deleted] = await seedReviews(t, merchantId, 4);
    await agent.post(`/api/reviews/${approved}/approve/`).expect(200);
    await agent.post(`/api/reviews/${rejected}/reject/`).expect(200);
    await agent.delete(`/api/reviews/${deleted}/`).expect(204);
    const all = [pending, approved, rejected, deleted];

    // restore: deleted comes back, rejected goes to pending, pending stays, approved→pending is not supported
    expect(counts(await bulk(agent, { action: 'restore', ids: all }))).toEqual({
      matched: 4,
      changed: 2,
      unchanged: 1,
      not_allowed: 1,
      skipped_limit: 0,
      not_found: 0,
    });
    expect(await statusesOf(all)).toEqual(['pending', 'approved', 'pending', 'pending']);

    await agent.delete(`/api/reviews/${deleted}/`).expect(204);
    // approve: a deleted review must be restored first
    expect(counts(await bulk(agent, { action: 'approve', ids: all }))).toMatchObject({
      changed: 2,
      unchanged: 1,
      not_allowed: 1,
    });
    // delete: every live one; then restore them all from the deleted filter, each to the status it had
    expect(counts(await bulk(agent, { action: 'delete', ids: all }))).toMatchObject({ changed: 3, unchanged: 1 });
    expect(await statusesOf(all)).toEqual([
      'deleted:approved',
      'deleted:approved',
      'deleted:approved',
      'deleted:pending',
    ]);
    expect((await stats(agent)).deleted).toBe(4);
    expect(counts(await bulk(agent, { action: 'restore', filter: { status: 'deleted' } }))).toMatchObject({
      matched: 4,
      changed: 4,
    });
    expect(await statusesOf(all)).toEqual(['approved', 'approved', 'approved', 'pending']);
    const trail = (await auditOf([deleted])).map((row) => `${row.fromStatus}>${row.toStatus}`);
    expect(trail).toEqual(['pending>deleted', 'deleted>pending', 'pending>deleted', 'deleted>pending']);
  });
});

describe('POST /api/reviews/bulk/ by filter', () => {
  it('acts on every review matching the list filter (status and search), and on nothing else', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const boots = await seedReviews(t, merchantId, 14, { productId: 'boots', productName: 'Trail Boots' });
    const hats = await seedReviews(t, merchantId, 6, { productId: 'hat', productName: 'Sun Hat' });
    await onPlan(merchantId, 'scale');
    await agent.post(`/api/reviews/${boots[0]}/reject/`).expect(200);

    const listed = (await agent.get('/api/reviews/?status=pending&search=boots').expect(200)).body as TPage<TReview>;
    expect(listed.count).toBe(13);
    const result = await bulk(agent, { action: 'approve', filter: { status: 'pending', search: 'BOOTS' } });
    expect(counts(result)).toEqual({
      matched: 13,
      changed: 13,
      unchanged: 0,
      not_allowed: 0,
      skipped_limit: 0,
      not_found: 0,
    });
    expect(new Set(await statusesOf(boots.slice(1)))).toEqual(new Set(['approved']));
    expect(await statusesOf([boots[0]])).toEqual(['rejected']);
    expect(new Set(await statusesOf(hats))).toEqual(new Set(['pending']));

    // No filter keys: every review that is not deleted, as the list's "all".
    expect(counts(await bulk(agent, { action: 'reject', filter: {} }))).toMatchObject({ matched: 20, changed: 19 });
    expect(await stats(agent)).toMatchObject({ rejected: 20, approved: 0, pending: 0 });
  });

  it('approves as many as the plan takes, newest first, and reports the rest with the plan-limit refusal', async () => {
    const { agent, merchantId } = await registerOwner(t);
    // Seeded oldest first: ids[11] is the newest.
    const ids = await seedReviews(t, merchantId, 12);
    await agent.post(`/api/reviews/${ids[0]}/approve/`).expect(200);
    await agent.post(`/api/reviews/${ids[1]}/approve/`).expect(200);

    const result = await bulk(agent, { action: 'approve', filter: { status: 'pending' } });
    expect(counts(result)).toEqual({
      matched: 10,
      changed: 3,
      unchanged: 0,
      not_allowed: 0,
      skipped_limit: 7,
      not_found: 0,
    });
    expect(result.limit).toEqual({
      detail: "You've reached your plan limit for active reviews.",
      code: 'plan_limit',
      limit_info: {
        active_reviews: { current: 5, max: 5, unlimited: false, percentage: 100, reached_limit: true },
        total_reviews: { current: 12, max: 50, unlimited: false, percentage: 24, reached_limit: false },
      },
    });
    expect(await statusesOf(ids.slice(9))).toEqual(['approved', 'approved', 'approved']);
    expect(new Set(await statusesOf(ids.slice(2, 9)))).toEqual(new Set(['pending']));
    expect((await stats(agent)).approved).toBe(5);

    // Full: nothing more, the refusal again; a rejection frees one slot for the next call.
    expect((await bulk(agent, { action: 'approve', ids: ids.slice(2, 4) })).skipped_limit).toBe(2);
    await bulk(agent, { action: 'reject', ids: [ids[11]] });
    const next = await bulk(agent, { action: 'approve', ids: ids.slice(2, 4) });
    expect([next.changed, next.skipped_limit, next.limit?.limit_info.active_reviews.current]).toEqual([1, 1, 5]);
    expect(await statusesOf(ids.slice(2, 4))).toEqual(['pending', 'approved']);
  });

  it('restores deleted reviews within the total and active limits', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 50);
    await bulk(agent, { action: 'approve', ids: ids.slice(0, 5) });
    await bulk(agent, { action: 'delete', ids: ids.slice(0, 2) });
    await bulk(agent, { action: 'delete', ids: ids.slice(10, 13) });
    // 45 live, 3 approved; then 48 live, 5 approved: room for 2 more in total, none approved.
    await seedReviews(t, merchantId, 3);
    await bulk(agent, { action: 'approve', filter: { status: 'pending' } });
    const result = await bulk(agent, { action: 'restore', filter: { status: 'deleted' } });
    // Latest deletion first: two of 10–12 (pending) fill the total, the third and 0–1 (approved) do not fit.
    expect(counts(result)).toMatchObject({ matched: 5, changed: 2, skipped_limit: 3 });
    expect(result.limit).toMatchObject({ detail: "You've reached your plan limit.", code: 'plan_limit' });
    expect(result.limit!.limit_info.total_reviews).toMatchObject({ current: 50, reached_limit: true });
  });

  it('moderates 1,000 reviews in one call, set-based', async () => {
    const { agent, merchantId } = await registerOwner(t);
    await onPlan(merchantId, 'scale');
    const ids = await seedReviews(t, merchantId, 1000);
    const started = performance.now();
    const result = await bulk(agent, { action: 'approve', ids });
    const approveMs = performance.now() - started;
    expect(counts(result)).toMatchObject({ matched: 1000, changed: 1000 });
    const rejectStarted = performance.now();
    expect((await bulk(agent, { action: 'reject', filter: {} })).changed).toBe(1000);
    const rejectMs = performance.now() - rejectStarted;
    console.log(
      `Bulk moderation of 1,000 reviews: approve by ids ${approveMs.toFixed(0)} ms, reject by filter ${rejectMs.toFixed(0)} ms`,
    );
    expect(await stats(agent)).toMatchObject({ rejected: 1000, approved: 0 });
    const audit = await databaseOf(t)
      .select({ id: reviewStatusChanges.id })
      .from(reviewStatusChanges)
      .where(eq(reviewStatusChanges.merchantId, merchantId));
    expect(audit).toHaveLength(2000);
  }, 120_000);
});

describe('bulk access and input', () => {
  let a: RegisteredOwner;
  let b: RegisteredOwner;
  let aIds: string[];
  let bIds: string[];
  beforeAll(async () => {
    a = await registerOwner(t);
    b = await registerOwner(t);
    aIds = await seedReviews(t, a.merchantId, 3);
    bIds = await seedReviews(t, b.merchantId, 3);
  });

  it("never touches another store's reviews: their ids count as not found", async () => {
    const result = await bulk(a.agent, { action: 'delete', ids: [...bIds, aIds[0]] });
    expect(counts(result)).toMatchObject({ matched: 4, changed: 1, not_found: 3 });
    expect(await statusesOf(bIds)).toEqual(['pending', 'pending', 'pending']);
    expect((await bulk(a.agent, { action: 'reject', filter: {} })).matched).toBe(2);
    expect(await statusesOf(bIds)).toEqual(['pending', 'pending', 'pending']);
    expect(await auditOf(bIds)).toEqual([]);
  });

  it('lets members moderate in bulk, as they may singly; anonymous callers get 401', async () => {
    const member = await joinAsMember(t, a.agent);
    expect((await bulk(member, { action: 'restore', filter: { status: 'rejected' } })).changed).toBe(2);
    const anonymous = await request(t.app.getHttpServer())
      .post('/api/reviews/bulk/')
      .send({ action: 'approve', ids: aIds });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['no action', {}, ['action']],
    ['an unknown action', { action: 'publish', ids: [randomUUID()] }, ['action']],
    ['neither ids nor filter', { action: 'approve' }, ['ids']],
    ['both ids and filter', { action: 'approve', ids: [randomUUID()], filter: {} }, ['ids']],
    ['no ids', { action: 'approve', ids: [] }, ['ids']],
    ['an id that is not a UUID', { action: 'approve', ids: ['not-a-uuid'] }, ['ids.0']],
    ['1,001 ids', { action: 'approve', ids: Array.from({ length: 1001 }, () => randomUUID()) }, ['ids']],
    ['ids that are not a list', { action: 'approve', ids: 'all' }, ['ids']],
    ['an unknown status', { action: 'approve', filter: { status: 'published' } }, ['filter.status']],
    ['a page in the filter', { action: 'approve', filter: { page: 2 } }, ['filter']],
    ['an unknown key', { action: 'approve', filter: {}, everything: true }, ['non_field_errors']],
  ])('answers 400 with fields to %s', async (_label, body, fields) => {
    const before = await statusesOf(aIds);
    const res = await a.agent.post('/api/reviews/bulk/').send(body).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
    expect(Object.keys(res.body.fields).sort()).toEqual(fields);
    expect(await statusesOf(aIds)).toEqual(before);
  });
});

describe('GET /api/reviews/{id}/history/', () => {
  it('lists the status changes oldest first with who made them, for members too', async () => {
    const { agent, merchantId } = await registerOwner(t, { first_name: 'Olga', last_name: 'Owner' });
    const member = await joinAsMember(t, agent);
    const [id] = await seedReviews(t, merchantId, 1);
    const history = async (as: Agent) =>
      ZReviewHistory.parse((await as.get(`/api/reviews/${id}/history/`).expect(200)).body);
    expect((await history(agent)).results).toEqual([]);

    await agent.post(`/api/reviews/${id}/approve/`).expect(200);
    await bulk(member, { action: 'delete', ids: [id] });
    await bulk(agent, { action: 'restore', filter: { status: 'deleted' } });
    const { results } = await history(member);
    expect(results.map((row) => [row.from, row.to, row.actor?.name])).toEqual([
      ['pending', 'approved', 'Olga Owner'],
      ['approved', 'deleted', expect.any(String)],
      ['deleted', 'approved', 'Olga Owner'],
    ]);
    expect(results[1].actor?.name).not.toBe('Olga Owner');
    expect(results.map((row) => row.automatic)).toEqual([false, false, false]);
    expect(Date.parse(results[0].at)).toBeLessThanOrEqual(Date.parse(results[2].at));
  });

  it("answers 404 to another store's review, an unknown id or one that is not an id", async () => {
    const a = await registerOwner(t);
    const b = await registerOwner(t);
    const [id] = await seedReviews(t, b.merchantId, 1);
    await b.agent.post(`/api/reviews/${id}/reject/`).expect(200);
    expect((await a.agent.get(`/api/reviews/${id}/history/`).expect(404)).body.code).toBe('not_found');
    await a.agent.get(`/api/reviews/${randomUUID()}/history/`).expect(404);
    expect((await a.agent.get('/api/reviews/nope/history/').expect(404)).body).toMatchObject({
      detail: expect.any(String),
      code: expect.any(String),
    });
    const rows = await databaseOf(t)
      .select()
      .from(reviewStatusChanges)
      .where(and(eq(reviewStatusChanges.reviewId, id), eq(reviewStatusChanges.merchantId, b.merchantId)));
    expect(rows).toHaveLength(1);
  });
});
