import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[\w.:-]{1,128}$/;
/** This process's part of its ids: random, so ids stay unique across instances and restarts. */
const PROCESS = randomBytes(6).toString('base64url');
let sequence = 0;

/**
 * Keeps a caller's X-Request-Id when it is safe to log and echo, else makes a new one: this process's random part and
 * a sequence number (a UUID per request cost storefront reads a few percent of their time).
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
  sequence += 1;
  return `${PROCESS}-${sequence.toString(36)}`;
}
