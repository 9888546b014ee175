import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ApiError } from '../../common/api-error.js';
import { rawBodyPost } from '../../common/raw-body-route.js';
import { parseWebhookBody } from '../../inbox/webhook-body.js';
import type { InboxEvent } from '../../inbox/webhook-inbox.repository.js';
import { WebhookInbox } from '../../inbox/webhook-inbox.service.js';
import { SubscriptionsRepository } from '../subscriptions.repository.js';
import { StripeBilling } from './stripe-billing.service.js';
import { idOf, invoiceSubscription } from './stripe.mappers.js';
import { StripeGateway } from './stripe.gateway.js';

const PROVIDER = 'stripe';
const BODY_LIMIT = 1024 * 1024;

/** What the inbox and every handler rely on in an event; the rest is read by the handler of its type. */
const ZEventEnvelope = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

type EventHandler = (event: Stripe.Event, at: Date) => Promise<unknown>;

/**
 * `POST /api/webhooks/stripe/` (EXTERNAL_APIS §4.1): `Stripe-Signature` verified on the raw body by the SDK before
 * anything else (400 when it does not hold, nothing stored); each event id kept once in the inbox, so a redelivery has
 * no second effect; the work happens after the answer, through a map of handlers. Each handler applies the event as of
 * its `created` time, so an older event delivered late changes nothing.
 */
@Injectable()
export class StripeWebhooks implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly gateway: StripeGateway,
    private readonly inbox: WebhookInbox,
    private readonly billing: StripeBilling,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  private readonly handlers: Record<string, EventHandler> = {
    'checkout.session.completed': async (event, at) => {
      const session = event.data.object as Stripe.Checkout.Session;
      const subscription = idOf(session.subscription);
      if (session.mode === 'subscription' && subscription) await this.billing.syncSubscription(subscription, at);
    },
    'customer.subscription.created': (event, at) =>
      this.billing.applySubscription(event.data.object as Stripe.Subscription, at),
    'customer.subscription.updated': (event, at) =>
      this.billing.applySubscription(event.data.object as Stripe.Subscription, at),
    'customer.subscription.deleted': (event, at) =>
      this.billing.applySubscription(event.data.object as Stripe.Subscription, at),
    'invoice.paid': (event, at) => this.payment(event, 'paid', at),
    'invoice.payment_failed': (event, at) => this.payment(event, 'failed', at),
  };

  onModuleInit(): void {
    this.inbox.register(
      PROVIDER,
      Object.fromEntries(
        Object.entries(this.handlers).map(([type, handle]) => [
          type,
          async (stored: InboxEvent) => {
            const event = stored.payload as Stripe.Event;
            await handle(event, new Date(event.created * 1000));
          },
        ]),
      ),
    );
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    rawBodyPost(fastify, '/api/webhooks/stripe/', BODY_LIMIT, (request, raw, reply) =>
      this.receive(request, raw, reply),
    );
  }

  private async payment(event: Stripe.Event, outcome: 'paid' | 'failed', at: Date): Promise<void> {
    const subscription = invoiceSubscription(event.data.object as Stripe.Invoice);
    if (subscription) await this.subscriptions.applyPayment('stripe', subscription, outcome, at);
  }

  private async receive(request: FastifyRequest, raw: Buffer, reply: FastifyReply): Promise<void> {
    if (!this.gateway.configured) throw ApiError.notFound('Billing is not configured on this server.');
    const signature = request.headers['stripe-signature'];
    try {
      this.gateway.verifySignature(raw, typeof signature === 'string' ? signature : undefined);
    } catch {
      throw ApiError.badRequest('The webhook signature is not valid.', 'invalid_signature');
    }
    const parsed = ZEventEnvelope.safeParse(parseWebhookBody(raw));
    if (!parsed.success) throw ApiError.badRequest('The webhook is not a Stripe event.', 'invalid_webhook');
    const event = parsed.data;
    const result = await this.inbox.receive({
      provider: PROVIDER,
      eventId: event.id,
      topic: event.type,
      shop: null,
      payload: event,
      triggeredAt: new Date(event.created * 1000),
    });
    await reply.status(200).send({ detail: result });
  }
}
