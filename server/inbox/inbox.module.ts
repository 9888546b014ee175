import { Module } from '@nestjs/common';
import { WebhookInboxRepository } from './webhook-inbox.repository.js';
import { WebhookInbox } from './webhook-inbox.service.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * The inbox of platform events (Shopify, Stripe, …) and the work they cause: stored once, processed after the sender
 * has its answer, retried by any instance. Domains register their handlers and their webhook routes; it knows none of
 * them.
 */
@Module({
  providers: [WebhookInboxRepository, WebhookInbox, WebhookReceiver],
  exports: [WebhookInbox, WebhookInboxRepository, WebhookReceiver],
})
export class InboxModule {}
