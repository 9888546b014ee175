import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { orderItems, orders } from '../database/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order as a platform reports it, in our terms. */
export interface PlatformOrder {
  externalId: string;
  name: string;
  customerEmail: string;
  customerExternalId: string | null;
  sessionId: string | null;
  currency: string | null;
  totalAmount: number | null;
  orderedAt: Date;
  fulfilledAt: Date | null;
  paidAt: Date | null;
  /** Cancelled, or refunded in full. */
  cancelledAt: Date | null;
  customerName: string;
  /** The buyer's language as the platform reports it (`pt-BR`), when it does. */
  customerLocale: string | null;
  items: Array<{
    productExternalId: string;
    title: string;
    sku: string | null;
    quantity: number;
    priceAmount: number | null;
  }>;
}

/** Who a privacy request is about: the platform's customer id and/or email, and any orders it names. */
export interface CustomerRef {
  email: string | null;
  externalId: string | null;
  orderExternalIds: string[];
}

/** Orders and their lines per store; every method takes the merchant (DESIGN §4 tenancy). */
@Injectable()
export class OrdersRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Inserts the order, or updates it when the platform sends it again (fulfilment, edits), replacing its lines.
   * `firstSeen` tells whether this delivery created it.
   */
  async upsert(merchantId: string, order: PlatformOrder): Promise<{ id: string; firstSeen: boolean }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({ merchantId, ...order })
        .onConflictDoUpdate({
          target: [orders.merchantId, orders.externalId],
          set: {
            name: order.name,
            customerEmail: order.customerEmail,
            customerExternalId: order.customerExternalId,
            // An order keeps the session it first arrived with; a later delivery without the attribute keeps it.
            sessionId: sql`coalesce(${orders.sessionId}, excluded.session_id)`,
            currency: order.currency,
            totalAmount: order.totalAmount,
            fulfilledAt: sql`coalesce(excluded.fulfilled_at, ${orders.fulfilledAt})`,
            paidAt: sql`coalesce(excluded.paid_at, ${orders.paidAt})`,
            customerName: sql`coalesce(nullif(excluded.customer_name, ''), ${orders.customerName})`,
            customerLocale: sql`coalesce(excluded.customer_locale, ${orders.customerLocale})`,
            updatedAt: new Date(),
          },
        })
        .returning({ id: orders.id, firstSeen: sql<boolean>`xmax = 0` });
      await tx.delete(orderItems).where(eq(orderItems.orderId, row.id));
      if (order.items.length) {
        await tx.insert(orderItems).values(order.items.map((item) => ({ ...item, orderId: row.id, merchantId })));
      }
      return row;
    });
  }

  /** Marks the order cancelled (or refunded); false when the store has no such order. */
  async markCancelled(merchantId: string, externalId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(orders)
      .set({
        cancelledAt: sql`coalesce(${orders.cancelledAt}, ${at.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.merchantId, merchantId), eq(orders.externalId, externalId)))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  /** Whether someone with this email ordered this product from the store. */
  async hasBought(merchantId: string, email: string, productExternalId: string): Promise<boolean> {
    if (!email) return false;
    const [row] = await this.database.rows<{ found: boolean }>(sql`
      select exists(
        select 1 from ${orders} o join ${orderItems} i on i.order_id = o.id
        where o.merchant_id = ${merchantId} and o.customer_email = ${email.toLowerCase()}
          and i.merchant_id = ${merchantId} and i.product_external_id = ${productExternalId}
      ) as found`);
    return row.found;
  }

  private customerFilter(merchantId: string, customer: CustomerRef): SQL | undefined {
    const matches = [
      customer.email ? eq(orders.customerEmail, customer.email.toLowerCase()) : undefined,
      customer.externalId ? eq(orders.customerExternalId, customer.externalId) : undefined,
      customer.orderExternalIds.length ? inArray(orders.externalId, customer.orderExternalIds) : undefined,
    ].filter((m): m is SQL => m !== undefined);
    return matches.length ? and(eq(orders.merchantId, merchantId), or(...matches)) : undefined;
  }

  /** The customer's orders with their lines, for a data request. */
  async ofCustomer(merchantId: string, customer: CustomerRef): Promise<Array<OrderRow & { items: OrderItemRow[] }>> {
    const where = this.customerFilter(merchantId, customer);
    if (!where) return [];
    const rows = await this.db.select().from(orders).where(where).orderBy(orders.orderedAt);
    if (!rows.length) return [];
    const items = await this.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      );
    return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }));
  }

  /** Widget sessions the customer's orders carried. */
  async sessionsOf(merchantId: string, customer: CustomerRef): Promise<string[]> {
    const where = this.customerFilter(merchantId, customer);
    if (!where) return [];
    const rows = await this.db
      .selectDistinct({ sessionId: orders.sessionId })
      .from(orders)
      .where(and(where, isNotNull(orders.sessionId)));
    return rows.map((row) => row.sessionId as string);
  }

  /** Erases the customer's orders (their lines go with them). Returns how many. */
  async deleteOfCustomer(merchantId: string, customer: CustomerRef): Promise<number> {
    const where = this.customerFilter(merchantId, customer);
    if (!where) return 0;
    const deleted = await this.db.delete(orders).where(where).returning({ id: orders.id });
    return deleted.length;
  }
}
