import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TModerationFlag } from '../../shared/moderation-options.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { moderationSettings, reviews } from '../database/schema.js';

/** What the filter and the rules read of one review. */
export interface ModerationSubject {
  id: string;
  productId: string;
  status: (typeof reviews.$inferSelect)['status'];
  deleted: boolean;
  customerName: string;
  customerEmail: string;
  comment: string;
  rating: number;
  verifiedPurchase: boolean;
  hasMedia: boolean;
  mediaState: (typeof reviews.$inferSelect)['mediaState'];
  flags: TModerationFlag[];
}

/** Reviews of the store sent before this one (to the microsecond: read in SQL, not through a JS Date). */
function before(merchantId: string, reviewId: string): SQL {
  return sql`${reviews.merchantId} = ${merchantId} and (${reviews.createdAt}, ${reviews.id}) < (
    select r.created_at, r.id from ${reviews} r where r.id = ${reviewId} and r.merchant_id = ${merchantId})`;
}

/** A store's moderation settings and the reviews' flags; every method takes the merchant (DESIGN §4 tenancy). */
@Injectable()
export class ModerationRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async settingsOf(merchantId: string): Promise<Record<string, unknown> | null> {
    const [row] = await this.db
      .select({ settings: moderationSettings.settings })
      .from(moderationSettings)
      .where(eq(moderationSettings.merchantId, merchantId));
    return row?.settings ?? null;
  }

  async saveSettings(merchantId: string, settings: Record<string, unknown>): Promise<void> {
    await this.db
      .insert(moderationSettings)
      .values({ merchantId, settings })
      .onConflictDoUpdate({ target: moderationSettings.merchantId, set: { settings, updatedAt: new Date() } });
  }

  async subject(merchantId: string, reviewId: string): Promise<ModerationSubject | null> {
    const [row] = await this.db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        status: reviews.status,
        deleted: sql<boolean>`${reviews.deletedAt} is not null`,
        customerName: reviews.customerName,
        customerEmail: reviews.customerEmail,
        comment: reviews.comment,
        rating: reviews.rating,
        verifiedPurchase: reviews.verifiedPurchase,
        hasMedia: sql<boolean>`coalesce(${reviews.videoKey}, ${reviews.photoKey}) is not null`,
        mediaState: reviews.mediaState,
        flags: reviews.moderationFlags,
      })
      .from(reviews)
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, reviewId)));
    return row ? { ...row, flags: row.flags as TModerationFlag[] } : null;
  }

  /** Whether the same address sent the same text (spaces and case aside) in an earlier review of the store. */
  async sameTextSent(merchantId: string, review: ModerationSubject): Promise<boolean> {
    if (!review.customerEmail || !review.comment.trim()) return false;
    const normal = (column: typeof reviews.comment | string) =>
      sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;
    const [row] = await this.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          before(merchantId, review.id),
          eq(reviews.customerEmail, review.customerEmail),
          sql`${normal(reviews.comment)} = ${normal(review.comment)}`,
        ),
      )
      .limit(1);
    return !!row;
  }

  /** Whether the same address sent an earlier (not deleted) review of this product. */
  async reviewedBefore(merchantId: string, review: ModerationSubject): Promise<boolean> {
    if (!review.customerEmail) return false;
    const [row] = await this.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          before(merchantId, review.id),
          eq(reviews.customerEmail, review.customerEmail),
          eq(reviews.productId, review.productId),
          isNull(reviews.deletedAt),
        ),
      )
      .limit(1);
    return !!row;
  }

  async setFlags(merchantId: string, reviewId: string, flags: TModerationFlag[]): Promise<void> {
    await this.db
      .update(reviews)
      .set({ moderationFlags: flags })
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, reviewId)));
  }
}
