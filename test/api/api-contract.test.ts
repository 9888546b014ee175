import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import request from 'supertest';
import type { OpenApiDocument, OpenApiOperation } from '../../server/api-docs/openapi.document.js';
import { isDocumented, openApiPath } from '../../server/api-docs/openapi.document.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { PUBLIC_URL } from '../support/accounts.js';
import { callRoute, pathFor } from '../support/route-calls.js';
import { describeRoute, routeTable, type TableRoute } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTenant, type Tenant } from '../support/tenants.js';
import { UNDESCRIBED, UNREACHED } from './api-contract.pending.js';

// Every API route of the route table, called as its rightful caller with inputs sampled from its own schemas, and
// without a session where it needs one: the status it answers must be one the API document lists for the operation,
// and the body must match that status's schema (ajv, draft 2020-12; answers' objects take no field they do not
// document). A route the document does not describe yet must be named in api-contract.pending.ts, which only shrinks.

let t: TestApp;
let tenant: Tenant;
let document: OpenApiDocument;
let ajv: Ajv2020;
let routes: TableRoute[];

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  tenant = await createTenant(t, 'contract');
  document = (await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body as OpenApiDocument;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'api', components: document.components }, 'api');
  routes = routeTable(t).filter((route) => isDocumented(route));
}, 120_000);
afterAll(() => t.close());

function operationOf(route: TableRoute): OpenApiOperation {
  return document.paths[openApiPath(route.path)][route.method.toLowerCase()];
}

const validators = new Map<string, ValidateFunction>();

/** The schema of the operation's JSON answer with this status, compiled once; null when it documents no JSON body. */
function validatorFor(route: TableRoute, status: number): ValidateFunction | null {
  const key = `${describeRoute(route)} ${status}`;
  if (validators.has(key)) return validators.get(key)!;
  const response = operationOf(route).responses[String(status)] as
    { content?: Record<string, { schema: object }> } | undefined;
  const schema = response?.content?.['application/json']?.schema;
  // References point into the document's components, registered as `api`.
  const validate = schema
    ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')) as object)
    : null;
  if (validate) validators.set(key, validate);
  return validate;
}

interface Seen {
  route: TableRoute;
  label: string;
  status: number;
  body: unknown;
  type: string;
}

/** What is wrong with an answer, by the document: an undocumented status, or a body its schema refuses. */
function problemsWith({ route, label, status, body, type }: Seen): string[] {
  const where = `${describeRoute(route)} (${label}) → ${status}`;
  const documented = Object.keys(operationOf(route).responses);
  if (!documented.includes(String(status))) return [`${where}: undocumented status (lists ${documented.join(', ')})`];
  if (!type.startsWith('application/json')) return [];
  const validate = validatorFor(route, status);
  if (!validate) return [`${where}: a JSON body the document does not describe`];
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
  return [`${where}: ${errors.join('; ')} in ${JSON.stringify(body).slice(0, 200)}`];
}

/** Reads before writes, deletions last: a call does not take away what a later one needs. */
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

it('names exactly the routes it does not describe yet (describe a new route; take a described one off the list)', () => {
  const undescribed = routes.filter((route) => !route.outputs).map(describeRoute);
  expect(undescribed.sort()).toEqual([...UNDESCRIBED].sort());
});

it('answers every described route with a status and a body the document lists', async () => {
  const problems: string[] = [];
  const succeeded = new Set<string>();
  const described = routes
    .filter((route) => route.outputs)
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  for (const route of described) {
    const path = pathFor(route, tenant);
    const calls: Array<[string, Parameters<typeof callRoute>[3]]> = [['owner', { token: tenant.ownerToken }]];
    if (route.authenticated) calls.push(['no session', {}]);
    for (const [label, caller] of calls) {
      // A storefront's calls name the store by its public id, and a product of it.
      const ids = { product_id: tenant.productId, merchant_id: tenant.storeId };
      const res = await callRoute(t, route, path, caller, { ids });
      const seen = { route, label, status: res.status, body: res.body, type: res.headers['content-type'] ?? '' };
      problems.push(...problemsWith(seen));
      if (res.status < 300) succeeded.add(describeRoute(route));
    }
    // The background work a write started (an import's job, a mail) is done before the next call: no call races it.
    if (route.method !== 'GET') await t.app.get(JobQueue).settled();
  }
  expect(problems).toEqual([]);
  // Most described routes succeed with sampled inputs; those that cannot (a signature, a state) are named in
  // UNREACHED, which names only described routes that indeed did not succeed.
  const unreached = described.map(describeRoute).filter((route) => !succeeded.has(route));
  expect(unreached.filter((route) => !(route in UNREACHED))).toEqual([]);
  expect(Object.keys(UNREACHED).filter((route) => !unreached.includes(route))).toEqual([]);
});
