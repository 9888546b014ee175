import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGES, type TLanguage } from '../../shared/constants.js';
import { COMMENT_MAX_LENGTH, CUSTOMER_NAME_MAX_LENGTH } from '../../shared/reviews.js';
import type {
  TBadgeStrings,
  TPublicReviews,
  TPublicReviewsView,
  TRatingDistribution,
  TReviewSummaries,
  TReviewSummary,
  TWidgetConfiguration,
} from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { WIDGET_DEFAULTS, mediaRequired } from '../../shared/widgets.js';
import { CACHE } from '../cache/cache.module.js';
import type { Cache } from '../cache/cache.js';
import { ApiError } from '../common/api-error.js';
import { ShortLivedMap } from '../common/short-lived-map.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { mapSettings } from '../widgets/widgets.mapper.js';
import { cached, type CachedJson } from './cached-json.js';
import { StorefrontCache, type Versioned } from './storefront-cache.js';
import { mapPublicProduct, mapPublicReview, ratingSummary } from './storefront.mapper.js';
import { PUBLIC_MEDIA, type PublicMedia } from '../media/public-media.js';
import { StorefrontRepository, type PublicMerchant } from './storefront.repository.js';

const TTL_S = 300;
const MERCHANT_TTL_S = 60;
const RECENT_STORE_MS = 10_000;
const RECENT_STORES_MAX = 10_000;

