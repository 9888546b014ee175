import fc from 'fast-check';
import type { z } from 'zod';
import { ROLE_PERMISSIONS } from '../../shared/permissions.js';
import { PUBLIC_URL } from '../support/accounts.js';
import { callRoute, pathFor, type Caller } from '../support/route-calls.js';
import { describeRoute, routeTable, type TableRoute } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTenant, tenantIdFor, tenantSnapshot, type Tenant } from '../support/tenants.js';
import { validArbitrary } from '../support/zod-arbitrary.js';

// Every authenticated route of the route table (a new one is covered without a test being written) against: no token,
// an expired token, another tenant's X-Workspace-ID, a member on an owner-only route, and another tenant's ids in the
// path or in a body's list of ids. Tenant B's data must be exactly as it was afterwards.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let routes: TableRoute[];
let planId: string;
let cases = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
  a = await createTenant(t, 'alpha');
  b = await createTenant(t, 'beta');
  routes = routeTable(t).filter((route) => route.authenticated);
  planId = (await a.owner.get('/api/billing/plans/').expect(200)).body.results[0].id as string;
}, 120_000);
afterAll(async () => {
  console.log(`Isolation matrix: ${cases} cases over ${routes?.length} authenticated routes`);
  await t.close();
});

/** Ids a body names are the calling tenant's (A's), so the path's id is the only foreign one. */
function callerIds(): Record<string, string> {
  return { new_plan_id: planId, product_id: a.productId };
}

function send(route: TableRoute, path: string, caller: Caller, body?: Record<string, unknown>) {
  cases += 1;
  return callRoute(t, route, path, caller, { body, ids: callerIds() });
}

