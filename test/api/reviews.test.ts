import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { reviewStatusChanges, reviews } from '../../server/database/schema.js';
import type { TLimitInfo, TUsageDetails } from '../../shared/billing.js';
import type { TPage, TReview } from '../../shared/reviews.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

const act = (agent: Agent, id: string, action: 'approve' | 'reject' | 'restore') =>
  agent.post(`/api/reviews/${id}/${action}/`);

describe('moderation (DESIGN §6.1–§6.2)', () => {
  it('allows exactly the transitions of the status machine, and records each with its actor', async () => {
    const { agent, user, merchantId } = await registerOwner(t);
    const [id] = await seedReviews(t, merchantId, 1);
    const expectStatus = async (status: string, deleted = false) => {
      const review = (await agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview;
      expect([review.status, review.deleted]).toEqual([status, deleted]);
    };
    // pending: restore refused, approve and reject allowed
    expect((await act(agent, id, 'restore').expect(400)).body.code).toBe('invalid_transition');
    expect((await act(agent, id, 'approve').expect(200)).body.status).toBe('approved');
    // approved: approve refused, restore means "back to pending", which is not supported
    expect((await act(agent, id, 'approve').expect(400)).body.code).toBe('invalid_transition');
    const pending = await act(agent, id, 'restore').expect(400);
    expect(pending.body).toEqual({ detail: 'Setting to pending is not supported', code: 'pending_not_supported' });
    expect((await act(agent, id, 'reject').expect(200)).body.status).toBe('rejected');
    // rejected: reject refused, restore goes to pending, approve allowed
    expect((await act(agent, id, 'reject').expect(400)).body.code).toBe('invalid_transition');
    expect((await act(agent, id, 'restore').expect(200)).body.status).toBe('pending');
    expect((await act(agent, id, 'reject').expect(200)).body.status).toBe('rejected');
    expect((await act(agent, id, 'approve').expect(200)).body.status).toBe('approved');
    await expectStatus('approved');

    // delete is soft: listed only under `deleted`, restorable to the status it had
    await agent.delete(`/api/reviews/${id}/`).expect(204);
    await expectStatus('approved', true);
    await agent.delete(`/api/reviews/${id}/`).expect(400);
    for (const action of ['approve', 'reject'] as const) await act(agent, id, action).expect(400);
    const visible = (await agent.get('/api/reviews/').expect(200)).body as TPage<TReview>;
    expect(visible.results.map((r) => r.id)).not.toContain(id);
    const deleted = (await agent.get('/api/reviews/?status=deleted').expect(200)).body as TPage<TReview>;
    expect(deleted.results.map((r) => [r.id, r.deleted, r.status])).toEqual([[id, true, 'approved']]);
    expect((await act(agent, id, 'restore').expect(200)).body).toMatchObject({ status: 'approved', deleted: false });

    const audit = await databaseOf(t)
      .select()
      .from(reviewStatusChanges)
      .where(and(eq(reviewStatusChanges.reviewId, id), eq(reviewStatusChanges.merchantId, merchantId)))
      .orderBy(reviewStatusChanges.at);
    expect(audit.map((c) => `${c.fromStatus}>${c.toStatus}`)).toEqual([
      'pending>approved',
      'approved>rejected',
      'rejected>pending',
      'pending>rejected',
      'rejected>approved',
      'approved>deleted',
      'deleted>approved',
    ]);
    expect(new Set(audit.map((c) => c.actorUserId))).toEqual(new Set([user.id]));
  });

  it('lets a merchant edit the comment, rating and product of a review', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const [id] = await seedReviews(t, merchantId, 1, { productId: 'p-1', productName: 'Old' });
    await seedReviews(t, merchantId, 1, { productId: 'p-2', productName: 'Other' });
    const res = await agent
      .patch(`/api/reviews/${id}/`)
      .send({ comment: 'Edited', rating: 2, product_id: 'p-2' })
      .expect(200);
    expect(res.body).toMatchObject({ comment: 'Edited', rating: 2, product_id: 'p-2', product_name: 'Other' });
    expect((await agent.get('/api/reviews/?search=edited').expect(200)).body.count).toBe(1);
    const bad = await agent.patch(`/api/reviews/${id}/`).send({ rating: 6, product_id: 'nope' }).expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['rating']);
    await agent.patch(`/api/reviews/${id}/`).send({ product_id: 'nope' }).expect(400);
    await agent.patch(`/api/reviews/${id}/`).send({ status: 'approved' }).expect(400);
  });
});

