import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SHOP_DOMAIN } from '../../../shared/shopify.js';
import { ApiError } from '../../common/api-error.js';
import {
  WebhookReceiver,
  type InboxEntry,
  type WebhookHeader,
  type WebhookRequest,
  type WebhookSource,
} from '../../inbox/webhook-receiver.js';
import { PROVIDER } from './shopify-install.service.js';
import { ShopifyClient } from './shopify.client.js';
import { verifyWebhook } from './shopify-hmac.js';

/**
 * `POST /api/webhooks/shopify/`: every topic, the privacy ones included. The signature is checked on the raw bytes,
 * before anything is parsed (EXTERNAL_APIS §1.2). A valid delivery is stored (a repeated X-Shopify-Webhook-Id is a
 * no-op) and answered at once; the work happens after the answer.
 */
@Injectable()
export class ShopifyWebhookRoutes implements OnModuleInit, WebhookSource<void> {
  readonly path = '/api/webhooks/shopify/';
  readonly bodyLimit = 5 * 1024 * 1024;

  constructor(
    private readonly client: ShopifyClient,
    private readonly receiver: WebhookReceiver,
  ) {}

  onModuleInit(): void {
    this.receiver.register(this);
  }

  verify(header: WebhookHeader, raw: Buffer): void {
    if (!this.client.configured) throw ApiError.notFound('The Shopify app is not configured on this server.');
    if (!verifyWebhook(raw, header('x-shopify-hmac-sha256'), this.client.apiSecret)) {
      throw ApiError.unauthorized('The webhook signature is not valid.', 'invalid_signature');
    }
  }

  describe(payload: Record<string, unknown>, { header }: WebhookRequest<void>): InboxEntry {
    const topic = header('x-shopify-topic');
    const shop = header('x-shopify-shop-domain');
    const webhookId = header('x-shopify-webhook-id');
    if (!topic || !/^[a-z_]+\/[a-z_]+$/.test(topic) || !shop || !SHOP_DOMAIN.test(shop)) {
      throw ApiError.badRequest('The webhook has no valid topic or shop domain.', 'invalid_webhook');
    }
    if (!webhookId || webhookId.length > 200) throw ApiError.badRequest('The webhook has no id.', 'invalid_webhook');
    const triggered = new Date(header('x-shopify-triggered-at') ?? '');
    return {
      event: {
        provider: PROVIDER,
        eventId: webhookId,
        topic,
        shop,
        payload,
        triggeredAt: Number.isNaN(triggered.getTime()) ? null : triggered,
      },
    };
  }
}
