import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { preferredEncoding } from '../common/content-encoding.js';
import { sendError } from '../common/error-body.js';
import { allowAnyOrigin } from '../common/open-cors.js';
import { CDN_CACHE } from '../storefront/cdn-cache.js';
import type { BuiltAsset } from './widget-bundle.js';
import { WidgetScriptService } from './widget-script.service.js';

/** Under it, only scripts: they carry a script's security headers (registerSecurityHeaders). */
export const WIDGET_SCRIPT_PATH = '/widget/v1/';

/** Precompressed files: no @fastify/compress; the catalog's inputs. */
const SCRIPT_ROUTE = {
  compress: false,
  config: { inputs: { params: z.object({ file: z.string() }) } },
} as const;

/**
 * `/widget/v1/{store_id}.js` (short cache: it names the current bundle and data version) and the content-hashed
 * bundles, as plain Fastify routes: every storefront page loads them, and Nest's router would cost them a third of
 * their throughput. They answer errors in the API's shape themselves.
 */
@Injectable()
export class WidgetScriptRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly scripts: WidgetScriptService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(`${WIDGET_SCRIPT_PATH}assets/:file`, SCRIPT_ROUTE, async (request, reply) => {
      const asset = this.scripts.asset((request.params as { file: string }).file);
      if (!asset) {
        allowAnyOrigin(reply);
        return reply
          .status(404)
          .type('application/json; charset=utf-8')
          .send({ detail: 'Not found.', code: 'not_found' });
      }
      return sendScript(request, reply, 200, asset, CDN_CACHE.immutable);
    });
    fastify.get(`${WIDGET_SCRIPT_PATH}:file`, SCRIPT_ROUTE, async (request, reply) => {
      try {
        const { file } = request.params as { file: string };
        const { status, asset } = await this.scripts.loader(file.replace(/\.js$/, ''));
        return await sendScript(request, reply, status, asset, status === 200 ? CDN_CACHE.loader : CDN_CACHE.missing);
      } catch (error) {
        allowAnyOrigin(reply);
        return sendError(request, reply, error);
      }
    });
  }
}

/** Precompressed at build time, so storefront hits cost no compression work. */
function sendScript(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  asset: BuiltAsset,
  cacheControl: string,
): FastifyReply {
  allowAnyOrigin(reply);
  void reply
    .header('content-type', 'application/javascript; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('etag', asset.etag)
    .header('vary', 'Accept-Encoding');
  if (status === 200 && request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.status(status).send(encoding ? asset[encoding] : asset.body);
}
