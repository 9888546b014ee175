import { Module } from '@nestjs/common';
import { WebhookInboxRepository } from './webhook-inbox.repository.js';
import { WebhookInbox } from './webhook-inbox.service.js';

/**
 * The inbox of platform events (Shopify, Stripe, …) and the work they cause: stored once, processed after the sender
 * has its answer, retried by any instance. Domains register their handlers; it knows none of them.
 */
@Module({ providers: [WebhookInboxRepository, WebhookInbox], exports: [WebhookInbox, WebhookInboxRepository] })
export class InboxModule {}