describe('plan limits (DESIGN §6.3, Free: 5 active, 50 total)', () => {
  it('passes the 5th approval and refuses the 6th with 403 plan_limit and limit_info', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 7);
    for (const id of ids.slice(0, 5)) await act(agent, id, 'approve').expect(200);
    const res = await act(agent, ids[5], 'approve').expect(403);
    expect(res.body).toEqual({
      detail: "You've reached your plan limit for active reviews.",
      code: 'plan_limit',
      limit_info: {
        active_reviews: { current: 5, max: 5, unlimited: false, percentage: 100, reached_limit: true },
        total_reviews: { current: 7, max: 50, unlimited: false, percentage: 14, reached_limit: false },
      } satisfies TLimitInfo,
    });
    expect((await agent.get(`/api/reviews/${ids[5]}/`).expect(200)).body.status).toBe('pending');
    // Rejecting one frees a slot; restoring a deleted approved review needs one too.
    await act(agent, ids[0], 'reject').expect(200);
    await act(agent, ids[5], 'approve').expect(200);
    await agent.delete(`/api/reviews/${ids[1]}/`).expect(204);
    await act(agent, ids[6], 'approve').expect(200);
    const restore = await act(agent, ids[1], 'restore').expect(403);
    expect(restore.body.code).toBe('plan_limit');
    expect(restore.body.limit_info.active_reviews.reached_limit).toBe(true);
  });

  it('refuses to restore a deleted review when the total is full, but never refuses shopper content', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 50);
    await agent.delete(`/api/reviews/${ids[0]}/`).expect(204);
    await seedReviews(t, merchantId, 1);
    const res = await act(agent, ids[0], 'restore').expect(403);
    expect(res.body).toMatchObject({ code: 'plan_limit', detail: "You've reached your plan limit." });
    expect(res.body.limit_info.total_reviews).toMatchObject({ current: 50, max: 50, reached_limit: true });
    // Approving changes nothing about the total: still allowed.
    await act(agent, ids[1], 'approve').expect(200);
  });

  it('holds the limit when approvals race for the last slot', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 8);
    for (const id of ids.slice(0, 4)) await act(agent, id, 'approve').expect(200);
    const answers = await Promise.all(ids.slice(4).map((id) => act(agent, id, 'approve')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403]);
    expect((await agent.get('/api/reviews/stats/').expect(200)).body.approved).toBe(5);
  });
});

