import { Injectable, type OnModuleInit } from '@nestjs/common';
import { isConnected } from '../../accounts/accounts.mapper.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import {
  PlatformRatingsRegistry,
  RatingsNotPermitted,
  type PlatformRatings,
  type ProductRating,
} from '../../platform-ratings/platform-ratings.js';
import { PlatformError } from '../platform-error.js';
import { TiendaNubeStoreOf } from './tiendanube-store.js';
import { TiendaNubeClient } from './tiendanube.client.js';

/** Product metafields need write access to products. */
const SCOPE = 'write_products';
/** Themes read them as `product.metafields.reviews.rating` and `product.metafields.reviews.rating_count`. */
export const TN_RATING_NAMESPACE = 'reviews';

interface TnMetafield {
  id: number;
  namespace: string;
  key: string;
  value: string;
  owner_id: number | string;
}

/**
 * Products' ratings on Tienda Nube as product metafields (`reviews.rating`, the average to one decimal on 1–5, and
 * `reviews.rating_count`): each product's are read, then created, changed or removed to match. A product without
 * published reviews keeps a count of 0 and loses its rating.
 */
@Injectable()
export class TiendaNubeRatings implements PlatformRatings, OnModuleInit {
  readonly platform = 'tiendanube' as const;

  constructor(
    private readonly client: TiendaNubeClient,
    private readonly storeOf: TiendaNubeStoreOf,
    private readonly registry: PlatformRatingsRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  serves(merchant: MerchantRow): boolean {
    return merchant.externalStoreId !== null && isConnected(merchant);
  }

  async push(merchant: MerchantRow, ratings: ProductRating[]): Promise<void> {
    if (!merchant.accessScopes?.split(',').some((scope) => scope.trim() === SCOPE)) {
      throw new RatingsNotPermitted(SCOPE);
    }
    const store = this.storeOf.of(merchant);
    try {
      for (const { externalId, average, count } of ratings) {
        const query = new URLSearchParams({ owner_id: externalId, namespace: TN_RATING_NAMESPACE });
        const { body: existing } = await this.client.get<TnMetafield[]>(store, `/metafields/products?${query}`);
        const wanted = { rating: average === null ? null : average.toFixed(1), rating_count: String(count) };
        for (const [key, value] of Object.entries(wanted)) {
          const found = (existing ?? []).find((metafield) => metafield.key === key);
          if (value === null) {
            if (found) await this.client.delete(store, `/metafields/${found.id}`);
          } else if (!found) {
            await this.client.post(store, '/metafields', {
              namespace: TN_RATING_NAMESPACE,
              key,
              value,
              description: key === 'rating' ? 'Average rating of published reviews (1-5)' : 'Published reviews',
              owner_resource: 'Product',
              owner_id: Number(externalId),
            });
          } else if (found.value !== value) {
            await this.client.put(store, `/metafields/${found.id}`, { value });
          }
        }
      }
    } catch (error) {
      // The scopes noted at install said yes, Tienda Nube says no: a reconnect fixes it.
      if (error instanceof PlatformError && error.status === 403) throw new RatingsNotPermitted(SCOPE);
      throw error;
    }
  }
}
