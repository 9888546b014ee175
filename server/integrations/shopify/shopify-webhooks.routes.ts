import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHOP_DOMAIN } from '../../../shared/shopify.js';
import { ApiError } from '../../common/api-error.js';
import { rawBodyPost } from '../../common/raw-body-route.js';
import { WebhookInbox } from '../../inbox/webhook-inbox.service.js';
import { parseWebhookBody } from '../../inbox/webhook-body.js';
import { PROVIDER } from './shopify-install.service.js';
import { ShopifyClient } from './shopify.client.js';
import { verifyWebhook } from './shopify-hmac.js';

const BODY_LIMIT = 5 * 1024 * 1024;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `POST /api/webhooks/shopify/`: every topic, the privacy ones included. The signature is checked on the raw bytes,
 * before anything is parsed (EXTERNAL_APIS §1.2). A valid delivery is stored (a repeated X-Shopify-Webhook-Id is a no-op) and answered at
 * once; the work happens after the answer.
 */
@Injectable()
export class ShopifyWebhookRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly client: ShopifyClient,
    private readonly inbox: WebhookInbox,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    rawBodyPost(fastify, '/api/webhooks/shopify/', BODY_LIMIT, (request, raw, reply) =>
      this.receive(request, raw, reply),
    );
  }

  private async receive(request: FastifyRequest, raw: Buffer, reply: FastifyReply): Promise<void> {
    if (!this.client.configured) throw ApiError.notFound('The Shopify app is not configured on this server.');
    if (!verifyWebhook(raw, header(request, 'x-shopify-hmac-sha256'), this.client.apiSecret)) {
      throw ApiError.unauthorized('The webhook signature is not valid.', 'invalid_signature');
    }
    const topic = header(request, 'x-shopify-topic');
    const shop = header(request, 'x-shopify-shop-domain');
    const webhookId = header(request, 'x-shopify-webhook-id');
    if (!topic || !/^[a-z_]+\/[a-z_]+$/.test(topic) || !shop || !SHOP_DOMAIN.test(shop)) {
      throw ApiError.badRequest('The webhook has no valid topic or shop domain.', 'invalid_webhook');
    }
    if (!webhookId || webhookId.length > 200) throw ApiError.badRequest('The webhook has no id.', 'invalid_webhook');
    const payload = parseWebhookBody(raw);
    const triggered = new Date(header(request, 'x-shopify-triggered-at') ?? '');
    const result = await this.inbox.receive({
      provider: PROVIDER,
      eventId: webhookId,
      topic,
      shop,
      payload: payload as object,
      triggeredAt: Number.isNaN(triggered.getTime()) ? null : triggered,
    });
    await reply.status(200).send({ detail: result });
  }
}
