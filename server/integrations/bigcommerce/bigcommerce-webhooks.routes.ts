import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { ApiError } from '../../common/api-error.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import {
  WebhookReceiver,
  type InboxEntry,
  type WebhookHeader,
  type WebhookRequest,
  type WebhookSource,
} from '../../inbox/webhook-receiver.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { PROVIDER } from './bigcommerce-connect.service.js';
import {
  STORE_HEADER,
  TOKEN_HEADER,
  tokenMatches,
  verifyStandardWebhook,
  webhookToken,
} from './bigcommerce-webhook-auth.js';
import { ZWebhookBody } from './bigcommerce.mappers.js';

/**
 * The headers `verify` checks (EXTERNAL_APIS §2.5): the two every hook is created with, and the Standard Webhooks
 * signature where the deployment is a BigCommerce app.
 */
const ZBigCommerceWebhookHeaders = z.object({
  'X-Video-Reviews-Store': z
    .string()
    .regex(/^[a-z0-9]{1,64}$/)
    .describe('The store’s hash, set on each hook when the store connected; it must name a connected store.'),
  'X-Video-Reviews-Token': z
    .string()
    .describe(
      'A token set on each hook, derived from the store’s current connection with the server’s key, compared in ' +
        'constant time: a reconnection retires the hooks of the one before.',
    ),
  'webhook-id': z
    .string()
    .optional()
    .describe('Standard Webhooks: the message id; names the delivery when the body has no `hash`.'),
  'webhook-timestamp': z.string().optional().describe('Standard Webhooks: unix seconds, within 5 minutes of now.'),
  'webhook-signature': z
    .string()
    .optional()
    .describe(
      'Standard Webhooks: `v1,<base64>` values, space-separated, one of which must be HMAC-SHA256 of ' +
        '`{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the app’s client secret. Required, with the two ' +
        'above, when BIGCOMMERCE_CLIENT_SECRET is set.',
    ),
});

/**
 * `POST /api/webhooks/bigcommerce/`: the store's hooks. A delivery is authenticated before its body is parsed (the
 * store's token, and the Standard Webhooks signature where the deployment is a BigCommerce app), stored once (its
 * `hash`, else its webhook id, names it) and answered at once; the work happens after the answer.
 */
@Injectable()
export class BigCommerceWebhookRoutes implements OnModuleInit, WebhookSource<string> {
  readonly path = '/api/webhooks/bigcommerce/';
  readonly bodyLimit = 1024 * 1024;
  readonly inputs = {
    headers: ZBigCommerceWebhookHeaders,
    body: ZWebhookBody.loose().describe(
      'What happened (`scope`) to which resource (`data`), in which store (`producer`); `hash` names the delivery.',
    ),
  };
  readonly refusals = {
    400: {
      description:
        'Authenticated, but with no valid scope, or from another store than its headers name (`invalid_webhook`), ' +
        'or a body that is not a JSON object the database can store (`invalid_json`, `invalid_webhook`, ' +
        '`invalid_input`).',
    },
    401: {
      description:
        'Not from a connected store (its store hash or token does not match), or the signature does not hold ' +
        '(`invalid_signature`): nothing is stored.',
    },
  };

  constructor(
    private readonly stores: StoreConnectionsRepository,
    private readonly receiver: WebhookReceiver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.receiver.register(this);
  }

  /** The store hash of a delivery from a connected store, correctly signed. */
  async verify(header: WebhookHeader, raw: Buffer): Promise<string> {
    const hash = header(STORE_HEADER);
    const merchant = hash && /^[a-z0-9]{1,64}$/.test(hash) ? await this.stores.findByExternal(PROVIDER, hash) : null;
    const expected = merchant?.accessTokenEncrypted
      ? webhookToken(this.config.secrets.encryptionKey, merchant.id, merchant.connectedAt)
      : null;
    if (!hash || !expected || !tokenMatches(expected, header(TOKEN_HEADER))) {
      throw ApiError.unauthorized('The webhook is not from a connected store.', 'invalid_signature');
    }
    const secret = this.config.bigcommerce.clientSecret;
    const signature = {
      id: header('webhook-id'),
      timestamp: header('webhook-timestamp'),
      signature: header('webhook-signature'),
    };
    if (secret && !verifyStandardWebhook(raw, signature, secret)) {
      throw ApiError.unauthorized('The webhook signature is not valid.', 'invalid_signature');
    }
    return hash;
  }

  describe(body: Record<string, unknown>, { verified: hash, header, raw }: WebhookRequest<string>): InboxEntry {
    const parsed = ZWebhookBody.safeParse(body);
    if (!parsed.success || parsed.data.producer.toLowerCase() !== `stores/${hash}`) {
      throw ApiError.badRequest('The webhook has no valid scope or store.', 'invalid_webhook');
    }
    const delivery = parsed.data;
    const eventId = delivery.hash || header('webhook-id') || createHash('sha256').update(raw).digest('hex');
    return {
      event: {
        provider: PROVIDER,
        eventId: eventId.slice(0, 200),
        topic: delivery.scope,
        shop: hash,
        payload: delivery,
        triggeredAt: delivery.created_at ? new Date(delivery.created_at * 1000) : null,
      },
    };
  }
}
