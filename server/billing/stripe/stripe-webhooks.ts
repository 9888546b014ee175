import { Injectable, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ApiError } from '../../common/api-error.js';
import type { InboxEvent } from '../../inbox/webhook-inbox.repository.js';
import { WebhookInbox } from '../../inbox/webhook-inbox.service.js';
import {
  WebhookReceiver,
  type InboxEntry,
  type WebhookHeader,
  type WebhookSource,
} from '../../inbox/webhook-receiver.js';
import { SubscriptionsRepository } from '../subscriptions.repository.js';
import { StripeBilling } from './stripe-billing.service.js';
import { idOf, invoiceSubscription } from './stripe.mappers.js';
import { StripeGateway } from './stripe.gateway.js';

const PROVIDER = 'stripe';

/** What the inbox and every handler rely on in an event; the rest is read by the handler of its type. */
const ZEventEnvelope = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** The header `verify` checks (EXTERNAL_APIS §4.1). */
const ZStripeWebhookHeaders = z.object({
  'Stripe-Signature': z
    .string()
    .describe(
      '`t=<unix time>,v1=<hex>`: HMAC-SHA256 of `{t}.{raw body}` keyed with the endpoint’s signing secret ' +
        '(STRIPE_WEBHOOK_SECRET), checked by Stripe’s library on the raw bytes before anything is read; `t` within ' +
        '300 s of now.',
    ),
});

type EventHandler = (event: Stripe.Event, at: Date) => Promise<unknown>;

/**
 * `POST /api/webhooks/stripe/` (EXTERNAL_APIS §4.1): `Stripe-Signature` verified on the raw body by the SDK before
 * anything else (400 when it does not hold, nothing stored); each event id kept once in the inbox, so a redelivery has
 * no second effect; the work happens after the answer, through a map of handlers. Each handler applies the event as of
 * its `created` time, so an older event delivered late changes nothing.
 */
@Injectable()
export class StripeWebhooks implements OnModuleInit, WebhookSource<void> {
  readonly path = '/api/webhooks/stripe/';
  readonly bodyLimit = 1024 * 1024;
  readonly inputs = {
    headers: ZStripeWebhookHeaders,
    body: ZEventEnvelope.describe(
      'A Stripe event; `data.object` is the checkout session, subscription or invoice its `type` names.',
    ),
  };
  readonly refusals = {
    400: {
      description:
        'The signature does not hold (`invalid_signature`: nothing is stored), or the body is not a Stripe event ' +
        '(`invalid_json`, `invalid_webhook`, `invalid_input`).',
    },
    404: { description: 'Billing is not configured on this server (`not_found`).' },
  };

  constructor(
    private readonly receiver: WebhookReceiver,
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
    this.receiver.register(this);
  }

  private async payment(event: Stripe.Event, outcome: 'paid' | 'failed', at: Date): Promise<void> {
    const subscription = invoiceSubscription(event.data.object as Stripe.Invoice);
    if (subscription) await this.subscriptions.applyPayment('stripe', subscription, outcome, at);
  }

  verify(header: WebhookHeader, raw: Buffer): void {
    if (!this.gateway.configured) throw ApiError.notFound('Billing is not configured on this server.');
    try {
      this.gateway.verifySignature(raw, header('stripe-signature'));
    } catch {
      throw ApiError.badRequest('The webhook signature is not valid.', 'invalid_signature');
    }
  }

  describe(body: Record<string, unknown>): InboxEntry {
    const parsed = ZEventEnvelope.safeParse(body);
    if (!parsed.success) throw ApiError.badRequest('The webhook is not a Stripe event.', 'invalid_webhook');
    const event = parsed.data;
    return {
      event: {
        provider: PROVIDER,
        eventId: event.id,
        topic: event.type,
        shop: null,
        payload: event,
        triggeredAt: new Date(event.created * 1000),
      },
    };
  }
}
