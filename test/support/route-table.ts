import { routeCatalog, type CatalogRoute } from '../../server/common/route-catalog.js';
import type { TestApp } from './test-app.js';

export type { CatalogRoute };

/** What a route serves, for the standing suites: API routes (Nest and plain Fastify), pages, webhooks, static files. */
export type RouteKind = 'api' | 'webhook' | 'page' | 'static';

export interface TableRoute extends CatalogRoute {
  kind: RouteKind;
}

function kindOf(route: CatalogRoute): RouteKind {
  if (route.path.startsWith('/api/webhooks/')) return 'webhook';
  if (route.handledBy === 'nest') return route.path === '/*' ? 'page' : 'api';
  // Plain Fastify routes of our own declare their inputs; the rest are @fastify/static's files of the dashboard build.
  return route.inputs.query || route.inputs.body || route.params.length ? 'api' : 'static';
}

/** Every route the app serves, read from Fastify's own registrations (a new route cannot hide) and Nest's metadata. */
export function routeTable(t: TestApp): TableRoute[] {
  return routeCatalog(t.app).map((route) => ({ ...route, kind: kindOf(route) }));
}

/** `GET /api/reviews/:id/` */
export function describeRoute(route: Pick<CatalogRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
