import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allowAnyOrigin } from '../common/open-cors.js';
import { sendError } from '../common/error-body.js';
import {
  ZPublicReviews,
  ZPublicReviewsView,
  ZReviewSummaries,
  ZSummaryIds,
  ZWidgetConfiguration,
} from '../../shared/storefront.js';
import type { RouteAnswer, RouteBody, RouteOutputs } from '../common/route-outputs.js';
import { CDN_CACHE } from './cdn-cache.js';
import type { Versioned } from './storefront-cache.js';
import { encodedBody, type CachedJson } from './cached-json.js';
import { StorefrontService } from './storefront.service.js';

const ZMerchantQuery = z.object({
  merchant_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
  /** The store's data version the loader named; an answer to the current one may be kept long (CDN_CACHE). */
  v: z.string().max(64).optional(),
});
const ZPublicReviewsQuery = ZMerchantQuery.extend({
  product_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
}).extend(ZPublicReviewsView.shape);
/** The store's reviews of every product: the public reviews' query without a product. */
const ZAllReviewsQuery = ZPublicReviewsQuery.omit({ product_id: true });
const ZReviewSummaryQuery = ZMerchantQuery.extend({ ids: ZSummaryIds });

/** What `answer()` answers, for the API document: `body` with its cache headers, 304 to a current ETag, 404. */
export function answered(body: RouteBody, description: string): RouteOutputs {
  const unknownStore: RouteAnswer = { description: 'No store with this id (`unknown_store`).' };
  return {
    body,
    description,
    headers: {
      ETag: 'The answer’s tag: send it as `If-None-Match` to be answered 304 while it holds.',
      'Cache-Control': 'Public: long for the store’s current data version (`v`), a few seconds otherwise.',
    },
    answers: {
      304: { description: 'Not modified: `If-None-Match` names the current answer.', body: null },
      404: unknownStore,
    },
  };
}

/** Route options: no @fastify/compress (these answers are compressed once, see below); the inputs the route catalog lists. */
const CONFIGURATION_ROUTE = {
  compress: false,
  config: {
    inputs: { query: ZMerchantQuery, params: z.object({ productId: z.string() }) },
    outputs: answered(ZWidgetConfiguration, 'The widget’s settings for the product’s page, with its override.'),
  },
} as const;
const STORE_CONFIGURATION_ROUTE = {
  compress: false,
  config: {
    inputs: { query: ZMerchantQuery },
    outputs: answered(ZWidgetConfiguration, 'The widget’s settings for the store’s page of every product’s reviews.'),
  },
} as const;
const PUBLIC_REVIEWS_ROUTE = {
  compress: false,
  config: {
    inputs: { query: ZPublicReviewsQuery },
    outputs: answered(ZPublicReviews, 'The product’s published reviews, a page of them, with the summary of all.'),
  },
} as const;
const ALL_REVIEWS_ROUTE = {
  compress: false,
  config: {
    inputs: { query: ZAllReviewsQuery },
    outputs: answered(ZPublicReviews, 'The store’s published reviews of every product, each naming its product.'),
  },
} as const;
const SUMMARY_ROUTE = {
  compress: false,
  config: {
    inputs: { query: ZReviewSummaryQuery },
    outputs: answered(ZReviewSummaries, 'The stars of each product named that has published reviews.'),
  },
} as const;

/**
 * The two reads every product page makes (DESIGN §7), and the one of a collection page (its cards' stars), served as plain Fastify routes: they skip Nest's router,
 * guards and pipes, which cost them a third of their throughput, and answer errors in the API's shape themselves.
 * They compress their answers themselves, once per cached answer (@fastify/compress is off for them: it would
 * compress every response again, which cut a browser's throughput to a third).
 */
@Injectable()
export class StorefrontRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly storefront: StorefrontService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/api/widgets/configuration/:productId/', CONFIGURATION_ROUTE, (request, reply) =>
      answer(request, reply, () => {
        const { productId } = request.params as { productId: string };
        const query = ZMerchantQuery.parse(request.query);
        return this.storefront.configuration(query.merchant_id, productId.slice(0, 200), query.v);
      }),
    );
    // The store's own, for a page of every product's reviews: no product id, which a real product could share.
    fastify.get('/api/widgets/configuration/', STORE_CONFIGURATION_ROUTE, (request, reply) =>
      answer(request, reply, () => {
        const query = ZMerchantQuery.parse(request.query);
        return this.storefront.configuration(query.merchant_id, null, query.v);
      }),
    );
    fastify.get('/api/reviews/public/', PUBLIC_REVIEWS_ROUTE, (request, reply) =>
      answer(request, reply, () => {
        const query = ZPublicReviewsQuery.parse(request.query);
        return this.storefront.reviews(query.merchant_id, query.product_id, query.page, query.page_size, query.v, {
          sort: query.sort,
          rating: query.rating,
        });
      }),
    );
    fastify.get('/api/reviews/public/all/', ALL_REVIEWS_ROUTE, (request, reply) =>
      answer(request, reply, () => {
        const query = ZAllReviewsQuery.parse(request.query);
        return this.storefront.reviews(query.merchant_id, null, query.page, query.page_size, query.v, {
          sort: query.sort,
          rating: query.rating,
        });
      }),
    );
    fastify.get('/api/reviews/summary/', SUMMARY_ROUTE, (request, reply) =>
      answer(request, reply, () => {
        const query = ZReviewSummaryQuery.parse(request.query);
        return this.storefront.summaries(query.merchant_id, query.ids, query.v);
      }),
    );
  }
}

export async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<Versioned<CachedJson>>,
): Promise<void> {
  allowAnyOrigin(reply);
  let json: CachedJson;
  let current: boolean;
  try {
    const { value, token } = await read();
    json = value;
    current = token !== null && (request.query as { v?: unknown }).v === token;
  } catch (error) {
    await sendError(request, reply, error);
    return;
  }
  void reply
    .header('cache-control', current ? CDN_CACHE.versioned : CDN_CACHE.short)
    .header('etag', json.etag)
    .header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === json.etag) {
    await reply.status(304).send();
    return;
  }
  const { encoding, bytes } = encodedBody(json, request.headers['accept-encoding']);
  if (encoding) void reply.header('content-encoding', encoding);
  await reply.type('application/json; charset=utf-8').send(bytes);
}
