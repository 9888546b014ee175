import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { StorefrontService } from './storefront.service.js';

/** What storefronts see changes with the store's connection and with a customer's erasure. */
@Injectable()
export class StorefrontSubscriptions implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly storefront: StorefrontService,
  ) {}

  onModuleInit(): void {
    const forget = ({ merchantId, storeId }: { merchantId: string; storeId?: string }) =>
      this.storefront.forgetStore(merchantId, storeId);
    this.events.on('store.changed', forget);
    this.events.on('store.disconnected', forget);
    this.events.on('customer.redacted', forget);
  }
}
