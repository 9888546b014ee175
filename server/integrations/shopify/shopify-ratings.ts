import { Injectable, type OnModuleInit } from '@nestjs/common';
import { isConnected } from '../../accounts/accounts.mapper.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import {
  PlatformRatingsRegistry,
  RatingsNotPermitted,
  type PlatformRatings,
  type ProductRating,
} from '../../platform-ratings/platform-ratings.js';
import { PlatformRatingsRepository } from '../../platform-ratings/platform-ratings.repository.js';
import { PlatformError } from '../platform-error.js';
import { StoreTokens } from '../store-tokens.js';
import {
  RATING_DEFINITION_ENABLE,
  RATING_METAFIELDS,
  RATINGS_DELETE,
  RATINGS_READ,
  RATINGS_SET,
  type TRatingDefinitionEnable,
  type TRatingsDelete,
  type TRatingsRead,
  type TRatingsSet,
} from './shopify.graphql.js';
import { ShopifyClient } from './shopify.client.js';

/** metafieldsSet takes at most 25 metafields a call. */
const PER_CALL = 25;
/** Products read a call (`nodes` takes up to 250 ids). */
const READ_PER_CALL = 100;
/** Writing products' metafields needs write access to products. */
export const RATINGS_SCOPE = 'write_products';
/** Where the store's metadata notes the connection whose definitions were enabled. */
const DEFINITIONS_NOTE = 'platform_ratings_definitions';

const productGid = (externalId: string) => `gid://shopify/Product/${externalId}`;

/** The rating metafield's value: a JSON object of decimal strings, on the standard 1–5 scale. */
export function ratingValue(average: number): string {
  return JSON.stringify({ value: average.toFixed(1), scale_min: '1.0', scale_max: '5.0' });
}

/** Whether a stored rating value says the same as ours (Shopify may write the JSON differently). */
function sameRating(stored: string | undefined, average: number): boolean {
  if (stored === undefined) return false;
  try {
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    return (
      Number(parsed.value) === Number(average.toFixed(1)) &&
      Number(parsed.scale_min) === 1 &&
      Number(parsed.scale_max) === 5
    );
  } catch {
    return false;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Products' ratings on Shopify: the standard `reviews.rating` (rating, 1–5) and `reviews.rating_count` metafields,
 * which themes' native stars and other apps read; their standard definitions enabled once per connection. A
 * product without published reviews keeps a count of 0 and loses its rating.
 */
@Injectable()
export class ShopifyRatings implements PlatformRatings, OnModuleInit {
  readonly platform = 'shopify' as const;

  constructor(
    private readonly client: ShopifyClient,
    private readonly tokens: StoreTokens,
    private readonly registry: PlatformRatingsRegistry,
    private readonly notes: PlatformRatingsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  serves(merchant: MerchantRow): boolean {
    return merchant.externalStoreId !== null && isConnected(merchant);
  }

  async push(merchant: MerchantRow, ratings: ProductRating[]): Promise<void> {
    if (!merchant.accessScopes?.split(',').some((scope) => scope.trim() === RATINGS_SCOPE)) {
      throw new RatingsNotPermitted(RATINGS_SCOPE);
    }
    const shop = merchant.externalStoreId as string;
    const token = this.tokens.open(merchant);
    try {
      await this.enableDefinitions(merchant, shop, token);
      const current = await this.current(shop, token, ratings);
      // Only what differs is written: a write can come back as a products/update webhook, which must not loop.
      const set = ratings.flatMap(({ externalId, average, count }) => {
        const stored = current.get(productGid(externalId));
        if (!stored) return []; // Gone from Shopify: its deletion webhook archives it here.
        return [
          ...(average === null || sameRating(stored.rating, average)
            ? []
            : [
                {
                  ownerId: productGid(externalId),
                  ...RATING_METAFIELDS.rating,
                  type: 'rating',
                  value: ratingValue(average),
                },
              ]),
          ...(stored.count === String(count)
            ? []
            : [
                {
                  ownerId: productGid(externalId),
                  ...RATING_METAFIELDS.count,
                  type: 'number_integer',
                  value: String(count),
                },
              ]),
        ];
      });
      for (const metafields of chunks(set, PER_CALL)) {
        const { metafieldsSet: answer } = await this.client.graphql<TRatingsSet>(shop, token, RATINGS_SET, {
          metafields,
        });
        if (answer.userErrors.length) {
          throw new PlatformError('rejected', `Shopify refused the ratings: ${answer.userErrors[0].message}`);
        }
      }
      const gone = ratings
        .filter(({ externalId, average }) => average === null && current.get(productGid(externalId))?.rating)
        .map(({ externalId }) => ({ ownerId: productGid(externalId), ...RATING_METAFIELDS.rating }));
      for (const metafields of chunks(gone, PER_CALL)) {
        const { metafieldsDelete: answer } = await this.client.graphql<TRatingsDelete>(shop, token, RATINGS_DELETE, {
          metafields,
        });
        if (answer.userErrors.length) {
          throw new PlatformError('rejected', `Shopify refused to clear a rating: ${answer.userErrors[0].message}`);
        }
      }
    } catch (error) {
      // The scopes noted at install said yes, Shopify says no (access changed since): a reconnect fixes it.
      if (error instanceof PlatformError && error.code === 'ACCESS_DENIED')
        throw new RatingsNotPermitted(RATINGS_SCOPE);
      throw error;
    }
  }

  /** The products' stored values by gid; a product Shopify does not have is left out. */
  private async current(shop: string, token: string, ratings: ProductRating[]) {
    const found = new Map<string, { rating?: string; count?: string }>();
    for (const ids of chunks(
      ratings.map(({ externalId }) => productGid(externalId)),
      READ_PER_CALL,
    )) {
      const { nodes } = await this.client.graphql<TRatingsRead>(shop, token, RATINGS_READ, { ids });
      for (const node of nodes) {
        if (node?.id) found.set(node.id, { rating: node.rating?.value, count: node.ratingCount?.value });
      }
    }
    return found;
  }

  /** Once per connection: a definition Shopify already has (an earlier run, or the merchant) is as good. */
  private async enableDefinitions(merchant: MerchantRow, shop: string, token: string): Promise<void> {
    const connection = merchant.connectedAt?.toISOString() ?? 'connected';
    if (merchant.metadata[DEFINITIONS_NOTE] === connection) return;
    for (const { namespace, key } of Object.values(RATING_METAFIELDS)) {
      const { standardMetafieldDefinitionEnable: answer } = await this.client.graphql<TRatingDefinitionEnable>(
        shop,
        token,
        RATING_DEFINITION_ENABLE,
        { ownerType: 'PRODUCT', namespace, key },
      );
      const refused = answer.userErrors.filter((error) => error.code !== 'TAKEN');
      if (refused.length) {
        throw new PlatformError('rejected', `Shopify refused the ${key} definition: ${refused[0].message}`);
      }
    }
    await this.notes.note(merchant.id, DEFINITIONS_NOTE, connection);
  }
}
