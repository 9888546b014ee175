import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TReviewSort } from '../../shared/storefront.js';
import { ApiError } from '../common/api-error.js';
import { isUuid } from '../common/uuid.pipe.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { media, merchants, productWidgetOverrides, products, reviews, widgetSettings } from '../database/schema.js';
import { publishedReviews } from '../reviews/published-reviews.js';

/** Each storefront sort's order after the pinned reviews (the newest breaks ties). */
const SORT_ORDER: Record<TReviewSort, SQL[]> = {
  recent: [],
  highest: [desc(reviews.rating)],
  lowest: [asc(reviews.rating)],
  // Reviews whose media are shown (processed), videos and photos alike.
  media: [
    sql`(${reviews.mediaState} = 'ready' and (${reviews.videoKey} is not null or ${reviews.photoKey} is not null)) desc`,
  ],
  helpful: [desc(reviews.helpfulCount)],
};

/** What the storefront shows of a product, with its id for its reviews' lookup. */
const PUBLIC_PRODUCT = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  url: products.url,
  sku: products.sku,
  priceAmount: products.priceAmount,
  currency: products.currency,
  source: products.source,
};

export type PublicMerchant = Pick<typeof merchants.$inferSelect, 'id' | 'storeId'>;

/** The placeholders of the storefront's prepared statements. */
const at = {
  merchant: sql.placeholder('merchant'),
  product: sql.placeholder('product'),
  rating: sql.placeholder('rating'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * The storefront's read path: only approved, non-deleted reviews ever leave through here. Its queries are prepared
 * statements, built once per shape and named, so a cache miss neither builds its SQL again nor has PostgreSQL parse it
 * again on a connection that ran it before.
 */
@Injectable()
export class StorefrontRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  private readonly statements = new PreparedStatements('storefront');

  /** A store whose platform app is uninstalled is no storefront's any more: the widget stops until a re-install. */
  async merchant(idOrStoreId: string): Promise<PublicMerchant | null> {
    const byId = isUuid(idOrStoreId);
    const statement = this.statements.get(byId ? 'merchant_by_id' : 'merchant_by_store_id', (name) =>
      this.db
        .select({ id: merchants.id, storeId: merchants.storeId })
        .from(merchants)
        .where(and(eq(byId ? merchants.id : merchants.storeId, at.merchant), isNull(merchants.disconnectedAt)))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ merchant: idOrStoreId });
    return row ?? null;
  }

  /** The store's own hosts as its platform reported them: its domain, and Shopify's myshopify domain. */
  async storeHosts(merchantId: string): Promise<string[]> {
    const [row] = await this.db
      .select({ platform: merchants.platform, domain: merchants.storeDomain, external: merchants.externalStoreId })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1);
    if (!row) return [];
    return [row.domain, row.platform === 'shopify' ? row.external : null].filter((host): host is string => !!host);
  }

  async storeIdOf(merchantId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ storeId: merchants.storeId })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1);
    return row?.storeId ?? null;
  }

  /** `externalProductId` null: the store's own settings, no product's override. One query: a miss's only one. */
  async configuration(merchantId: string, externalProductId: string | null) {
    const ofProduct = externalProductId !== null;
    const statement = this.statements.get(ofProduct ? 'product_configuration' : 'store_configuration', (name) =>
      this.db
        .select({
          mainLanguage: merchants.mainLanguage,
          storeName: merchants.storeName,
          settings: widgetSettings,
          override: productWidgetOverrides,
        })
        .from(merchants)
        .leftJoin(widgetSettings, eq(widgetSettings.merchantId, merchants.id))
        .leftJoin(
          products,
          ofProduct ? and(eq(products.merchantId, merchants.id), eq(products.externalId, at.product)) : sql`false`,
        )
        .leftJoin(
          productWidgetOverrides,
          and(eq(productWidgetOverrides.merchantId, merchants.id), eq(productWidgetOverrides.productId, products.id)),
        )
        .where(eq(merchants.id, at.merchant))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ merchant: merchantId, product: externalProductId });
    // Erased since its lookup was cached (another instance's few seconds): as unknown as any missing store.
    if (!row) throw ApiError.notFound('No store with this id.', 'unknown_store');
    return row;
  }

  /** The store's main language and its widget's language setting (null when it never saved its settings). */
  async languages(merchantId: string) {
    const [row] = await this.db
      .select({ mainLanguage: merchants.mainLanguage, chosen: widgetSettings.language })
      .from(merchants)
      .leftJoin(widgetSettings, eq(widgetSettings.merchantId, merchants.id))
      .where(eq(merchants.id, merchantId))
      .limit(1);
    if (!row) throw ApiError.notFound('No store with this id.', 'unknown_store');
    return row;
  }

  /** The store's "accept reviews with only stars and text" setting; null when it never saved its widget settings. */
  async acceptsTextReviews(merchantId: string): Promise<boolean | null> {
    const [row] = await this.db
      .select({ accept: widgetSettings.acceptTextReviews })
      .from(widgetSettings)
      .where(eq(widgetSettings.merchantId, merchantId))
      .limit(1);
    return row ? row.accept : null;
  }

  /**
   * A product's published reviews, or with `externalProductId` null the whole store's (each with its product). The
   * product is looked up first, so its reviews are read through the (store, product) index: a store's reviews lie on as
   * many pages as it has reviews, and a product's page should read only its own.
   */
  async approvedReviews(
    merchantId: string,
    externalProductId: string | null,
    page: number,
    pageSize: number,
    sort: TReviewSort = 'recent',
    rating?: number,
  ) {
    const product = externalProductId === null ? null : await this.publicProduct(merchantId, externalProductId);
    if (externalProductId !== null && !product) return { ratings: [], product: null, rows: [] };
    const scope = product ? 'product' : 'store';
    const where = () =>
      product ? and(publishedReviews(at.merchant), eq(reviews.productId, at.product)) : publishedReviews(at.merchant);
    const rows = this.statements.get(`${scope}_reviews_${sort}${rating ? '_rated' : ''}`, (name) =>
      this.db
        .select({
          review: reviews,
          durationMs: media.durationMs,
          product: { externalId: products.externalId, name: products.name, url: products.url, source: products.source },
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .leftJoin(media, eq(media.key, reviews.videoKey))
        .where(rating ? and(where(), eq(reviews.rating, at.rating)) : where())
        // Pinned first (the latest pinned on top) in every sort, then the sort's own order, then the newest.
        .orderBy(
          sql`${reviews.pinnedAt} desc nulls last`,
          ...SORT_ORDER[sort],
          desc(reviews.createdAt),
          desc(reviews.id),
        )
        .limit(at.limit)
        .offset(at.offset)
        .prepare(name),
    );
    const ratings = this.statements.get(`${scope}_ratings`, (name) =>
      this.db
        .select({ rating: reviews.rating, total: count() })
        .from(reviews)
        .where(where())
        .groupBy(reviews.rating)
        .prepare(name),
    );
    const values = {
      merchant: merchantId,
      product: product?.id,
      rating,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    };
    const [found, counts] = await Promise.all([rows.execute(values), ratings.execute(values)]);
    return { ratings: counts, product, rows: found };
  }

  private async publicProduct(merchantId: string, externalProductId: string) {
    const statement = this.statements.get('product', (name) =>
      this.db
        .select(PUBLIC_PRODUCT)
        .from(products)
        .where(and(eq(products.merchantId, at.merchant), eq(products.externalId, at.product)))
        .limit(1)
        .prepare(name),
    );
    const [product] = await statement.execute({ merchant: merchantId, product: externalProductId });
    return product ?? null;
  }

  /** Published reviews per rating of each of these products (by platform id), for their cards' stars. */
  async ratingsOf(merchantId: string, externalProductIds: string[]) {
    return this.db
      .select({ productId: products.externalId, rating: reviews.rating, total: count() })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(publishedReviews(merchantId), inArray(products.externalId, externalProductIds)))
      .groupBy(products.externalId, reviews.rating);
  }
}
