import { isDocumented } from '../../server/api-docs/openapi.document.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { PUBLIC_URL } from '../support/accounts.js';
import { callRoute, pathFor } from '../support/route-calls.js';
import { describeRoute, routeTable, type TableRoute } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTenant, type Tenant } from '../support/tenants.js';
import { UNDESCRIBED, UNREACHED } from './api-contract.pending.js';

// Every API route of the route table, called as its rightful caller with inputs sampled from its own schemas, and
// without a session where it needs one: the status it answers must be one the API document lists for the operation,
// and the body must match that status's schema. The test app checks each answer as it is sent (ContractCheck, ajv on
// draft 2020-12; answers' objects take no field they do not document); this suite makes the calls and reads what it
// found. A route the document does not describe yet must be named in api-contract.pending.ts, which only shrinks.

let t: TestApp;
let tenant: Tenant;
let routes: TableRoute[];

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
  tenant = await createTenant(t, 'contract');
  routes = routeTable(t).filter((route) => isDocumented(route));
}, 120_000);
afterAll(() => t.close());

/** Reads before writes, deletions last: a call does not take away what a later one needs. */
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

it('names exactly the routes it does not describe yet (describe a new route; take a described one off the list)', () => {
  const undescribed = routes.filter((route) => !route.outputs).map(describeRoute);
  expect(undescribed.sort()).toEqual([...UNDESCRIBED].sort());
});

it('answers every described route with a status and a body the document lists', async () => {
  const succeeded = new Set<string>();
  const described = routes
    .filter((route) => route.outputs)
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  for (const route of described) {
    const path = pathFor(route, tenant);
    const callers: Array<Parameters<typeof callRoute>[3]> = [{ token: tenant.ownerToken }];
    if (route.authenticated) callers.push({});
    for (const caller of callers) {
      // A storefront's calls name the store by its public id, and a product of it.
      const ids = { product_id: tenant.productId, merchant_id: tenant.storeId };
      const res = await callRoute(t, route, path, caller, { ids });
      if (res.status < 300) succeeded.add(describeRoute(route));
    }
    // The background work a write started (an import's job, a mail) is done before the next call: no call races it.
    if (route.method !== 'GET') await t.app.get(JobQueue).settled();
  }
  expect([...new Set(t.contract.violations)]).toEqual([]);
  // Most described routes succeed with sampled inputs; those that cannot (a signature, a state) are named in
  // UNREACHED, which names only described routes that indeed did not succeed.
  const unreached = described.map(describeRoute).filter((route) => !succeeded.has(route));
  expect(unreached.filter((route) => !(route in UNREACHED))).toEqual([]);
  expect(Object.keys(UNREACHED).filter((route) => !unreached.includes(route))).toEqual([]);
});
