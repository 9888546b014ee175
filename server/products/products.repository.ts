import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { escapeLike } from '../common/escape-like.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { productWidgetOverrides, products } from '../database/schema.js';

export type ProductRow = typeof products.$inferSelect;
export type OverrideRow = typeof productWidgetOverrides.$inferSelect;

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
}
