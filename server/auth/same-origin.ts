import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes (DESIGN §4): the browser's Origin (or, failing that, Referer)
 * must be this site — the public URL or the Host the request came to. Bearer-token calls are exempt:
 * a foreign page cannot make the browser attach a header.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const source = request.headers.origin ?? request.headers.referer;
  let origin: string | undefined;
  try {
    origin = source && source !== 'null' ? new URL(source).origin : undefined;
  } catch {
    origin = undefined;
  }
  const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (!origin || !allowed.has(origin)) {
    throw ApiError.forbidden('Cross-site request refused: the Origin header does not match this site.', 'csrf_failed');
  }
}
