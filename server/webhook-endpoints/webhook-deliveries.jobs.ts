import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  type TWebhookEventType,
} from '../../shared/webhook-endpoints.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { Clock } from '../common/clock.js';
import { SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue, type JobContext } from '../jobs/job-queue.service.js';
import { MailQueue } from '../mail/mail.queue.js';
import { webhookEndpointDisabledMail } from '../mail/mail.templates.js';
import { SafeFetchError } from '../outbound/safe-fetch-error.js';
import { SafeFetcher } from '../outbound/safe-fetcher.service.js';
import { WebhookPayloads } from './webhook-payloads.js';
import {
  WebhookEndpointsRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhook-endpoints.repository.js';

const DISPATCH_QUEUE = 'webhook-dispatch';
const DELIVERY_QUEUE = 'webhook-delivery';
const PRUNE_QUEUE = 'webhook-deliveries-prune';
/** 30 s, 1 min, 2 min … then every 8 h: about 32 hours of retries before a delivery is failed. */
export const DELIVERY_ATTEMPTS = 14;
const DELIVERY_BACKOFF_MS = 30_000;
const DELIVERY_MAX_BACKOFF_MS = 8 * 60 * 60 * 1000;
const DELIVERY_TIMEOUT_MS = 15_000;
const KEEP_DELIVERIES_DAYS = 30;
const PRUNE_BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What the signing secret is sealed with in the database. */
export const SECRET_CONTEXT = 'webhook-endpoint-secret';

export interface DispatchPayload extends Record<string, unknown> {
  merchantId: string;
  type: TWebhookEventType;
  /** The subjects (reviews, a question, requests), one message each. */
  ids: string[];
  /** Made when the event happened: a retried dispatch makes the same message ids. */
  eventId: string;
  at: string;
}

interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

/**
 * Outgoing webhooks as jobs. `webhook-dispatch`: an event's messages for every enabled endpoint subscribed to its
 * type, built once and recorded as deliveries. `webhook-delivery`: one delivery's attempt, signed per Standard
 * Webhooks, through the SSRF-safe fetcher; retried with backoff until it succeeds or its attempts run out. An
 * endpoint whose deliveries all failed for WEBHOOK_DISABLE_AFTER_DAYS is disabled, and its store's owners mailed.
 */
@Injectable()
export class WebhookDeliveryJobs implements OnModuleInit {
  private readonly logger = new Logger(WebhookDeliveryJobs.name);
  private readonly box: SecretBox;

  constructor(
    private readonly jobs: JobQueue,
    private readonly repository: WebhookEndpointsRepository,
    private readonly payloads: WebhookPayloads,
    private readonly fetcher: SafeFetcher,
    private readonly accounts: AccountsRepository,
    private readonly mail: MailQueue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.secrets.encryptionKey);
  }

  onModuleInit(): void {
    this.jobs.register<DispatchPayload>(DISPATCH_QUEUE, {
      concurrency: 2,
      handle: (payload) => this.dispatchNow(payload),
    });
    this.jobs.register<{ deliveryId: string }>(DELIVERY_QUEUE, {
      // One endpoint's deliveries one at a time: a slow endpoint holds one worker, not all of them.
      oneJobPerGroup: true,
      concurrency: 4,
      attempts: DELIVERY_ATTEMPTS,
      backoffMs: DELIVERY_BACKOFF_MS,
      maxBackoffMs: DELIVERY_MAX_BACKOFF_MS,
      handle: ({ deliveryId }, context) => this.attempt(deliveryId, context),
    });
    this.jobs.register(PRUNE_QUEUE, { handle: () => this.prune() });
    this.jobs.every(PRUNE_QUEUE, 60 * 60);
  }

  seal(secret: string): string {
    return this.box.seal(secret, SECRET_CONTEXT);
  }

  /**
   * Queues an event's dispatch, when an endpoint of the store wants it (most stores have none: a read, not a job, per
   * review). The change that caused it stands whatever happens here.
   */
  async dispatch(merchantId: string, type: TWebhookEventType, ids: string[]): Promise<void> {
    try {
      if (!ids.length || !(await this.repository.anySubscribed(merchantId, type))) return;
      const payload: DispatchPayload = { merchantId, type, ids, eventId: randomUUID(), at: new Date().toISOString() };
      await this.jobs.enqueue(DISPATCH_QUEUE, payload);
    } catch (err) {
      this.logger.error({ err, merchantId, type }, 'Could not queue a webhook dispatch');
    }
  }

  /** Queues one delivery's next attempt (a new one, a test event, a resend). */
  async queue(deliveries: Array<Pick<WebhookDeliveryRow, 'id' | 'endpointId'>>): Promise<void> {
    await this.jobs.enqueueMany(
      DELIVERY_QUEUE,
      deliveries.map(({ id, endpointId }) => ({ payload: { deliveryId: id }, key: id, group: endpointId })),
    );
  }

  private async dispatchNow({ merchantId, type, ids, eventId, at }: DispatchPayload): Promise<void> {
    const endpoints = await this.repository.subscribed(merchantId, type);
    if (!endpoints.length) return;
    const messageIds: string[] = [];
    const deliveries = [];
    for (const id of ids) {
      const data = await this.payloads.data(merchantId, type, id);
      if (!data) continue;
      const messageId = `msg_${createHash('sha256').update(`${eventId}:${id}`).digest('base64url').slice(0, 27)}`;
      messageIds.push(messageId);
      const payload = { type, timestamp: at, data };
      for (const endpoint of endpoints) {
        deliveries.push({ endpointId: endpoint.id, merchantId, messageId, type, payload });
      }
    }
    if (!messageIds.length) return;
    await this.repository.addDeliveries(deliveries);
    await this.queue(await this.repository.untried(messageIds));
  }

  private async attempt(deliveryId: string, context: JobContext): Promise<void> {
    const found = await this.repository.attemptOf(deliveryId);
    // Its endpoint was deleted (and its deliveries with it), or it was delivered already (a lapsed lease's repeat).
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, endpoint } = found;
    if (endpoint.disabledReason) {
      await this.record(delivery.id, 'failed', { responseStatus: null, responseExcerpt: null }, 'The endpoint is off.');
      return;
    }
    const result = await this.send(endpoint, delivery, context.signal);
    if (result.ok) {
      await this.record(delivery.id, 'succeeded', result, null);
      await this.repository.succeeded(endpoint.id);
      return;
    }
    const now = this.clock.now();
    const disabled = await this.repository.failed(
      endpoint.id,
      now,
      new Date(+now - WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS),
    );
    const last = context.attempt >= DELIVERY_ATTEMPTS || disabled !== null;
    await this.record(delivery.id, last ? 'failed' : 'pending', result, result.error);
    if (disabled) await this.tellOwners(disabled);
    if (!last) throw new Error(`Webhook delivery failed: ${result.error ?? `answered ${result.responseStatus}`}`);
  }

  private async record(
    id: string,
    status: 'pending' | 'succeeded' | 'failed',
    result: Pick<AttemptResult, 'responseStatus' | 'responseExcerpt'>,
    error: string | null,
  ): Promise<void> {
    await this.repository.recordAttempt(id, { status, ...result, error, at: this.clock.now() });
  }

  private async send(
    endpoint: WebhookEndpointRow,
    delivery: WebhookDeliveryRow,
    signal: AbortSignal,
  ): Promise<AttemptResult> {
    const body = JSON.stringify(delivery.payload);
    const secret = this.box.open(endpoint.secretSealed, SECRET_CONTEXT);
    // The receiver checks the timestamp against its own clock: the real time, not a test's moved one.
    const sentAt = new Date();
    const signature = new Webhook(secret).sign(delivery.messageId, sentAt, body);
    try {
      const response = await this.fetcher.fetch(endpoint.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'VideoReviews-Webhooks/1',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(+sentAt / 1000)),
          'webhook-signature': signature,
        },
        httpsOnly: this.config.env === 'production',
        followRedirects: false,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        connectTimeoutMs: DELIVERY_TIMEOUT_MS,
        idleTimeoutMs: DELIVERY_TIMEOUT_MS,
      });
      const excerpt = await readExcerpt(response.body, signal);
      const ok = response.status >= 200 && response.status <= 299;
      return { ok, responseStatus: response.status, responseExcerpt: excerpt, error: null };
    } catch (err) {
      const error = err instanceof SafeFetchError ? err.message : 'The delivery could not be sent.';
      if (!(err instanceof SafeFetchError)) this.logger.warn({ err, deliveryId: delivery.id }, 'Webhook send failed');
      return { ok: false, responseStatus: null, responseExcerpt: null, error };
    }
  }

  private async tellOwners(endpoint: WebhookEndpointRow): Promise<void> {
    const merchant = await this.accounts.findMerchant(endpoint.merchantId);
    if (!merchant) return;
    const content = webhookEndpointDisabledMail(merchant.mainLanguage, {
      link: new URL('/settings/webhooks', this.config.publicUrl).href,
      storeName: merchant.storeName || merchant.storeId,
      url: endpoint.url,
      days: WEBHOOK_DISABLE_AFTER_DAYS,
    });
    for (const to of await this.accounts.ownerEmails(merchant.workspaceId)) await this.mail.queue({ to, ...content });
    this.logger.warn(
      { merchantId: endpoint.merchantId, endpointId: endpoint.id },
      'A failing webhook endpoint was disabled',
    );
  }

  private async prune(): Promise<void> {
    const before = new Date(+this.clock.now() - KEEP_DELIVERIES_DAYS * DAY_MS);
    while ((await this.repository.prune(before, PRUNE_BATCH)) === PRUNE_BATCH);
  }
}

/** The start of an answer's body, as text, at most WEBHOOK_RESPONSE_EXCERPT_BYTES; the rest is not read. */
async function readExcerpt(body: NodeJS.ReadableStream & { destroy(): void }, signal: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= WEBHOOK_RESPONSE_EXCERPT_BYTES || signal.aborted) break;
    }
  } catch {
    // A body cut short (timeout, reset) still leaves what came.
  } finally {
    body.destroy();
  }
  const bytes = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\uFFFD$/, '');
}
