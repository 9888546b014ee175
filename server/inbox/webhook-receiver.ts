import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZWebhookReceipt } from '../../shared/webhooks.js';
import { rawBodyPost } from '../common/raw-body-route.js';
import type { RouteAnswer, RouteOutputs } from '../common/route-outputs.js';
import { MAX_WEBHOOK_DEPTH, parseWebhookBody } from './webhook-body.js';
import type { NewInboxEvent } from './webhook-inbox.repository.js';
import { WebhookInbox } from './webhook-inbox.service.js';

/** A delivery's header by its lower-case name; one sent twice counts as absent. */
export type WebhookHeader = (name: string) => string | undefined;

/** A delivery as `describe` sees it: its headers, its raw bytes, and what `verify` returned. */
export interface WebhookRequest<Verified> {
  header: WebhookHeader;
  raw: Buffer;
  verified: Verified;
}

/** What the inbox keeps of a delivery: an event with the platform's own id, or one known by its content. */
export type InboxEntry = { event: NewInboxEvent } | { event: Omit<NewInboxEvent, 'eventId'>; contentKey: string };

/**
 * One platform's webhook route. `verify` authenticates the raw bytes before anything is parsed (404 when the platform
 * is not configured here, 400 or 401 when the delivery is forged) and returns what `describe` needs of it; `describe`
 * names the event in a verified body, which is already a JSON object within the depth every webhook keeps to (400
 * when it is not an event of this platform).
 */
export interface WebhookSource<Verified> {
  readonly path: string;
  readonly bodyLimit: number;
  /**
   * For the API document: the headers `verify` reads, each saying how it is checked, and the body's fields `describe`
   * and the handlers read (open: the platform sends more).
   */
  readonly inputs: { headers: z.ZodType; body: z.ZodType };
  /** For the API document: how `verify` and `describe` refuse a delivery (400, 401, 404…), by status. */
  readonly refusals: Record<number, RouteAnswer>;
  verify(header: WebhookHeader, raw: Buffer): Verified | Promise<Verified>;
  describe(body: Record<string, unknown>, request: WebhookRequest<Verified>): InboxEntry;
}

/**
 * Serves every platform's webhook route the same way: verified on the raw body, parsed by one rule, stored once in the
 * inbox and answered at once (`{"detail":"accepted"}` or `"duplicate"`); the work follows from the inbox.
 */
@Injectable()
export class WebhookReceiver {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly inbox: WebhookInbox,
  ) {}

  register<Verified>(source: WebhookSource<Verified>): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    rawBodyPost(
      fastify,
      source.path,
      source.bodyLimit,
      async (request, raw, reply) => {
        const header = headerOf(request);
        const verified = await source.verify(header, raw);
        const entry = source.describe(parseWebhookBody(raw), { header, raw, verified });
        const result =
          'contentKey' in entry
            ? await this.inbox.receiveByContent(entry.event, entry.contentKey)
            : await this.inbox.receive(entry.event);
        await reply.status(200).send({ detail: result });
      },
      { inputs: source.inputs, outputs: outputsOf(source) },
    );
  }
}

/** What every receiver answers, with the source's own refusals. */
function outputsOf(source: WebhookSource<unknown>): RouteOutputs {
  return {
    body: ZWebhookReceipt,
    description:
      'Verified and stored: `accepted`, its work done after the answer; `duplicate`, a delivery stored already, ' +
      'which has no second effect.',
    answers: {
      400: {
        description:
          'Verified, but not a delivery of this platform: not a JSON object (`invalid_json`, `invalid_webhook`), ' +
          `nested deeper than ${MAX_WEBHOOK_DEPTH} levels (\`invalid_webhook\`), text the database cannot store ` +
          '(`invalid_input`), or without the fields that name its event (`invalid_webhook`).',
      },
      413: { description: `The body is larger than ${source.bodyLimit / 1024 / 1024} MB.` },
      ...source.refusals,
    },
  };
}

function headerOf(request: FastifyRequest): WebhookHeader {
  return (name) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
}
