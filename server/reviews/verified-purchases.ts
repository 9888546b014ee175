import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { ReviewsRepository } from './reviews.repository.js';

/**
 * A review is a verified purchase when its email bought the product. Uploads check the orders already known; this
 * marks the reviews that came before their order reached us.
 */
@Injectable()
export class VerifiedPurchases implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly reviews: ReviewsRepository,
    private readonly storefront: StorefrontCache,
  ) {}

  onModuleInit(): void {
    this.events.on('order.recorded', async ({ merchantId, customerEmail, productExternalIds }) => {
      const marked = await this.reviews.markVerified(merchantId, customerEmail, productExternalIds);
      // The badge shows on the storefront: its cached answers must not outlive the change.
      if (marked) await this.storefront.invalidate(merchantId);
    });
    this.events.on('catalog.changed', ({ merchantId, productIds }) =>
      this.reviews.refreshProductsSearchText(merchantId, productIds),
    );
  }
}
