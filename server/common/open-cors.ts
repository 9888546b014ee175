import type { FastifyReply } from 'fastify';

/**
 * For routes storefronts call from any origin: CORS open and the answer readable cross-origin (CORP), set first so
 * error answers are readable by the storefront too.
 */
export function allowAnyOrigin(reply: FastifyReply): void {
  void reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
}

/** The answer to a storefront's CORS preflight for a POST. */
export function answerPreflight(reply: FastifyReply): void {
  void reply.headers({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'Content-Type',
    'access-control-max-age': '86400',
  });
}
