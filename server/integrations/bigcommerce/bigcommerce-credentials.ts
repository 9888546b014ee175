import { Injectable } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { PlatformError } from '../platform-error.js';
import { StoreTokens } from '../store-tokens.js';
import type { BigCommerceCredentials } from './bigcommerce.client.js';

/** The connected store's Store API account, opened from its sealed token. */
@Injectable()
export class BigCommerceCredentialsOf {
  constructor(private readonly tokens: StoreTokens) {}

  of(merchant: MerchantRow): BigCommerceCredentials {
    if (merchant.platform !== 'bigcommerce' || !merchant.externalStoreId) {
      throw new PlatformError('unauthorized', 'The store is not connected to BigCommerce.');
    }
    return {
      storeHash: merchant.externalStoreId,
      accessToken: this.tokens.open(merchant),
      clientId: merchant.platformClientId ?? '',
    };
  }
}
