import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendError } from '../common/error-body.js';
import { GoogleFeedService } from './google-feed.service.js';

/**
 * Google fetches a feed a few times a day at most: kept an hour by browsers and shared caches, revalidated by its
 * ETag (the store's data version) after that. Without a shared version (Redis unreachable), briefly.
 */
export const FEED_CACHE = { versioned: 'public, max-age=3600', unversioned: 'public, max-age=60' } as const;

/**
 * `GET /feeds/{store_id}/google-product-reviews.xml`, public, as a plain Fastify route like the widget's loader
 * (WidgetScriptRoutes): it streams XML, which Nest's JSON handling has nothing to add to. Errors in the API's shape.
 */
@Injectable()
export class GoogleFeedRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly feeds: GoogleFeedService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const route = { config: { inputs: { params: z.object({ storeId: z.string() }) } } } as const;
    fastify.get('/feeds/:storeId/google-product-reviews.xml', route, async (request, reply) => {
      try {
        const feed = await this.feeds.feed((request.params as { storeId: string }).storeId);
        if (!feed) {
          return await reply
            .status(404)
            .type('application/json; charset=utf-8')
            .send({ detail: 'No store with this id.', code: 'unknown_store' });
        }
        void reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('cache-control', feed.etag ? FEED_CACHE.versioned : FEED_CACHE.unversioned);
        if (feed.etag) {
          void reply.header('etag', feed.etag);
          if (matches(request.headers['if-none-match'], feed.etag)) return await reply.status(304).send();
        }
        return await reply.send(feed.body());
      } catch (error) {
        return sendError(request, reply, error);
      }
    });
  }
}

/** `If-None-Match` compares weakly and may list tags (a proxy that compressed the feed hands on `W/"…"`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