function check(
  failures: string[],
  route: TableRoute,
  label: string,
  res: { status: number; body: { code?: unknown; detail?: unknown } },
  expected: number[],
) {
  const shaped = typeof res.body.detail === 'string' && typeof res.body.code === 'string';
  if (!expected.includes(res.status) || !shaped) {
    failures.push(`${describeRoute(route)} ${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
}

it('can fill every path parameter of every authenticated route (add the id to TENANT_IDS otherwise)', () => {
  const unfilled = routes.flatMap((route) =>
    route.params
      .filter((param) => !tenantIdFor(route.path, param, b))
      .map((param) => `${describeRoute(route)} :${param}`),
  );
  expect(unfilled).toEqual([]);
  expect(routes.length).toBeGreaterThan(40);
});

it('answers 401 without a token and with an expired one', async () => {
  const failures: string[] = [];
  for (const route of routes) {
    check(failures, route, 'no token', await send(route, pathFor(route, a), {}), [401]);
    check(failures, route, 'expired token', await send(route, pathFor(route, a), { token: a.expiredToken }), [401]);
  }
  expect(failures).toEqual([]);
});

it("answers 403 to X-Workspace-ID naming another tenant's workspace", async () => {
  const failures: string[] = [];
  for (const route of routes) {
    const res = await send(route, pathFor(route, a), { token: a.ownerToken, workspace: b.workspaceId });
    check(failures, route, 'foreign workspace', res, [403]);
  }
  expect(failures).toEqual([]);
});

it('answers 403 to a member on an owner-only route', async () => {
  const failures: string[] = [];
  const memberMay = new Set(ROLE_PERMISSIONS.member);
  const ownerOnly = routes.filter((route) => route.permission && !memberMay.has(route.permission));
  for (const route of ownerOnly) {
    check(failures, route, 'member', await send(route, pathFor(route, a), { agent: a.member }), [403]);
  }
  expect(failures).toEqual([]);
  expect(ownerOnly.length).toBeGreaterThan(10);
});

it("answers 404 (or 403), never 2xx, to a caller using another tenant's ids, and tenant B's data is unchanged", async () => {
  const before = await tenantSnapshot(t, b);
  const failures: string[] = [];
  for (const route of routes.filter((candidate) => candidate.params.length)) {
    check(failures, route, "B's ids", await send(route, pathFor(route, b), { token: a.ownerToken }), [403, 404]);
  }
  expect(failures).toEqual([]);
  expect(await tenantSnapshot(t, b)).toEqual(before);
});

describe('API keys', () => {
  const keyed = () => routes.filter((route) => route.keyScope);

  it('are refused on every route that does not take them (account, team, billing, the keys themselves)', async () => {
    const failures: string[] = [];
    const refusing = routes.filter((route) => !route.keyScope);
    for (const route of refusing) {
      const res = await send(route, pathFor(route, a), { bearer: a.apiKey });
      check(failures, route, 'API key', res, [403]);
      if (res.status === 403 && res.body.code !== 'api_key_not_allowed')
        failures.push(`${describeRoute(route)}: ${res.body.code}`);
    }
    expect(failures).toEqual([]);
    expect(refusing.map(describeRoute)).toEqual(
      expect.arrayContaining(['GET /api/auth/users/me', 'POST /api/api-keys', 'GET /api/billing/plans']),
    );
  });

  it("answer 404 (or 403), never 2xx, with another store's key on this store's ids", async () => {
    const before = await tenantSnapshot(t, b);
    const failures: string[] = [];
    for (const route of keyed().filter((candidate) => candidate.params.length)) {
      check(
        failures,
        route,
        "A's key on B's ids",
        await send(route, pathFor(route, b), { bearer: a.apiKey }),
        [403, 404],
      );
    }
    expect(failures).toEqual([]);
    expect(await tenantSnapshot(t, b)).toEqual(before);
  });

  it('answer 403 without the scope the route names, and 401 once revoked', async () => {
    const failures: string[] = [];
    const scopes = [...new Set(keyed().map((route) => route.keyScope!))];
    // A key of each scope alone: every keyed route needing another one refuses it.
    const single = Object.fromEntries(
      await Promise.all(
        scopes.map(async (scope) => {
          const res = await a.owner
            .post('/api/api-keys/')
            .send({ name: scope, scopes: [scope] })
            .expect(201);
          return [scope, res.body as { id: string; key: string }] as const;
        }),
      ),
    );
    for (const route of keyed()) {
      const other = scopes.find((scope) => scope !== route.keyScope);
      if (!other) continue;
      const res = await send(route, pathFor(route, a), { bearer: single[other].key });
      check(failures, route, `key with ${other} only`, res, [403]);
    }
    const revoked = single[scopes[0]];
    await a.owner.delete(`/api/api-keys/${revoked.id}/`).expect(204);
    for (const route of keyed()) {
      check(failures, route, 'revoked key', await send(route, pathFor(route, a), { bearer: revoked.key }), [401]);
    }
    expect(failures).toEqual([]);
    expect(keyed().length).toBeGreaterThan(0);
  });
});

/** A valid body of the route naming these ids (e.g. a bulk action's), or undefined when its body has no `ids`. */
function bodyNaming(schema: z.ZodType | undefined, ids: string[]): Record<string, unknown> | undefined {
  const shape = (schema as unknown as { _zod?: { def: { shape?: Record<string, unknown> } } })?._zod?.def.shape;
  if (!schema || !shape || !('ids' in shape)) return undefined;
  return fc
    .sample(validArbitrary(schema), { seed: 1, numRuns: 100 })
    .map((sample) => ({ ...(sample as Record<string, unknown>), ids }))
    .find((body) => schema.safeParse(body).success);
}

it("changes nothing of tenant B's through B's ids in a body, whatever the answer", async () => {
  const before = await tenantSnapshot(t, b);
  const failures: string[] = [];
  const foreign = [b.reviewIds.pending, b.reviewIds.approved, b.questionId];
  const naming = routes.flatMap((route) => {
    const body = bodyNaming(route.inputs.body, foreign);
    return body ? [{ route, body }] : [];
  });
  for (const { route, body } of naming) {
    const res = await send(route, pathFor(route, a), { token: a.ownerToken }, body);
    if (res.status >= 500) failures.push(`${describeRoute(route)}: ${res.status}`);
  }
  expect(failures).toEqual([]);
  expect(naming.map(({ route }) => describeRoute(route))).toEqual(
    expect.arrayContaining(['POST /api/reviews/bulk', 'POST /api/questions/bulk']),
  );
  expect(await tenantSnapshot(t, b)).toEqual(before);
});
