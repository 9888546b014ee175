import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { products, reviews } from '../database/schema.js';

/** What a reply's mail needs of its review. */
export interface ReplyTarget {
  id: string;
  customerName: string;
  customerEmail: string;
  comment: string;
  productName: string;
}

/** The store's public reply to a review and its pin; every method takes the merchant (DESIGN §4 tenancy). */
@Injectable()
export class ReviewRepliesRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async target(merchantId: string, id: string): Promise<ReplyTarget | null> {
    const [row] = await this.db
      .select({
        id: reviews.id,
        customerName: reviews.customerName,
        customerEmail: reviews.customerEmail,
        comment: reviews.comment,
        productName: products.name,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** Writes or rewrites the reply (its first writing time stays); false when the store has no such review. */
  async setReply(merchantId: string, id: string, text: string, at: Date, mailed: boolean): Promise<boolean> {
    const rows = await this.db
      .update(reviews)
      .set({
        replyText: text,
        replyCreatedAt: sql`coalesce(${reviews.replyCreatedAt}, ${at.toISOString()}::timestamptz)`,
        replyUpdatedAt: at,
        ...(mailed && { replyMailedAt: at }),
      })
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, id)))
      .returning({ id: reviews.id });
    return rows.length > 0;
  }

  /** Removes the reply; false when the store has no such review. */
  async clearReply(merchantId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(reviews)
      .set({ replyText: null, replyCreatedAt: null, replyUpdatedAt: null, replyMailedAt: null })
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, id)))
      .returning({ id: reviews.id });
    return rows.length > 0;
  }

  /** Pins (keeping an earlier pin's time) or unpins; false when the store has no such review. */
  async setPinned(merchantId: string, id: string, pinned: boolean, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(reviews)
      .set({ pinnedAt: pinned ? sql`coalesce(${reviews.pinnedAt}, ${at.toISOString()}::timestamptz)` : null })
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, id)))
      .returning({ id: reviews.id });
    return rows.length > 0;
  }
}
