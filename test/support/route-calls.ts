import request from 'supertest';
import { fixture } from '../factories/reviews.factory.js';
import type { Agent } from './accounts.js';
import type { TableRoute } from './route-table.js';
import type { TestApp } from './test-app.js';
import { tenantIdFor, type Tenant } from './tenants.js';
import { validSample } from './zod-arbitrary.js';

/** Who calls: an access token, an API key, a signed-in agent (cookies), or nobody; with an X-Workspace-ID or not. */
export interface Caller {
  token?: string;
  /** An API key, as `Authorization: Bearer`. */
  bearer?: string;
  agent?: Agent;
  workspace?: string;
}

/** The route's path with each parameter filled with `owner`'s id of that kind. */
export function pathFor(route: TableRoute, owner: Tenant): string {
  return route.params.reduce(
    (path, param) => path.replace(`:${param}`, tenantIdFor(route.path, param, owner)!),
    route.path,
  );
}

let calls = 0;

/**
 * A request the route would accept from its rightful caller: inputs sampled from its own schemas (a query's or a
 * body's ids replaced by `ids`, the caller's), files attached where it takes them; `body` replaces the generated one.
 * Each call comes from an address of its own, so rate limits per address do not pile up.
 */
export function callRoute(
  t: TestApp,
  route: TableRoute,
  path: string,
  caller: Caller,
  { body, ids = {} }: { body?: Record<string, unknown>; ids?: Record<string, string> } = {},
) {
  calls += 1;
  const client = caller.agent ?? request(t.app.getHttpServer());
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';
  let req = client[method](path).set('X-Forwarded-For', `198.51.100.${calls % 250}`);
  if (caller.token) req = req.set('Authorization', `JWT ${caller.token}`);
  if (caller.bearer) req = req.set('Authorization', `Bearer ${caller.bearer}`);
  if (caller.workspace) req = req.set('X-Workspace-ID', caller.workspace);
  if (route.inputs.query) req = req.query(withIds(validSample(route.inputs.query, 1), ids));
  if (route.inputs.multipart) {
    for (const file of route.inputs.multipart.files) req = req.attach(file, fixture('photo.jpg'), 'photo.jpg');
  } else if (body) {
    req = req.send(body);
  } else if (route.inputs.body) {
    req = req.send(withIds(validSample(route.inputs.body, 1), ids));
  }
  return req;
}

/** The sample with `ids` in place of the values generated for their keys (keys the sample leaves out stay out). */
function withIds(sample: unknown, ids: Record<string, string>): Record<string, unknown> {
  const fields = (sample ?? {}) as Record<string, unknown>;
  return { ...fields, ...Object.fromEntries(Object.entries(ids).filter(([key]) => fields[key] !== undefined)) };
}
