import type { LoggerService } from '@nestjs/common';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Level, type Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import { redactUrl } from './redact-url.js';

/**
 * The process's one pino logger: JSON lines on stdout. Fastify makes each request's child of it (`request.log`, which
 * carries the request id as `reqId`); Nest's loggers write through it too (`NestLogger`).
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel });
}

/**
 * Routes whose answers are logged at `debug` only: load balancers' health checks, and storefront traffic, which comes
 * with every shopper's page view and would otherwise be most of the log. Their failures (5xx) are logged at `error`
 * like any other.
 */
const QUIET_ROUTES = new Set([
  '/api/health',
  '/api/ready',
  '/api/widgets/configuration/:productId/',
  '/api/widgets/configuration/',
  '/api/reviews/public/',
  '/api/reviews/public/all/',
  '/api/reviews/summary/',
  '/api/widgets/events/',
  '/widget/v1/:file',
  '/widget/v1/assets/:file',
]);

/**
 * Fastify's request logging, one line per answered request (at `info`, 5xx and broken responses at `error`), written
 * once the answer is sent; no line when a request arrives. The level is checked first, so a quiet route costs nothing
 * at the default level.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? '';
    const level: Level = error || status >= 500 ? 'error' : QUIET_ROUTES.has(route) ? 'debug' : 'info';
    // Fastify's children of the pino logger given to it (createLogger) are pino loggers.
    const log = request.log as Logger;
    if (!log.isLevelEnabled(level)) return;
    log[level](
      {
        // Flat fields: Fastify's children would pass `req` and `res` through its own serializers.
        method: request.method,
        url: redactUrl(request.url),
        statusCode: status,
        remoteAddress: request.ip,
        responseTime: Math.round(reply.elapsedTime),
        ...(error ? { err: error } : {}),
      },
      error ? 'request errored' : 'request completed',
    );
  }
}

type NestLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's LoggerService over pino, with nestjs-pino's conventions: the context (a class name) as `context`, an object
 * first argument merged into the line (`logger.error({ err }, 'What failed')`), an Error as `err`.
 */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.call('trace', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.call('debug', message, params);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.call('info', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.call('warn', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.call('error', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.call('fatal', message, params);
  }

  private call(level: NestLevel, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    // Nest's Logger passes its context last.
    if (params.length) fields.context = params.pop();
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, ...(params as []));
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...message }, ...(params as []));
    } else if (
      level === 'error' &&
      params.length === 1 &&
      typeof params[0] === 'string' &&
      /\n\s*at /.test(params[0])
    ) {
      // Nest's own exception handlers log (message, stack).
      const err = Object.assign(new Error(String(message)), { stack: params[0] });
      this.logger.error({ ...fields, err });
    } else {
      this.logger[level](fields, String(message), ...(params as []));
    }
  }
}
