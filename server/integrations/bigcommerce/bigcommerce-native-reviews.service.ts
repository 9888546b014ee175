import { Injectable } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { ApiError } from '../../common/api-error.js';
import { PlatformRatingsService } from '../../platform-ratings/platform-ratings.service.js';
import { BigCommerceReviewCopiesRepository } from './bigcommerce-review-copies.repository.js';

/** The merchant's choice to copy published reviews into BigCommerce's own: each product concerned follows in a job. */
@Injectable()
export class BigCommerceNativeReviewsService {
  constructor(
    private readonly copies: BigCommerceReviewCopiesRepository,
    private readonly ratings: PlatformRatingsService,
  ) {}

  async choose(merchant: MerchantRow, enabled: boolean): Promise<MerchantRow> {
    if (merchant.platform !== 'bigcommerce' || merchant.externalStoreId === null) {
      throw ApiError.conflict('Connect a BigCommerce store first: reviews are copied into it.', 'not_connected');
    }
    const productIds = await this.copies.choose(merchant.id, enabled);
    await this.ratings.changed(merchant.id, { productIds });
    return { ...merchant, nativeReviews: enabled };
  }
}
