import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-body.js';

/**
 * The single place errors become responses, including Fastify's own (body parsing, content type, size),
 * which Nest routes through global filters. 5xx are logged with the request id, never shown.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body, headers } = toErrorResponse(exception);
    if (status >= 500) {
      this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'Unhandled error');
    }
    if (reply.sent) return;
    void reply
      .status(status)
      .headers(headers ?? {})
      .type('application/json; charset=utf-8')
      .send(body);
  }
}