/** The storefront read path (DESIGN §7): configuration and public reviews, from the shared cache. */
@Injectable()
export class StorefrontService {
  constructor(
    private readonly storefront: StorefrontRepository,
    private readonly versions: StorefrontCache,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(PUBLIC_MEDIA) private readonly publicMedia: PublicMedia | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Store lookups this instance made recently: the hot path then costs one cache round trip, not two. */
  private readonly recentStores = new ShortLivedMap<PublicMerchant | null>(RECENT_STORE_MS, RECENT_STORES_MAX);

  /**
   * A store by its public id or merchant UUID. Lookups are cached in the shared cache, misses included, so
   * unknown ids cannot hammer the database, and for a few seconds in process (a store's id rarely changes).
   */
  async findStore(idOrStoreId: string): Promise<PublicMerchant | null> {
    const now = Date.now();
    const held = this.recentStores.entry(idOrStoreId, now);
    if (held) return held.value;
    const key = `store:${idOrStoreId}`;
    let found = await this.cache.get<PublicMerchant | { missing: true }>(key);
    if (found === undefined) {
      found = (await this.storefront.merchant(idOrStoreId)) ?? { missing: true };
      await this.cache.set(key, found, MERCHANT_TTL_S);
    }
    const result = 'missing' in found ? null : found;
    this.recentStores.set(idOrStoreId, result, now);
    return result;
  }

  /**
   * The store's connection changed (installed, uninstalled, renamed): its lookups and answers are dropped here and in
   * the shared cache; other instances' few-second copies of the lookup lapse on their own.
   */
  async forgetStore(merchantId: string, storeId?: string): Promise<void> {
    const publicId = storeId ?? (await this.storefront.storeIdOf(merchantId));
    const keys = [merchantId, ...(publicId ? [publicId] : [])];
    for (const key of keys) this.recentStores.delete(key);
    await this.cache.del(...keys.map((key) => `store:${key}`));
    await this.versions.invalidate(merchantId);
  }

  private async merchant(idOrStoreId: string): Promise<PublicMerchant> {
    const merchant = await this.findStore(idOrStoreId);
    if (!merchant) throw ApiError.notFound('No store with this id.', 'unknown_store');
    return merchant;
  }

  /** The hosts a storefront page of the store may be on, when its platform told them (none for a plain website). */
  storeHosts(merchantId: string): Promise<string[]> {
    return this.storefront.storeHosts(merchantId);
  }

  /** The store's data version the loader names (null when there is none to share, see StorefrontCache). */
  version(merchant: PublicMerchant): Promise<string | null> {
    return this.versions.version(merchant.id);
  }

  /**
   * Whether the store's reviews must carry a video or a photo (its widget settings, by `mediaRequired`): what the
   * upload checks, and what any page taking reviews asks; the widget's form reads the same setting in its configuration.
   */
  async mediaRequired(merchantId: string): Promise<boolean> {
    const accept = await this.storefront.acceptsTextReviews(merchantId);
    return mediaRequired({ accept_text_reviews: accept ?? WIDGET_DEFAULTS.accept_text_reviews });
  }

  /** `wanted`: the data version the URL names, if any. `productId` null: the store's own, no product's override. */
  async configuration(merchantRef: string, productId: string | null, wanted?: string): Promise<Versioned<CachedJson>> {
    const merchant = await this.merchant(merchantRef);
    const compute = async () => {
      const { mainLanguage, storeName, settings, override } = await this.storefront.configuration(
        merchant.id,
        productId,
      );
      const {
        position,
        custom_selector,
        language: chosen,
        ...look
      } = settings ? mapSettings(settings) : { ...WIDGET_DEFAULTS };
      const own = override && override.position !== 'global' ? override : null;
      const language = chosen === 'auto' ? mainLanguage : chosen;
      return cached({
        store_id: merchant.storeId,
        store_name: storeName,
        product_id: productId,
        enabled: override?.enabled ?? true,
        language,
        position: own && own.position !== 'global' ? own.position : position,
        custom_selector: own ? own.customSelector : custom_selector,
        settings: look,
        strings: WIDGET_STRINGS[language],
        // Automatic: every language, and the shopper's browser picks; the answer stays one per store.
        ...(chosen === 'auto' && {
          translations: Object.fromEntries(
            LANGUAGES.filter((other) => other !== language).map((other) => [other, WIDGET_STRINGS[other]]),
          ),
        }),
        limits: {
          video_bytes: this.config.uploads.maxVideoBytes,
          photo_bytes: this.config.uploads.maxPhotoBytes,
          comment_length: COMMENT_MAX_LENGTH,
          name_length: CUSTOMER_NAME_MAX_LENGTH,
          // The widget's camera stops recording before the longest video media processing takes.
          video_seconds: this.config.processing.maxDurationS,
        },
      } satisfies TWidgetConfiguration);
    };
    const key = productId === null ? ['config-store'] : ['config', productId];
    return this.versions.wrap(merchant.id, key, TTL_S, compute, wanted);
  }

  /**
   * `view`: the sort and star filter (a bounded set: each is one cached answer per data version). `productId` null:
   * the store's reviews of every product (its "Reviews" page), each naming its product.
   */
  async reviews(
    merchantRef: string,
    productId: string | null,
    page: number,
    pageSize: number,
    wanted?: string,
    view: TPublicReviewsView = { sort: 'recent' },
  ): Promise<Versioned<CachedJson>> {
    const merchant = await this.merchant(merchantRef);
    const { sort, rating } = view;
    const compute = async () => {
      const { ratings, product, rows } = await this.storefront.approvedReviews(
        merchant.id,
        productId,
        page,
        pageSize,
        sort,
        rating,
      );
      // The summary (and the product's JSON-LD) is always of every approved review; the filter narrows the list.
      const summary = ratingSummary(ratings);
      const total = rating ? summary.distribution[rating as keyof TRatingDistribution] : summary.count;
      // Storefronts live on other origins: media URLs must be absolute.
      const url = (key: string | null) => (key ? new URL(this.storage.urlOf(key), this.config.publicUrl).href : null);
      // Files with public copies in the bucket are loaded from there (or the CDN in front of it), not from the app.
      const publicUrl = (key: string | null) => (key ? this.publicMedia!.publicUrlOf(key) : null);
      const link = (p: number) =>
        `/api/reviews/public/${productId === null ? 'all/' : ''}?${new URLSearchParams({
          ...(productId !== null && { product_id: productId }),
          merchant_id: merchant.storeId,
          page: String(p),
          page_size: String(pageSize),
          // Only what differs from the defaults, so the default view keeps today's URLs.
          ...(sort !== 'recent' && { sort }),
          ...(rating && { rating: String(rating) }),
        })}`;
      return cached({
        ...summary,
        product: mapPublicProduct(product),
        next: page * pageSize < total ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: rows.map((row) => {
          const review = mapPublicReview(
            row.review,
            row.durationMs,
            row.review.publicCopies && this.publicMedia ? publicUrl : url,
          );
          if (productId !== null) return review;
          // What a shopper's page said of a product is never published back (mapPublicProduct).
          const { externalId, name, url: link, source } = row.product;
          return { ...review, product: source === 'storefront' ? null : { id: externalId, name, url: link } };
        }),
      } satisfies TPublicReviews);
    };
    return this.versions.wrap(
      merchant.id,
      productId === null
        ? ['all-reviews', page, pageSize, sort, rating ?? 0]
        : ['reviews', productId, page, pageSize, sort, rating ?? 0],
      TTL_S,
      compute,
      wanted,
    );
  }

  /**
   * The stars of a collection page's cards: each product's published reviews, counted and averaged like the public
   * reviews' summary. `ids` are platform product ids; one cached answer per set of ids (in any order) and version.
   */
  async summaries(merchantRef: string, ids: string[], wanted?: string): Promise<Versioned<CachedJson>> {
    const merchant = await this.merchant(merchantRef);
    const sorted = [...new Set(ids)].sort();
    const compute = async () => {
      const rows = await this.storefront.ratingsOf(merchant.id, sorted);
      const byProduct = new Map<string, Array<{ rating: number; total: number }>>();
      for (const row of rows) {
        const ratings = byProduct.get(row.productId) ?? [];
        ratings.push(row);
        byProduct.set(row.productId, ratings);
      }
      const results: Record<string, TReviewSummary> = {};
      for (const id of sorted) {
        const { count, average_rating } = ratingSummary(byProduct.get(id) ?? []);
        if (count) results[id] = { average_rating: average_rating!, count };
      }
      const { mainLanguage, chosen } = await this.storefront.languages(merchant.id);
      const setting = chosen ?? WIDGET_DEFAULTS.language;
      const language = setting === 'auto' ? mainLanguage : setting;
      const badge = (of: TLanguage): TBadgeStrings => {
        const { rated, reviews_one, reviews_many } = WIDGET_STRINGS[of];
        return { rated, reviews_one, reviews_many };
      };
      return cached({
        language,
        strings: badge(language),
        ...(setting === 'auto' && {
          translations: Object.fromEntries(LANGUAGES.filter((other) => other !== language).map((o) => [o, badge(o)])),
        }),
        results,
      } satisfies TReviewSummaries);
    };
    // Up to 50 ids of 200 characters: the key names them by a digest.
    const key = createHash('sha1').update(sorted.join('\n')).digest('base64url');
    return this.versions.wrap(merchant.id, ['summary', key], TTL_S, compute, wanted);
  }
}
