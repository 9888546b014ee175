import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
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
 * `POST /api/webhooks/bigcommerce/`: the store's hooks. A delivery is authenticated before its body is parsed (the
 * store's token, and the Standard Webhooks signature where the deployment is a BigCommerce app), stored once (its
 * `hash`, else its webhook id, names it) and answered at once; the work happens after the answer.
 */
@Injectable()
export class BigCommerceWebhookRoutes implements OnModuleInit, WebhookSource<string> {
  readonly path = '/api/webhooks/bigcommerce/';
  readonly bodyLimit = 1024 * 1024;

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
