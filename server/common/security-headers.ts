import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The API's policy: nothing may load from an API answer; the dashboard and widget routes set their own. */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  // The dashboard sets its own CSP per page (with vike's nonce); widget and media routes open CORP themselves.
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet would set, computed once: @fastify/helmet rebuilds its middleware on every request. */
export function helmetHeaders(options: HelmetOptions = API_HELMET_OPTIONS): Record<string, string> {
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

/** Every answer carries them; a route may still override one (e.g. CORP on media and widget scripts). */
export function registerSecurityHeaders(fastify: FastifyInstance, options?: HelmetOptions): void {
  const headers = helmetHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
