import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';
import { redactUrl } from './redact-url.js';

/**
 * Storefront reads (widget script, configuration, public reviews, beacons) come from every shopper's page view:
 * they are logged only when they fail, or the access log would be mostly them.
 */
const STOREFRONT_PATHS = /^\/(widget\/v1\/|api\/widgets\/(configuration|events)\/|api\/reviews\/public\/)/;

/** JSON logs through pino; every line written while serving a request carries its id (`reqId`). */
export function loggerParams(config: AppConfig): Params {
  return {
    // nestjs-pino's default route pattern is not matched by Nest 12's Fastify adapter: name every path.
    forRoutes: [{ path: '*', method: RequestMethod.ALL }],
    pinoHttp: {
      level: config.logLevel,
      // Fastify assigned the id (see request-id.ts) and copied it onto the raw request.
      genReqId: (req) => req.id ?? 'unknown',
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'reqId' },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: (req: { url?: string }) => (req.url ? { ...req, url: redactUrl(req.url) } : req) },
      autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/ready' },
      customLogLevel: (req, res, error) => {
        if (error || res.statusCode >= 500) return 'error';
        if (res.statusCode < 400 && STOREFRONT_PATHS.test(req.url ?? '')) return 'silent';
        return 'info';
      },
    },
  };
}
