import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { StorefrontCache } from './storefront-cache.js';
import { StorefrontService } from './storefront.service.js';

/**
 * What storefronts see changes with the store's connection, with a customer's erasure, and with the catalogue (the
 * public answers carry the product's image and price).
 */
@Injectable()
export class StorefrontSubscriptions implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly storefront: StorefrontService,
    private readonly answers: StorefrontCache,
  ) {}

  onModuleInit(): void {
    const forget = ({ merchantId, storeId }: { merchantId: string; storeId?: string }) =>
      this.storefront.forgetStore(merchantId, storeId);
    this.events.on('store.changed', forget);
    this.events.on('store.disconnected', forget);
    this.events.on('customer.redacted', forget);
    this.events.on('catalog.changed', ({ merchantId }) => this.answers.invalidate(merchantId));
  }
}
