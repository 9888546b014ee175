import { Injectable } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { PlatformError } from '../platform-error.js';
import { StoreTokens } from '../store-tokens.js';
import type { TiendaNubeStore } from './tiendanube.client.js';

/** The installed store's id and token, opened from its sealed token. */
@Injectable()
export class TiendaNubeStoreOf {
  constructor(private readonly tokens: StoreTokens) {}

  of(merchant: MerchantRow): TiendaNubeStore {
    if (merchant.platform !== 'tiendanube' || !merchant.externalStoreId) {
      throw new PlatformError('unauthorized', 'The store is not connected to Tienda Nube.');
    }
    return { storeId: merchant.externalStoreId, accessToken: this.tokens.open(merchant) };
  }
}
