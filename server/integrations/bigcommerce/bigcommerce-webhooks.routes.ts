import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api-error.js';
import { rawBodyPost } from '../../common/raw-body-route.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { WebhookInbox } from '../../inbox/webhook-inbox.service.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { parseWebhookBody } from '../../inbox/webhook-body.js';
import { PROVIDER } from './bigcommerce-connect.service.js';
import {
  STORE_HEADER,
  TOKEN_HEADER,
  tokenMatches,
  verifyStandardWebhook,
  webhookToken,
} from './bigcommerce-webhook-auth.js';
import { ZWebhookBody } from './bigcommerce.mappers.js';

const BODY_LIMIT = 1024 * 1024;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `POST /api/webhooks/bigcommerce/`: the store's hooks. A delivery is authenticated before its body is parsed (the
 * store's token, and the Standard Webhooks signature where the deployment is a BigCommerce app), stored once (its
 * `hash`, else its webhook id, names it) and answered at once; the work happens after the answer.
 */
@Injectable()
export class BigCommerceWebhookRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly stores: StoreConnectionsRepository,
    private readonly inbox: WebhookInbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    rawBodyPost(fastify, '/api/webhooks/bigcommerce/', BODY_LIMIT, (request, raw, reply) =>
      this.receive(request, raw, reply),
    );
  }

  private async receive(request: FastifyRequest, raw: Buffer, reply: FastifyReply): Promise<void> {
    const hash = header(request, STORE_HEADER);
    const merchant = hash && /^[a-z0-9]{1,64}$/.test(hash) ? await this.stores.findByExternal(PROVIDER, hash) : null;
    const expected = merchant?.accessTokenEncrypted
      ? webhookToken(this.config.secrets.encryptionKey, merchant.id, merchant.connectedAt)
      : null;
    if (!expected || !tokenMatches(expected, header(request, TOKEN_HEADER))) {
      throw ApiError.unauthorized('The webhook is not from a connected store.', 'invalid_signature');
    }
    const secret = this.config.bigcommerce.clientSecret;
    const signature = {
      id: header(request, 'webhook-id'),
      timestamp: header(request, 'webhook-timestamp'),
      signature: header(request, 'webhook-signature'),
    };
    if (secret && !verifyStandardWebhook(raw, signature, secret)) {
      throw ApiError.unauthorized('The webhook signature is not valid.', 'invalid_signature');
    }
    const parsed = ZWebhookBody.safeParse(parseWebhookBody(raw));
    if (!parsed.success || parsed.data.producer.toLowerCase() !== `stores/${hash}`) {
      throw ApiError.badRequest('The webhook has no valid scope or store.', 'invalid_webhook');
    }
    const body = parsed.data;
    const eventId = body.hash || signature.id || createHash('sha256').update(raw).digest('hex');
    const result = await this.inbox.receive({
      provider: PROVIDER,
      eventId: eventId.slice(0, 200),
      topic: body.scope,
      shop: hash ?? null,
      payload: body,
      triggeredAt: body.created_at ? new Date(body.created_at * 1000) : null,
    });
    await reply.status(200).send({ detail: result });
  }
}
