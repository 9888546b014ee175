import type { FastifyReply } from 'fastify';
import type { RouteOutputs } from './route-outputs.js';

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

/** What answerPreflight answers, for the API document. */
export const PREFLIGHT_ANSWER: Omit<RouteOutputs, 'body'> = {
  description: 'The CORS preflight: any origin may POST here, with a Content-Type.',
  headers: {
    'Access-Control-Allow-Origin': '`*`',
    'Access-Control-Allow-Methods': '`POST, OPTIONS`',
    'Access-Control-Allow-Headers': '`Content-Type`',
    'Access-Control-Max-Age': 'How long the browser may keep this answer, in seconds.',
  },
};
