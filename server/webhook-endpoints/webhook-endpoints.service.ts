import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type TWebhookDelivery,
  type TWebhookDeliveryListQuery,
  type TWebhookDeliveryPage,
  type TWebhookDisabledReason,
  type TWebhookEndpoint,
  type TWebhookEndpointCreate,
  type TWebhookEndpointCreated,
  type TWebhookEndpointList,
  type TWebhookEndpointUpdate,
  type TWebhookEventType,
  type TWebhookSecret,
} from '../../shared/webhook-endpoints.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { listPage } from '../common/list-page.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SafeFetchError } from '../outbound/safe-fetch-error.js';
import { SafeFetcher } from '../outbound/safe-fetcher.service.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { WebhookDeliveryJobs } from './webhook-deliveries.jobs.js';
import {
  WebhookEndpointsRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhook-endpoints.repository.js';

const NO_ENDPOINT = 'No webhook endpoint with this id in your store.';

function toEndpoint(row: WebhookEndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as TWebhookEventType[],
    enabled: row.disabledReason === null,
    disabled_reason: row.disabledReason as TWebhookDisabledReason | null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toDelivery(row: WebhookDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    type: row.type as TWebhookDelivery['type'],
    status: row.status as TWebhookDelivery['status'],
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** Standard Webhooks' secret form: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Settings → Webhooks: the store's endpoints, their delivery log, test events and resends. */
@Injectable()
export class WebhookEndpointsService implements OnModuleInit {
  constructor(
    private readonly repository: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveryJobs,
    private readonly fetcher: SafeFetcher,
    private readonly clock: Clock,
    private readonly readers: ServerReaders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.readers.register('webhookEndpoints', 'manage_integrations', (merchantId) => () => this.listOf(merchantId));
  }

  list(auth: WorkspaceContext): Promise<TWebhookEndpointList> {
    return this.listOf(storeOf(auth).id);
  }

  async listOf(merchantId: string): Promise<TWebhookEndpointList> {
    return { results: (await this.repository.list(merchantId)).map(toEndpoint) };
  }

  async create(auth: WorkspaceContext, body: TWebhookEndpointCreate): Promise<TWebhookEndpointCreated> {
    const merchantId = storeOf(auth).id;
    if ((await this.repository.countOf(merchantId)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw ApiError.conflict(
        `A store holds at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: delete one first.`,
        'webhook_endpoint_limit',
      );
    }
    await this.checkUrl(body.url);
    const secret = newSecret();
    const row = await this.repository.create({
      merchantId,
      url: body.url,
      description: body.description,
      events: body.events,
      secretSealed: this.deliveries.seal(secret),
    });
    return { ...toEndpoint(row), secret };
  }

  async update(auth: WorkspaceContext, id: string, body: TWebhookEndpointUpdate): Promise<TWebhookEndpoint> {
    const merchantId = storeOf(auth).id;
    const current = await this.found(merchantId, id);
    if (body.url !== undefined) await this.checkUrl(body.url);
    const { enabled, ...fields } = body;
    const turnedOn = enabled === true && current.disabledReason !== null;
    const turnedOff = enabled === false && current.disabledReason === null;
    const row = await this.repository.update(merchantId, id, {
      ...fields,
      // Back on, its failures are forgotten: the next three days are counted afresh.
      ...(turnedOn && { disabledReason: null, disabledAt: null, failingSince: null }),
      ...(turnedOff && { disabledReason: 'merchant' satisfies TWebhookDisabledReason, disabledAt: this.clock.now() }),
    });
    if (!row) throw ApiError.notFound(NO_ENDPOINT);
    return toEndpoint(row);
  }

  async remove(auth: WorkspaceContext, id: string): Promise<void> {
    if (!(await this.repository.remove(storeOf(auth).id, id))) throw ApiError.notFound(NO_ENDPOINT);
  }

  /** A new secret, shown this once; deliveries are signed with it from now on. */
  async rotateSecret(auth: WorkspaceContext, id: string): Promise<TWebhookSecret> {
    const secret = newSecret();
    const row = await this.repository.update(storeOf(auth).id, id, { secretSealed: this.deliveries.seal(secret) });
    if (!row) throw ApiError.notFound(NO_ENDPOINT);
    return { secret };
  }

  async deliveriesOf(
    auth: WorkspaceContext,
    id: string,
    query: TWebhookDeliveryListQuery,
  ): Promise<TWebhookDeliveryPage> {
    const merchantId = storeOf(auth).id;
    await this.found(merchantId, id);
    const { rows, count } = await this.repository.deliveries(merchantId, id, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return listPage(`/api/webhook-endpoints/${id}/deliveries/`, query, count, rows.map(toDelivery));
  }

  /** A `webhook.test` message to this endpoint alone, whatever it subscribed to. */
  async sendTest(auth: WorkspaceContext, id: string): Promise<TWebhookDelivery> {
    const merchantId = storeOf(auth).id;
    const endpoint = this.enabled(await this.found(merchantId, id));
    const delivery = await this.repository.addDelivery({
      endpointId: endpoint.id,
      merchantId,
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      type: WEBHOOK_TEST_EVENT,
      payload: {
        type: WEBHOOK_TEST_EVENT,
        timestamp: this.clock.now().toISOString(),
        data: { endpoint_id: endpoint.id, store_id: storeOf(auth).storeId },
      },
    });
    await this.deliveries.queue([delivery]);
    return toDelivery(delivery);
  }

  /** The same message again (same `webhook-id`, newly signed), once it succeeded or failed for good. */
  async resend(auth: WorkspaceContext, id: string, deliveryId: string): Promise<TWebhookDelivery> {
    const merchantId = storeOf(auth).id;
    this.enabled(await this.found(merchantId, id));
    const current = await this.repository.delivery(merchantId, id, deliveryId);
    if (!current) throw ApiError.notFound('No such delivery.');
    if (current.status === 'pending') {
      throw ApiError.conflict(
        'This delivery is waiting for its next attempt already: it is retried on its own.',
        'webhook_delivery_pending',
      );
    }
    const delivery = await this.repository.reopen(deliveryId);
    if (!delivery) throw ApiError.notFound('No such delivery.');
    await this.deliveries.queue([delivery]);
    return toDelivery(delivery);
  }

  private async found(merchantId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await this.repository.find(merchantId, id);
    if (!row) throw ApiError.notFound(NO_ENDPOINT);
    return row;
  }

  private enabled(endpoint: WebhookEndpointRow): WebhookEndpointRow {
    if (endpoint.disabledReason) {
      throw ApiError.conflict('This endpoint is off: turn it on to send to it.', 'webhook_endpoint_disabled');
    }
    return endpoint;
  }

  /** The address the fetcher will send to: https in production, and only ever a public address. */
  private async checkUrl(url: string): Promise<void> {
    try {
      await this.fetcher.check(url, { httpsOnly: this.config.env === 'production' });
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      throw ApiError.validation({ url: [err.message] });
    }
  }
}
