import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { ApiError } from '../../common/api-error.js';
import {
  WebhookReceiver,
  type InboxEntry,
  type WebhookHeader,
  type WebhookRequest,
  type WebhookSource,
} from '../../inbox/webhook-receiver.js';
import { TiendaNubeClient } from './tiendanube.client.js';
import { verifyWebhook } from './tiendanube-hmac.js';
import { PROVIDER } from './tiendanube-install.service.js';
import { ZWebhookBody } from './tiendanube.mappers.js';

/**
 * The LGPD topics come without an `event` field (each has its own URL in the Partner Portal, which may all be this
 * one): their shape tells them apart.
 */
function topicOf(body: Record<string, unknown>): string | null {
  if (typeof body.event === 'string') return body.event;
  if (body.data_request) return 'customers/data_request';
  if (body.customer) return 'customers/redact';
  if (Object.keys(body).every((key) => key === 'store_id')) return 'store/redact';
  return null;
}

/** The header `verify` checks (EXTERNAL_APIS §3.3). */
const ZTiendaNubeWebhookHeaders = z.object({
  'X-Linkedstore-Hmac-Sha256': z
    .string()
    .describe(
      'Hex HMAC-SHA256 of the raw body keyed with the app’s secret (TIENDANUBE_CLIENT_SECRET), compared in ' +
        'constant time before anything is read.',
    ),
});

/**
 * `POST /api/webhooks/tiendanube/`: the store's events and the LGPD topics. The HMAC is checked on the raw bytes
 * before anything is parsed; a valid delivery is stored once and answered at once (Tienda Nube waits 40 s at most);
 * the work happens after the answer.
 */
@Injectable()
export class TiendaNubeWebhookRoutes implements OnModuleInit, WebhookSource<void> {
  readonly path = '/api/webhooks/tiendanube/';
  readonly bodyLimit = 1024 * 1024;
  readonly inputs = {
    headers: ZTiendaNubeWebhookHeaders,
    body: ZWebhookBody.describe(
      '`{store_id, event, id}`; the LGPD topics have no `event` and are told apart by their fields: `data_request` ' +
        '(customers/data_request), `customer` (customers/redact), `store_id` alone (store/redact).',
    ),
  };
  readonly refusals = {
    400: {
      description:
        'Signed, but with no valid event or store (`invalid_webhook`), or a body that is not a JSON object the ' +
        'database can store (`invalid_json`, `invalid_webhook`, `invalid_input`).',
    },
    401: { description: 'The HMAC does not match the body (`invalid_signature`): nothing is stored.' },
    404: { description: 'The Tienda Nube app is not configured on this server (`not_found`).' },
  };

  constructor(
    private readonly client: TiendaNubeClient,
    private readonly receiver: WebhookReceiver,
  ) {}

  onModuleInit(): void {
    this.receiver.register(this);
  }

  verify(header: WebhookHeader, raw: Buffer): void {
    if (!this.client.configured) throw ApiError.notFound('The Tienda Nube app is not configured on this server.');
    if (!verifyWebhook(raw, header('x-linkedstore-hmac-sha256'), this.client.clientSecret)) {
      throw ApiError.unauthorized('The webhook signature is not valid.', 'invalid_signature');
    }
  }

  describe(body: Record<string, unknown>, { raw }: WebhookRequest<void>): InboxEntry {
    const parsed = ZWebhookBody.safeParse(body);
    const topic = parsed.success ? topicOf(parsed.data) : null;
    if (!parsed.success || !topic || !/^\d{1,20}$/.test(parsed.data.store_id)) {
      throw ApiError.badRequest('The webhook has no valid event or store.', 'invalid_webhook');
    }
    const event = { provider: PROVIDER, topic, shop: parsed.data.store_id, payload: parsed.data, triggeredAt: null };
    // Tienda Nube sends no delivery id: a data request has its own; anything else is known by its content.
    const requestId = (parsed.data.data_request as { id?: unknown } | undefined)?.id;
    return topic === 'customers/data_request' && (typeof requestId === 'number' || typeof requestId === 'string')
      ? { event: { ...event, eventId: `data_request:${requestId}` } }
      : { event, contentKey: createHash('sha256').update(raw).digest('hex') };
  }
}
