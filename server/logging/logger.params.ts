import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';
import { redactUrl } from './redact-url.js';

/**
 * Storefront traffic (widget script, configuration, public reviews, beacons) comes with every shopper's page view:
 * it gets no per-request logger (the cost of a child logger per hit shows in the read-path benchmark) and no
 * access log line, or the log would be mostly them. Failures are still logged by the exception filter.
 */
const STOREFRONT_ROUTES = [
  { path: 'widget/v1/*file', method: RequestMethod.GET },
  { path: 'api/widgets/configuration/*product', method: RequestMethod.GET },
  { path: 'api/reviews/public', method: RequestMethod.GET },
  { path: 'api/widgets/events', method: RequestMethod.POST },
];

/** JSON logs through pino; every line written while serving a request carries its id (`reqId`). */
export function loggerParams(config: AppConfig): Params {
  return {
    // nestjs-pino's default route pattern is not matched by Nest 12's Fastify adapter: name every path.
    forRoutes: [{ path: '*', method: RequestMethod.ALL }],
    exclude: STOREFRONT_ROUTES,
    pinoHttp: {
      level: config.logLevel,
      // Fastify assigned the id (see request-id.ts) and copied it onto the raw request.
      genReqId: (req) => req.id ?? 'unknown',
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'reqId' },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: (req: { url?: string }) => (req.url ? { ...req, url: redactUrl(req.url) } : req) },
      autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/ready' },
    },
  };
}
