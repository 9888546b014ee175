import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { ProductsRepository, type PlatformProduct } from './products.repository.js';

/** The store's catalogue as its platform reports it (a first sync, then webhooks); the platform is the authority. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly events: DomainEvents,
  ) {}

  async apply(merchantId: string, items: PlatformProduct[]): Promise<void> {
    const productIds = await this.products.upsertFromPlatform(merchantId, items);
    if (productIds.length) await this.events.emit('catalog.changed', { merchantId, productIds });
  }

  archive(merchantId: string, externalIds: string[]): Promise<void> {
    return this.products.archive(merchantId, externalIds);
  }

  /** Products synced from the platform and not deleted there; those only shoppers' reviews named do not count. */
  countSynced(merchantId: string): Promise<number> {
    return this.products.countSynced(merchantId);
  }
}
