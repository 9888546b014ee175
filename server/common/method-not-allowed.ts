import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { recordedRoutes } from './route-catalog.js';

/** The order `Allow` lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The dashboard's catch-all: it takes every GET no other route took, so it names no path of its own. */
const PAGES = '/*';

/** A path as the router compares it: without the query, and without a trailing slash (`ignoreTrailingSlash`). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** `/api/reviews/:id/` → a pattern matching what the router's `:id` (one segment) and `*` (the rest) match. */
function patternOf(path: string): RegExp {
  const segments = pathOf(path)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^${segments.join('/')}$`);
}

function sorted(methods: Set<string>): string[] {
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
}

/** What each path is served with, from the routes the app registered. */
class PathMethods {
  /** Paths registered without parameters, by their path as compared. */
  private readonly fixed = new Map<string, string[]>();
  private readonly patterns: { pattern: RegExp; methods: string[] }[] = [];

  constructor(routes: readonly { method: string; path: string }[]) {
    const fixed = new Map<string, Set<string>>();
    const patterns = new Map<string, Set<string>>();
    for (const { method, path } of routes) {
      if (path === PAGES) continue;
      const into = /[:*]/.test(path) ? patterns : fixed;
      const key = pathOf(path);
      into.set(key, (into.get(key) ?? new Set()).add(method));
    }
    for (const [path, methods] of fixed) this.fixed.set(path, sorted(methods));
    for (const [path, methods] of patterns) this.patterns.push({ pattern: patternOf(path), methods: sorted(methods) });
  }

  /**
   * A path registered without parameters names one resource: its methods are its own, even where another method's
   * parameter would match it (`DELETE /api/auth/users/:id` does not serve `/api/auth/users/me`).
   */
  fixedOf(path: string): string[] | undefined {
    return this.fixed.get(path);
  }

  /** The methods of every pattern that matches the path. */
  matching(path: string): string[] {
    const methods = new Set<string>();
    for (const { pattern, methods: served } of this.patterns) {
      if (pattern.test(path)) for (const method of served) methods.add(method);
    }
    return sorted(methods);
  }
}

/**
 * A known path asked with a method it does not serve answers 405 with `Allow` (RFC 9110 §15.5.6), where the router
 * alone would answer 404 (no route for the method), take it with another method's parameter, or hand a GET to the
 * dashboard's catch-all. An unknown path still answers 404, and a GET to any page path still renders. Registered after
 * the security headers, so the answer carries them.
 */
export function registerMethodNotAllowed(fastify: FastifyInstance): void {
  let paths = new PathMethods([]);
  fastify.addHook('onReady', (done) => {
    paths = new PathMethods(recordedRoutes(fastify));
    done();
  });
  fastify.addHook('onRequest', (request, _reply, done) => {
    const { method } = request;
    const path = pathOf(request.url);
    let allow = paths.fixedOf(path);
    if (!allow) {
      // Only these can have missed a route of another method; reading `routeOptions` builds an object, so last.
      const unrouted = request.is404 || ((method === 'GET' || method === 'HEAD') && request.routeOptions.url === PAGES);
      allow = unrouted ? paths.matching(path) : [];
    }
    done(allow.length && !allow.includes(method) ? ApiError.methodNotAllowed(method, allow) : undefined);
  });
}
