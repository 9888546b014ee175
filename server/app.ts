import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { registerSecurityHeaders } from './common/security-headers.js';
import type { AppConfig } from './config/config.js';
import { requestIdOf } from './logging/request-id.js';
import { SsrService } from './ssr/ssr.service.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Builds the whole application (API, SSR dashboard, static assets) without listening. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
    // SPEC paths end in a slash; `/api/reviews` must answer like `/api/reviews/`.
    routerOptions: { ignoreTrailingSlash: true },
    // Keep-alive sockets are closed as soon as they are idle on shutdown; busy ones finish their request.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new AllExceptionsFilter());

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    request.raw.id = request.id;
    void reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  registerSecurityHeaders(fastify);
  await app.register(compress, { global: true, threshold: 1024, brotliOptions: { params: { 1: 4 } } });
  await app.register(multipart, {
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
      // @fastify/static 10 passes the Fastify reply here, whatever Nest's older typing says.
      setHeaders: (reply: unknown, path: string) => {
        if (path.includes('/assets/')) void (reply as FastifyReply).header('cache-control', IMMUTABLE);
      },
    });
  }

  app.enableShutdownHooks([]);
  await app.init();
  await fastify.ready();
  return app;
}
