import request from 'supertest';
import type { TApiKeyCreated } from '../../shared/api-keys.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { joinAsMember, PUBLIC_URL, seedOwner, type RegisteredOwner } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  // A small rate, so the limit is reached in a few calls; every other test stays far below it.
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', API_KEY_RATE_PER_MINUTE: '10' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

async function createKey(
  owner: RegisteredOwner,
  scopes: string[] = ['analytics:read', 'reviews:read'],
  name = 'Sync',
): Promise<TApiKeyCreated> {
  return (await owner.agent.post('/api/api-keys/').send({ name, scopes }).expect(201)).body as TApiKeyCreated;
}

const withKey = (key: string, path: string, address = '198.51.100.20') =>
  http.get(path).set('Authorization', `Bearer ${key}`).set('X-Forwarded-For', address);

describe('API keys', () => {
  it('are created by the owner, shown once, listed by their prefix only', async () => {
    const owner = await seedOwner(t);
    const created = await createKey(owner);
    expect(created.key).toMatch(/^vr_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Sync',
      prefix: created.key.slice(0, 11),
      scopes: ['analytics:read', 'reviews:read'],
      last_used_at: null,
      revoked_at: null,
    });
    const list = (await owner.agent.get('/api/api-keys/').expect(200)).body;
    expect(list.results).toEqual([expect.objectContaining({ id: created.id, prefix: created.prefix })]);
    expect(JSON.stringify(list)).not.toContain(created.key);

    const member = await joinAsMember(t, owner.agent);
    await member.get('/api/api-keys/').expect(403);
    await member
      .post('/api/api-keys/')
      .send({ name: 'Mine', scopes: ['reviews:read'] })
      .expect(403);

    const bad = await owner.agent
      .post('/api/api-keys/')
      .send({ name: ' ', scopes: ['reviews:delete'] })
      .expect(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['name', 'scopes.0']);
  });

  it('act for their store within their scopes, never on account routes, and record their last use', async () => {
    const owner = await seedOwner(t);
    const { key, id } = await createKey(owner, ['analytics:read']);
    const insights = await withKey(key, '/api/insights/?days=7').expect(200);
    expect(insights.body.range).toBeDefined();

    const account = await withKey(key, '/api/auth/users/me/').expect(403);
    expect(account.body.code).toBe('api_key_not_allowed');
    const keys = await withKey(key, '/api/api-keys/').expect(403);
    expect(keys.body.code).toBe('api_key_not_allowed');

    const readOnly = await createKey(owner, ['reviews:read'], 'Reviews only');
    const scoped = await withKey(readOnly.key, '/api/insights/').expect(403);
    expect(scoped.body).toMatchObject({ code: 'api_key_scope', detail: 'This key lacks the analytics:read scope.' });

    const listed = (await owner.agent.get('/api/api-keys/').expect(200)).body.results;
    expect(listed.find((row: { id: string }) => row.id === id)).toMatchObject({
      last_used_at: expect.any(String),
      last_used_ip: '198.51.100.20',
    });
  });

  it('list reviews with reviews:read and moderate them with reviews:write, as the store', async () => {
    const owner = await seedOwner(t);
    const [review] = await seedReviews(t, owner.merchantId, 1, { status: 'pending' });
    const reader = await createKey(owner, ['reviews:read'], 'Reader');
    const writer = await createKey(owner, ['reviews:read', 'reviews:write'], 'Moderator');
    const list = await withKey(reader.key, '/api/reviews/').expect(200);
    expect(list.body.results.map((row: { id: string }) => row.id)).toEqual([review]);
    const approve = (key: string) =>
      http
        .post(`/api/reviews/${review}/approve/`)
        .set('Authorization', `Bearer ${key}`)
        .set('X-Forwarded-For', '198.51.100.21');
    expect((await approve(reader.key).expect(403)).body.code).toBe('api_key_scope');
    expect((await approve(writer.key).expect(200)).body.status).toBe('approved');
  });

  it("create and cancel review requests with requests:write, for the key's store", async () => {
    const owner = await seedOwner(t);
    const sender = await createKey(owner, ['requests:write'], 'Orders');
    const moderator = await createKey(owner, ['reviews:read', 'reviews:write'], 'Moderator');
    const order = {
      customer_email: 'buyer@example.com',
      order_id: 'order-1001',
      products: [{ id: 'sku-1', name: 'Boots' }],
    };
    const create = (key: string) =>
      http
        .post('/api/review-requests/')
        .set('Authorization', `Bearer ${key}`)
        .set('X-Forwarded-For', '198.51.100.22')
        .send(order);
    const refused = await create(moderator.key).expect(403);
    expect(refused.body).toMatchObject({ code: 'api_key_scope', detail: 'This key lacks the requests:write scope.' });

    const created = (await create(sender.key).expect(201)).body as { id: string; order_id: string; status: string };
    expect(created).toMatchObject({ order_id: 'order-1001', status: 'scheduled' });
    const history = (await owner.agent.get('/api/review-requests/').expect(200)).body.results;
    expect(history.map((row: { id: string }) => row.id)).toEqual([created.id]);
    const cancelled = await http
      .post(`/api/review-requests/${created.id}/cancel/`)
      .set('Authorization', `Bearer ${sender.key}`)
      .expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    // Reading the history stays the dashboard's: no scope reads requests.
    expect((await withKey(sender.key, '/api/review-requests/').expect(403)).body.code).toBe('api_key_not_allowed');
  });

  it("are refused in another store's workspace, unknown, malformed or revoked, at once", async () => {
    const owner = await seedOwner(t);
    const other = await seedOwner(t);
    const { key, id } = await createKey(owner);
    const workspace = (await other.agent.get('/api/workspaces/').expect(200)).body.results[0].id as string;
    const foreign = await withKey(key, '/api/insights/').set('X-Workspace-ID', workspace).expect(403);
    expect(foreign.body.code).toBe('workspace_forbidden');

    await withKey(`vr_${'A'.repeat(43)}`, '/api/insights/').expect(401);
    await withKey('vr_short', '/api/insights/').expect(401);
    await withKey(key, '/api/insights/').expect(200);

    await other.agent.delete(`/api/api-keys/${id}/`).expect(404);
    await owner.agent.delete(`/api/api-keys/${id}/`).expect(204);
    await withKey(key, '/api/insights/').expect(401);
    const [row] = (await owner.agent.get('/api/api-keys/').expect(200)).body.results;
    expect(row.revoked_at).toEqual(expect.any(String));
    // Revoking again keeps the first time.
    await owner.agent.delete(`/api/api-keys/${id}/`).expect(204);
    expect((await owner.agent.get('/api/api-keys/').expect(200)).body.results[0].revoked_at).toBe(row.revoked_at);
  });

  it('are rate limited per key, with Retry-After, whatever the address', async () => {
    const owner = await seedOwner(t);
    const { key } = await createKey(owner);
    const other = await createKey(owner, ['analytics:read'], 'Other');
    for (let i = 0; i < t.config.apiKeys.ratePerMinute; i++)
      await withKey(key, '/api/insights/', `203.0.113.${i % 250}`).expect(200);
    const refused = await withKey(key, '/api/insights/', '192.0.2.1').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await withKey(other.key, '/api/insights/').expect(200);
  });

  it('are limited in number per store', async () => {
    const owner = await seedOwner(t);
    for (let i = 0; i < 20; i++) await createKey(owner, ['reviews:read'], `Key ${i}`);
    const refused = await owner.agent.post('/api/api-keys/').send({ name: 'One more', scopes: ['reviews:read'] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('api_key_limit');
  });
});
