import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
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

/** The headers `verify` and `describe` read (EXTERNAL_APIS §1.2). */
const ZShopifyWebhookHeaders = z.object({
  'X-Shopify-Hmac-Sha256': z
    .string()
    .describe(
      'Base64 HMAC-SHA256 of the raw body keyed with the app’s secret (SHOPIFY_API_SECRET), compared in constant ' +
        'time before anything is read.',
    ),
  'X-Shopify-Topic': z
    .string()
    .regex(/^[a-z_]+\/[a-z_]+$/)
    .describe('What happened (`orders/paid`, `app/uninstalled`, `customers/redact`…): it picks the handler.'),
  'X-Shopify-Shop-Domain': z.string().regex(SHOP_DOMAIN).describe('The store’s myshopify.com domain.'),
  'X-Shopify-Webhook-Id': z
    .string()
    .max(200)
    .describe('The delivery’s id: a delivery repeated with the same id is a `duplicate`.'),
  'X-Shopify-Triggered-At': z
    .string()
    .optional()
    .describe('When the event happened (ISO 8601): an older event arriving late changes nothing newer.'),
});

/**
 * `POST /api/webhooks/shopify/`: every topic, the privacy ones included. The signature is checked on the raw bytes,
 * before anything is parsed (EXTERNAL_APIS §1.2). A valid delivery is stored (a repeated X-Shopify-Webhook-Id is a
 * no-op) and answered at once; the work happens after the answer.
 */
@Injectable()
export class ShopifyWebhookRoutes implements OnModuleInit, WebhookSource<void> {
  readonly path = '/api/webhooks/shopify/';
  readonly bodyLimit = 5 * 1024 * 1024;
  readonly inputs = {
    headers: ZShopifyWebhookHeaders,
    body: z
      .looseObject({})
      .describe(
        'The topic’s resource as the app’s API version gives it: an order (`orders/*`), a product (`products/*`), ' +
          'the shop (`shop/update`), the app subscription (`app_subscriptions/update`), or the privacy topics’ ' +
          'customer and orders. It is stored whole and read by the topic’s handler after the answer.',
      ),
  };
  readonly refusals = {
    400: {
      description:
        'Signed, but with no valid topic, shop domain or webhook id (`invalid_webhook`), or a body that is not a ' +
        'JSON object the database can store (`invalid_json`, `invalid_webhook`, `invalid_input`).',
    },
    401: { description: 'The HMAC does not match the body (`invalid_signature`): nothing is stored.' },
    404: { description: 'The Shopify app is not configured on this server (`not_found`).' },
  };

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
