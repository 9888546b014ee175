import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyStaticOptions } from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { ApiFastifyAdapter } from './common/api-fastify-adapter.js';
import { registerBodyIdleTimeout } from './common/body-idle-timeout.js';
import { registerInputGate } from './common/input-gate.js';
import { registerMethodNotAllowed } from './common/method-not-allowed.js';
import { recordRoutes } from './common/route-catalog.js';
import { asScriptAnswer, registerSecurityHeaders } from './common/security-headers.js';
import { registerMultipart } from './media/multipart.js';
import type { AppConfig } from './config/config.js';
import { AccessLog, createLogger, NestLogger } from './logging/logger.js';
import { requestIdOf } from './logging/request-id.js';
import { SsrService } from './ssr/ssr.service.js';
import { WIDGET_SCRIPT_PATH } from './widget-script/widget-script.routes.js';
import { countAnswer } from './metrics/metrics.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An option of @fastify/static that Nest's typing of useStaticAssets lacks. */
const PRECOMPRESSED_NOT_ROUTED: Pick<FastifyStaticOptions, 'globIgnore'> = { globIgnore: ['**/*.br', '**/*.gz'] };

/** Builds the whole application (API, SSR dashboard, static assets) without listening. */
/** `extend`: called with the Fastify instance before any route exists (a test suite's own hooks). */
export async function createApp(
  config: AppConfig,
  extend?: (fastify: FastifyInstance) => void,
): Promise<NestFastifyApplication> {
  const logger = createLogger(config);
  const adapter = new ApiFastifyAdapter({
    trustProxy: config.trustProxy,
    // Fastify's own request logging: each request's `request.log` carries its id as `reqId`; AccessLog writes a line
    // per answer.
    loggerInstance: logger,
    logController: new AccessLog(),
    genReqId: requestIdOf,
    // SPEC paths end in a slash; `/api/reviews` must answer like `/api/reviews/`.
    routerOptions: { ignoreTrailingSlash: true },
    // Keep-alive sockets are closed as soon as they are idle on shutdown; busy ones finish their request.
    forceCloseConnections: 'idle',
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  recordRoutes(fastify);
  extend?.(fastify);
  // A GET has no body to decompress: @fastify/compress then adds no preParsing hook to it.
  fastify.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) route.decompress ??= false;
  });
  app.useLogger(new NestLogger(logger));
  app.useGlobalFilters(new AllExceptionsFilter());

  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // The route as registered (`/api/reviews/:id/`), never the raw URL: one series per route, not per review.
    countAnswer(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
    done();
  });
  // After the request id: its refusals carry one.
  registerInputGate(app);
  registerBodyIdleTimeout(fastify, config.uploads.idleTimeoutMs);

  await app.register(cookie);
  registerSecurityHeaders(fastify, [WIDGET_SCRIPT_PATH]);
  registerMethodNotAllowed(fastify);
  // Answers up to 64 KB are compressed in one synchronous call (tens of microseconds at quality 4): the stream path
  // the plugin takes above its default (8 KB on two cores) costs a thread-pool round trip, 0.3 ms and more at p95.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 65_536,
    brotliOptions: { params: { 1: 4 } },
  });
  await registerMultipart(fastify, {
    limits: {
      fileSize: Math.max(config.uploads.maxVideoBytes, config.uploads.maxPhotoBytes),
      files: 3,
      fields: 30,
      fieldSize: 32 * 1024,
    },
  });

  const ssr = app.get(SsrService);
  if (config.env === 'development') {
    const { createDevMiddleware } = await import('vike/server');
    // `root` would otherwise replace vite.config.ts's `root: 'web'` with the repository root.
    const { devMiddleware } = await createDevMiddleware({
      root: join(config.rootDir, 'web'),
      viteConfig: { configFile: join(config.rootDir, 'vite.config.ts') },
    });
    app.use(devMiddleware);
  } else if (existsSync(ssr.clientDir)) {
    app.useStaticAssets({
      root: ssr.clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's .br and .gz beside each script and style sheet (vite.config.ts), sent as they are (no routes of
      // their own); @fastify/compress leaves an answer that has its encoding.
      preCompressed: true,
      ...PRECOMPRESSED_NOT_ROUTED,
      // @fastify/static 10 passes the Fastify reply here, whatever Nest's older typing says.
      setHeaders: (reply: unknown, path: string) => {
        if (!path.includes('/assets/')) return;
        void (reply as FastifyReply).header('cache-control', IMMUTABLE);
        asScriptAnswer(reply as FastifyReply);
      },
    });
  }

  app.enableShutdownHooks([]);
  await app.init();
  await fastify.ready();
  return app;
}
