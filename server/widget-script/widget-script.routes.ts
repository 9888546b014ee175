import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZApiError } from '../../shared/errors.js';
import { preferredEncoding } from '../common/content-encoding.js';
import { sendError } from '../common/error-body.js';
import type { RouteOutputs } from '../common/route-outputs.js';
import { allowAnyOrigin } from '../common/open-cors.js';
import { CDN_CACHE } from '../storefront/cdn-cache.js';
import type { BuiltAsset } from './widget-bundle.js';
import { WidgetScriptService } from './widget-script.service.js';

/** Under it, only scripts: they carry a script's security headers (registerSecurityHeaders). */
export const WIDGET_SCRIPT_PATH = '/widget/v1/';

const SCRIPT = 'application/javascript';
const ETAG = { ETag: 'The script’s version: sent back as If-None-Match, it is answered 304 while unchanged.' };
const NOT_MODIFIED = { description: 'The script named by If-None-Match is current.', body: null };

/** The per-store loader: what the catalogue says it reads and answers. */
const LOADER_OUTPUTS: RouteOutputs = {
  description: 'The loader of the store `{file}` names (`{store_id}.js`), cached briefly.',
  body: {
    media: SCRIPT,
    description: 'It loads the current bundle beside the page, with the store, the API’s address and its data version.',
  },
  headers: ETAG,
  answers: {
    304: NOT_MODIFIED,
    404: {
      description: 'No store has this id.',
      body: { media: SCRIPT, description: 'A script that says so in the browser’s console, and does nothing else.' },
    },
    503: {
      description: 'The widget is not built on this server, or the database is unreachable for a moment.',
      body: [{ media: SCRIPT, description: 'Not built: a script that says so in the console.' }, ZApiError],
    },
  },
};

/** The content-hashed bundles and chunks the loader names. */
const ASSET_OUTPUTS: RouteOutputs = {
  description: 'The bundle or chunk named, cached for good: its name holds its content’s hash.',
  body: { media: SCRIPT, description: 'The widget, its form, badges or structured data, as the loader loads them.' },
  headers: ETAG,
  answers: { 304: NOT_MODIFIED, 404: { description: 'No file of the current widget build has this name.' } },
};

/** Precompressed files: no @fastify/compress; the catalog's inputs and outputs. */
const scriptRoute = (outputs: RouteOutputs) =>
  ({ compress: false, config: { inputs: { params: z.object({ file: z.string() }) }, outputs } }) as const;

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
    fastify.get(`${WIDGET_SCRIPT_PATH}assets/:file`, scriptRoute(ASSET_OUTPUTS), async (request, reply) => {
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
    fastify.get(`${WIDGET_SCRIPT_PATH}:file`, scriptRoute(LOADER_OUTPUTS), async (request, reply) => {
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
