import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a client whose body went silent is told, if it still listens (as Node answers its own request timeout). */
function idleAnswer(seconds: number): string {
  const body = JSON.stringify({
    detail: `No data arrived for ${seconds} s, so the request was stopped. An upload keeps what arrived: ask where it stands and send the rest.`,
    code: 'upload_idle',
  });
  return [
    'HTTP/1.1 408 Request Timeout',
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/**
 * Cuts a request whose body sends no byte for `idleMs` (a stalled phone, a client holding an upload open): an upload
 * then ends as a dropped connection does — a tus chunk keeps what arrived, a multipart upload keeps nothing — and
 * whatever it held (an upload's lock) is let go. Silence is judged on the socket: no byte read, while this app was
 * ready to read more (a body waiting on storage has a full buffer, and is not the client's silence).
 */
export function registerBodyIdleTimeout(fastify: FastifyInstance, idleMs: number): void {
  const every = Math.max(50, Math.floor(idleMs / 4));
  const answer = idleAnswer(Math.round(idleMs / 1000));
  fastify.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request.raw) && !request.raw.complete) watch(request.raw, reply.raw, idleMs, every, answer);
    done();
  });
}

/** Only a request that announces a body can go silent in it; the rest (every GET) costs no timer. */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watch(request: IncomingMessage, response: ServerResponse, idleMs: number, every: number, answer: string) {
  const socket = request.socket;
  let read = socket.bytesRead;
  let quietSince = Date.now();
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (request.complete || request.destroyed || socket.destroyed) return stop();
    if (socket.bytesRead !== read || request.readableLength >= request.readableHighWaterMark) {
      read = socket.bytesRead;
      quietSince = Date.now();
      return;
    }
    if (Date.now() - quietSince < idleMs) return;
    clearInterval(timer);
    // An answer already sent (a refusal before the body was read) leaves Node reading the rest: that is cut too.
    if (!response.headersSent) socket.write(answer);
    request.destroy(Object.assign(new Error('The request body went idle'), { code: 'UPLOAD_IDLE' }));
  }, every).unref();
  // Read to its end: nothing left to watch (a destroyed request's timer stops at its next tick).
  request.once('end', stop);
}