describe('usage details and plans', () => {
  const usage = async (agent: Agent) =>
    (await agent.get('/api/reviews/usage_details/').expect(200)).body as TUsageDetails;

  it('names the reason by the 70 / 90 / 100 % thresholds, with at most 2 plans and 3 benefits', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const empty = await usage(agent);
    expect(empty).toMatchObject({
      is_free_plan: true,
      show_upgrade_prompt: true,
      current_plan: { code: 'free' },
      usage: { active_reviews: { current: 0, max: 5, unlimited: false, percentage: 0 } },
      recommendations: { primary_reason: 'unlock_features' },
      billing_status: 'free',
      grace_ends_at: null,
    });
    expect(empty.upgrade_plans.map((p) => p.name)).toEqual(['Starter', 'Growth']);
    expect(empty.recommendations.benefits.length).toBeLessThanOrEqual(3);

    const ids = await seedReviews(t, merchantId, 5);
    for (const id of ids.slice(0, 4)) await act(agent, id, 'approve').expect(200);
    expect((await usage(agent)).recommendations.primary_reason).toBe('approaching_limits'); // 80 %
    await act(agent, ids[4], 'approve').expect(200);
    const full = await usage(agent);
    expect(full.recommendations).toEqual({
      primary_reason: 'reached_active_limit',
      benefits: ['more_active_reviews', 'more_total_reviews', 'custom_branding'],
    });
    expect(full.usage.active_reviews.percentage).toBe(100);
  });

  it('reports the total thresholds: 90 % is near_total_limit, 100 % reached_total_limit', async () => {
    const { agent, merchantId } = await registerOwner(t);
    await seedReviews(t, merchantId, 35);
    expect((await usage(agent)).recommendations.primary_reason).toBe('approaching_limits'); // 70 %
    await seedReviews(t, merchantId, 10);
    expect((await usage(agent)).recommendations.primary_reason).toBe('near_total_limit'); // 90 %
    await seedReviews(t, merchantId, 5);
    expect((await usage(agent)).recommendations.primary_reason).toBe('reached_total_limit');
  });

  it('lists the plans sorted by amount', async () => {
    const { agent } = await registerOwner(t);
    const { results } = (await agent.get('/api/billing/plans/?status=active').expect(200)).body as {
      results: Array<{ name: string; amount: number; max_active_reviews: number | null; formatted_amount: string }>;
    };
    expect(results.map((p) => [p.name, p.amount, p.max_active_reviews])).toEqual([
      ['Free', 0, 5],
      ['Starter', 1900, 50],
      ['Growth', 4900, 200],
      ['Scale', 14900, null],
    ]);
    expect(results[1].formatted_amount).toBe('$19.00');
    await agent.get('/api/billing/plans/?status=bogus').expect(400);
  });
});

describe('lists, search, stats', () => {
  it('pages newest first with next/previous links and searches product, customer and comment case-insensitively', async () => {
    const { agent, merchantId } = await registerOwner(t);
    await seedReviews(t, merchantId, 23, { customerName: (i) => (i % 2 ? `Ana ${i}` : `Bruno ${i}`) });
    await seedReviews(t, merchantId, 2, {
      productId: 'boots',
      productName: 'Leather BOOTS',
      comment: () => '100%_real',
    });
    const first = (await agent.get('/api/reviews/?page_size=10').expect(200)).body as TPage<TReview>;
    expect(first.count).toBe(25);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/reviews/?page=2&page_size=10');
    const last = (await agent.get('/api/reviews/?page=3&page_size=10').expect(200)).body as TPage<TReview>;
    expect(last.results).toHaveLength(5);
    expect(last.next).toBeNull();
    expect(last.previous).toBe('/api/reviews/?page=2&page_size=10');
    const times = [...first.results, ...last.results].map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await agent.get('/api/reviews?search=ANA').expect(200)).body.count).toBe(11);
    expect((await agent.get('/api/reviews/?search=boots').expect(200)).body.count).toBe(2);
    // LIKE wildcards in the search are literal.
    expect((await agent.get('/api/reviews/?search=%25_').expect(200)).body.count).toBe(2);
    expect((await agent.get('/api/reviews/?search=_x').expect(200)).body.count).toBe(0);
    const filtered = (await agent.get('/api/reviews/?search=ana&page_size=5&status=pending').expect(200)).body;
    expect(filtered.next).toBe('/api/reviews/?page=2&page_size=5&search=ana&status=pending');
  });

  it('answers bad parameters with 400 and fields', async () => {
    const { agent } = await registerOwner(t);
    for (const query of ['page=0', 'page=x', 'page_size=101', 'status=archived']) {
      const res = await agent.get(`/api/reviews/?${query}`).expect(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toHaveLength(1);
    }
    await agent.get('/api/reviews/not-a-uuid/').expect(404);
    await agent.get('/api/reviews/top_products/?limit=51').expect(400);
  });

  it('counts by status with the average of approved ratings; top products by count', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 4, { productId: 'a', productName: 'A' }); // ratings 1..4
    await seedReviews(t, merchantId, 1, { productId: 'b', productName: 'B' });
    await act(agent, ids[2], 'approve').expect(200); // rating 3
    await act(agent, ids[3], 'approve').expect(200); // rating 4
    await act(agent, ids[0], 'reject').expect(200);
    await agent.delete(`/api/reviews/${ids[1]}/`).expect(204);
    expect((await agent.get('/api/reviews/stats/').expect(200)).body).toEqual({
      total: 4,
      pending: 1,
      approved: 2,
      rejected: 1,
      deleted: 1,
      average_rating: 3.5,
    });
    const top = (await agent.get('/api/reviews/top_products/?limit=1').expect(200)).body;
    expect(top.results).toEqual([{ product_id: 'a', name: 'A', image: null, reviews: 3 }]);
    const pending = (await agent.get('/api/reviews/pending/').expect(200)).body as TPage<TReview>;
    expect(pending.results.map((r) => r.status)).toEqual(['pending']);
  });
});

