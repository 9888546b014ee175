import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_HEADERS } from './security-headers.js';

/** A page reached through a secret in its URL (a review request's link, an unsubscribe link), and its refusal. */
export interface SecretPage {
  status: number;
  html: string;
  csp: string;
  error?: { detail: string; code: string };
}

/**
 * Such a page is never cached, indexed, nor sent on as a Referer. A refusal is a page for a browser, and the API's
 * JSON error body for a client that does not ask for HTML.
 */
export function sendSecretPage(request: FastifyRequest, reply: FastifyReply, page: SecretPage): FastifyReply {
  void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  if (page.error && !/\btext\/html\b/.test(request.headers.accept ?? ''))
    return reply.status(page.status).send(page.error);
  return reply
    .headers(DOCUMENT_HEADERS)
    .header('content-security-policy', page.csp)
    .header('referrer-policy', 'no-referrer')
    .header('content-type', 'text/html; charset=utf-8')
    .status(page.status)
    .send(page.html);
}
