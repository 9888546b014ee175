import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { escapeLike } from '../common/escape-like.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { productWidgetOverrides, products } from '../database/schema.js';

export type ProductRow = typeof products.$inferSelect;
export type OverrideRow = typeof productWidgetOverrides.$inferSelect;

/** A product as its store's platform describes it: the platform is the authority on these fields. */
export interface PlatformProduct {
  externalId: string;
  name: string;
  sku: string | null;
  imageUrl: string | null;
  priceAmount: number | null;
  currency: string | null;
  url: string | null;
  archived: boolean;
}

@Injectable()
export class ProductsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** A page of the store's products (by name), each with its widget override if it has one. */
  async list(
    merchantId: string,
    query: { page: number; pageSize: number; search?: string },
  ): Promise<{ count: number; rows: Array<{ product: ProductRow; override: OverrideRow | null }> }> {
    const term = query.search ? `%${escapeLike(query.search)}%` : undefined;
    const where = and(
      eq(products.merchantId, merchantId),
      isNull(products.archivedAt),
      term ? or(ilike(products.name, term), ilike(products.sku, term), ilike(products.externalId, term)) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.database.db
        .select({ product: products, override: productWidgetOverrides })
        .from(products)
        .leftJoin(productWidgetOverrides, eq(productWidgetOverrides.productId, products.id))
        .where(where)
        .orderBy(asc(products.name), asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.database.db.select({ total: count() }).from(products).where(where),
    ]);
    return { count: total, rows };
  }

  async findByExternalId(merchantId: string, externalId: string): Promise<ProductRow | null> {
    const [row] = await this.database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.externalId, externalId)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Creates or updates products from the platform's catalogue (a sync page or a webhook); returns their ids. The
   * platform is the authority: what a storefront page or the merchant said before is replaced.
   */
  async upsertFromPlatform(merchantId: string, items: PlatformProduct[]): Promise<string[]> {
    if (!items.length) return [];
    const now = new Date();
    const rows = await this.database.db
      .insert(products)
      .values(
        items.map(({ archived, ...item }) => ({
          merchantId,
          ...item,
          source: 'platform' as const,
          archivedAt: archived ? now : null,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [products.merchantId, products.externalId],
        set: {
          name: sql`excluded.name`,
          sku: sql`excluded.sku`,
          imageUrl: sql`excluded.image_url`,
          priceAmount: sql`excluded.price_amount`,
          currency: sql`excluded.currency`,
          url: sql`excluded.url`,
          source: 'platform',
          archivedAt: sql`case when excluded.archived_at is null then null else coalesce(${products.archivedAt}, excluded.archived_at) end`,
          updatedAt: now,
        },
      })
      .returning({ id: products.id });
    return rows.map((row) => row.id);
  }

  /** Deleted on the platform: kept (its reviews are the merchant's), out of the per-product setup. */
  async archive(merchantId: string, externalIds: string[]): Promise<void> {
    if (!externalIds.length) return;
    await this.database.db
      .update(products)
      .set({ archivedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(products.merchantId, merchantId),
          inArray(products.externalId, externalIds),
          isNull(products.archivedAt),
        ),
      );
  }

  /** The products the store's platform reported that it still sells: what its integration page counts as synced. */
  async countSynced(merchantId: string): Promise<number> {
    const [{ total }] = await this.database.db
      .select({ total: count() })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.source, 'platform'), isNull(products.archivedAt)));
    return total;
  }
}