describe('review counters', () => {
  it('agree with a recount after every kind of change, hard deletes included', async () => {
    const { agent, merchantId } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 6);
    await act(agent, ids[0], 'approve').expect(200);
    await act(agent, ids[1], 'approve').expect(200);
    await act(agent, ids[2], 'reject').expect(200);
    await agent.patch(`/api/reviews/${ids[0]}/`).send({ rating: 5 }).expect(200); // was 1
    await agent.delete(`/api/reviews/${ids[3]}/`).expect(204);
    await agent.delete(`/api/reviews/${ids[1]}/`).expect(204);
    await act(agent, ids[1], 'restore').expect(200);
    await databaseOf(t).delete(reviews).where(eq(reviews.id, ids[4]));
    const recount = await databaseOf(t)
      .select({
        pending: sql<number>`count(*) filter (where ${reviews.deletedAt} is null and ${reviews.status} = 'pending')::int`,
        approved: sql<number>`count(*) filter (where ${reviews.deletedAt} is null and ${reviews.status} = 'approved')::int`,
        rejected: sql<number>`count(*) filter (where ${reviews.deletedAt} is null and ${reviews.status} = 'rejected')::int`,
        deleted: sql<number>`count(*) filter (where ${reviews.deletedAt} is not null)::int`,
        average: sql<string>`avg(${reviews.rating}) filter (where ${reviews.deletedAt} is null and ${reviews.status} = 'approved')`,
      })
      .from(reviews)
      .where(eq(reviews.merchantId, merchantId));
    const stats = (await agent.get('/api/reviews/stats/').expect(200)).body;
    const { average, ...counts } = recount[0];
    expect(stats).toEqual({
      ...counts,
      total: counts.pending + counts.approved + counts.rejected,
      average_rating: Math.round(Number(average) * 10) / 10,
    });
    expect(counts).toEqual({ pending: 1, approved: 2, rejected: 1, deleted: 1 });
    expect((await agent.get('/api/reviews/').expect(200)).body.count).toBe(4);
  });
});

describe('isolation', () => {
  it('never shows or changes another merchant’s reviews: their ids answer 404', async () => {
    const a = await registerOwner(t);
    const b = await registerOwner(t);
    const [theirs] = await seedReviews(t, b.merchantId, 1);
    await seedReviews(t, a.merchantId, 2);
    await a.agent.get(`/api/reviews/${theirs}/`).expect(404);
    for (const action of ['approve', 'reject', 'restore'] as const) await act(a.agent, theirs, action).expect(404);
    await a.agent.patch(`/api/reviews/${theirs}/`).send({ comment: 'x' }).expect(404);
    await a.agent.delete(`/api/reviews/${theirs}/`).expect(404);
    const mine = (await a.agent.get('/api/reviews/').expect(200)).body as TPage<TReview>;
    expect(mine.count).toBe(2);
    expect((await b.agent.get(`/api/reviews/${theirs}/`).expect(200)).body.status).toBe('pending');
    await http.get('/api/reviews/').expect(401);
  });
});
