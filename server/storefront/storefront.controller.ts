import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allowAnyOrigin } from '../common/open-cors.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { StorefrontService, type CachedJson } from './storefront.service.js';

const ZMerchantQuery = z.object({
  merchant_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
});
const ZPublicReviewsQuery = ZMerchantQuery.extend({
  product_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

/** Read by storefronts on any origin; short public caching plus ETag revalidation (DESIGN §7). */
@Controller()
export class StorefrontController {
  constructor(private readonly storefront: StorefrontService) {}

  @Get('api/widgets/configuration/:productId/')
  async configuration(
    @Param('productId') productId: string,
    @Query(new ZodPipe(ZMerchantQuery)) query: z.output<typeof ZMerchantQuery>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    allowAnyOrigin(reply);
    await send(request, reply, await this.storefront.configuration(query.merchant_id, productId.slice(0, 200)));
  }

  @Get('api/reviews/public/')
  async reviews(
    @Query(new ZodPipe(ZPublicReviewsQuery)) query: z.output<typeof ZPublicReviewsQuery>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    allowAnyOrigin(reply);
    await send(
      request,
      reply,
      await this.storefront.reviews(query.merchant_id, query.product_id, query.page, query.page_size),
    );
  }
}

async function send(request: FastifyRequest, reply: FastifyReply, answer: CachedJson): Promise<void> {
  void reply.header('cache-control', 'public, max-age=60').header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) {
    await reply.status(304).send();
    return;
  }
  await reply.type('application/json; charset=utf-8').send(answer.body);
}
