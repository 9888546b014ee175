import { Injectable } from '@nestjs/common';
import { ZodError } from 'zod';
import type { TPlatform } from '../../shared/accounts.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import type { InboxEvent } from '../inbox/webhook-inbox.repository.js';
import { UnprocessableEvent, WebhookInbox } from '../inbox/webhook-inbox.service.js';
import { StoreConnectionsRepository } from './store-connections.repository.js';

/** What one platform topic does to the store its event is about. */
export type StoreHandler = (merchant: MerchantRow, event: InboxEvent) => Promise<void>;

/** For a topic that needs the platform's API: nothing to do once the store is disconnected and its token gone. */
export function whileConnected(handler: StoreHandler): StoreHandler {
  return async (merchant, event) => {
    if (!merchant.accessTokenEncrypted || merchant.disconnectedAt) return;
    await handler(merchant, event);
  };
}

/**
 * Registers a store platform's topics with the inbox. Each handler is given the store the event names (`shop`, the
 * platform's store id): an event for a store we do not hold (erased, never installed) is done with, and one whose
 * payload does not parse is set aside instead of retried.
 */
@Injectable()
export class StoreInbox {
  constructor(
    private readonly inbox: WebhookInbox,
    private readonly stores: StoreConnectionsRepository,
  ) {}

  register(platform: TPlatform, handlers: Record<string, StoreHandler>): void {
    this.inbox.register(
      platform,
      Object.fromEntries(
        Object.entries(handlers).map(([topic, handler]) => [
          topic,
          async (event: InboxEvent) => {
            const merchant = event.shop ? await this.stores.findByExternal(platform, event.shop) : null;
            if (!merchant) return;
            try {
              await handler(merchant, event);
            } catch (error) {
              if (error instanceof ZodError) throw new UnprocessableEvent(`Malformed ${event.topic} payload.`);
              throw error;
            }
          },
        ]),
      ),
    );
  }
}
