import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';
import { ApiError } from './api-error.js';
import { sendError } from './error-body.js';

/** Node's HTTP parser's refusals (Fastify's clientErrorHandler); anything else it cannot read is a 400. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    detail: 'The request line or headers are too large (a URL or query string this long is refused).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', detail: 'The request took too long to arrive.' },
};
const MALFORMED_REQUEST = { status: 400, code: 'bad_request', detail: 'The request is not valid HTTP.' };

/** Written on the socket: no request exists yet, so nothing else (hooks, headers of ours) applies. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const body = JSON.stringify({ detail, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) =>
  void sendError(request, reply, error);

/**
 * Nest's Fastify adapter, answering in the API's error shape what Fastify and Node refuse before Nest sees a request:
 * URLs the router cannot read (bad percent-encoding 400, over-long parameter 414) through `frameworkErrors`, requests
 * Node's parser refuses (400, 408, 431) through `clientErrorHandler`, and requests arriving during shutdown (503), from
 * the moment Nest starts closing (before its modules release the database) rather than once Fastify does.
 */
export class ApiFastifyAdapter extends FastifyAdapter {
  private shuttingDown = false;

  constructor(options: FastifyServerOptions) {
    super({
      ...options,
      return503OnClosing: false,
      frameworkErrors: answerFrameworkError,
      clientErrorHandler: answerClientError,
    });
    this.getInstance().addHook('onRequest', (request, reply, done) => {
      if (!this.shuttingDown) return done();
      const closing = new ApiError(
        503,
        { detail: 'The server is restarting. Try again in a moment.', code: 'service_unavailable' },
        { 'retry-after': '1', ...(request.raw.httpVersionMajor === 1 ? { connection: 'close' } : {}) },
      );
      void sendError(request, reply, closing);
    });
  }

  override beforeClose(): void {
    this.shuttingDown = true;
    super.beforeClose();
  }
}
