import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Nothing may load from an answer, nor frame it; the dashboard's pages set their own CSP (with vike's nonce). */
const NOTHING_LOADS = { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

/** Helmet's whole set, for HTML pages. Widget and media routes open CORP themselves. */
const PAGE_OPTIONS: HelmetOptions = { contentSecurityPolicy: NOTHING_LOADS, crossOriginEmbedderPolicy: false };

/**
 * What helmet sets only for the sake of a browser rendering a document (opener isolation, referrers, DNS prefetch,
 * old IE and Flash switches): nothing a JSON answer, a script or a media file is read with. Every header costs each
 * answer its validation and formatting (twelve of them cut a bare route's throughput by a quarter), so answers other
 * than pages carry only what the OWASP REST Security Cheat Sheet asks of an API: CSP, HSTS, nosniff, frame options
 * and, from helmet, CORP.
 */
const API_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: NOTHING_LOADS,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The headers helmet would set, computed once: @fastify/helmet rebuilds its middleware on every request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Every answer's: the API set. */
const EVERY_ANSWER = helmetHeaders(API_OPTIONS);

/** What an HTML page adds to them (the dashboard's, the API reference's). */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(helmetHeaders(PAGE_OPTIONS)).filter(([name]) => !(name in EVERY_ANSWER)),
);

/**
 * A script's: the one header that governs how it is read. A document's policies (CSP, HSTS, frame options) do nothing
 * for a script a storefront page loads, and the loader's headers already outweigh its 200-byte body.
 */
const SCRIPT_ANSWER: Record<string, string> = { 'x-content-type-options': EVERY_ANSWER['x-content-type-options'] };

/**
 * A built script or style sheet the server sends as a file (`/assets/`) keeps of every answer's set only what a script
 * has: a dashboard page loads a dozen of them, and the document's policies were a third of each answer's bytes.
 * Files only: a page drawn at such a path (a missing file's) keeps the whole set.
 */
export function asScriptAnswer(reply: FastifyReply): void {
  for (const name of Object.keys(EVERY_ANSWER)) if (!(name in SCRIPT_ANSWER)) reply.removeHeader(name);
}

/**
 * Every answer carries the API set, or under `scriptPaths` (where only scripts are served) a script's; a route may
 * still override one (e.g. CORP on media and widget scripts). Paths, not route options: Fastify builds
 * `request.routeOptions` anew on each read.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, scriptPaths: readonly string[] = []): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const script = scriptPaths.some((path) => request.url.startsWith(path));
    void reply.headers(script ? SCRIPT_ANSWER : EVERY_ANSWER);
    done();
  });
}
