import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TReviewFilter, TReviewStatus } from '../../shared/reviews.js';
import { usageOf, type ReviewUsage } from '../billing/usage.js';
import { escapeLike } from '../common/escape-like.js';
import type { Database, DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { readOnce, renderReadKeys, type RenderReads } from '../database/render-reads.js';
import { media, merchants, products, reviewCounters, reviewStatusChanges, reviews } from '../database/schema.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CounterRow = typeof reviewCounters.$inferSelect;
export interface ReviewWithProduct {
  review: ReviewRow;
  product: ProductRow;
}

/** What a moderation decides from. */
export type ModerationTarget = Pick<ReviewRow, 'id' | 'status' | 'deletedAt'>;

/** What a moderation decides: the new status and/or deletion time; `event` names the change for the audit. */
export interface ReviewChange {
  status?: TReviewStatus;
  deletedAt?: Date | null;
  event: { from: string; to: string };
}

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface NewReview {
  merchantId: string;
  productId: string;
  customerName: string;
  customerEmail: string;
  rating: number;
  comment: string;
  videoKey?: string;
  photoKey?: string;
  thumbnailKey?: string;
  mediaState?: ReviewRow['mediaState'];
  source: ReviewRow['source'];
  verifiedPurchase?: boolean;
  sessionId?: string;
}

export function searchTextOf(productName: string, customerName: string, comment: string): string {
  return `${productName}\n${customerName}\n${comment}`.toLowerCase();
}

/** `searchTextOf` in SQL, for rows already stored (aliased `r`). */
function searchTextSql(productName: SQL): SQL {
  return sql`lower(${productName} || chr(10) || r.customer_name || chr(10) || r.comment)`;
}

/** What the reviews list (and a bulk action over it) narrows to. */
export interface ReviewFilter {
  status?: TReviewFilter;
  search?: string;
  flagged?: boolean;
}

/** The reviews a list filter matches (the Reviews page, its bulk actions, the export). */
export function reviewFilterWhere(
  merchantId: string | Placeholder,
  { status, search, flagged }: ReviewFilter,
): SQL | undefined {
  const byStatus =
    status === 'deleted'
      ? isNotNull(reviews.deletedAt)
      : and(isNull(reviews.deletedAt), status ? eq(reviews.status, status) : undefined);
  const bySearch = search ? sql`${reviews.searchText} like ${`%${escapeLike(search.toLowerCase())}%`}` : undefined;
  const byFlags =
    flagged === undefined
      ? undefined
      : flagged
        ? sql`cardinality(${reviews.moderationFlags}) > 0`
        : sql`cardinality(${reviews.moderationFlags}) = 0`;
  return and(eq(reviews.merchantId, merchantId), byStatus, bySearch, byFlags);
}

function countOf(counters: CounterRow[], status?: TReviewFilter): number {
  const matching = counters.filter((c) =>
    status === 'deleted' ? c.deleted : !c.deleted && (status === undefined || c.status === status),
  );
  return matching.reduce((sum, c) => sum + c.reviews, 0);
}

const at = {
  merchant: sql.placeholder('merchant'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** Reviews, their products and media rows; every method takes the merchant (DESIGN §4 tenancy). */
@Injectable()
export class ReviewsRepository {
  private readonly statements = new PreparedStatements('reviews');

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /** Newest first; deleted reviews by when they were deleted. */
  private order(status?: TReviewFilter): SQL[] {
    return [status === 'deleted' ? desc(reviews.deletedAt) : desc(reviews.createdAt), desc(reviews.id)];
  }

  /** `reads`: a page render's, which shares the counters with the filter's counts and the plan's usage. */
  async list(
    merchantId: string,
    query: ReviewFilter & { page: number; pageSize: number },
    reads?: RenderReads,
  ): Promise<{ count: number; rows: ReviewWithProduct[] }> {
    const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    // Without a search or the flags, the page is a prepared statement and the counters answer the count at once; a
    // search (or the flags) counts its matches.
    if (!query.search && query.flagged === undefined) {
      const [rows, counters] = await Promise.all([
        this.byStatus(query.status).execute({ merchant: merchantId, ...page }),
        this.sharedCounters(merchantId, reads),
      ]);
      return { count: countOf(counters, query.status), rows };
    }
    const where = reviewFilterWhere(merchantId, query);
    const [rows, [{ total }]] = await Promise.all([
      this.pageOf(where, query.status).limit(page.limit).offset(page.offset),
      this.db.select({ total: count() }).from(reviews).where(where),
    ]);
    return { count: total, rows };
  }

  /** The list's rows where `where` holds, in its order. */
  private pageOf(where: SQL | undefined, status: TReviewFilter | undefined) {
    return this.db
      .select({ review: reviews, product: products })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(...this.order(status))
      .$dynamic();
  }

  /** A page of the list without a search or flags (the Reviews page as it opens): a prepared statement per status. */
  private byStatus(status: TReviewFilter | undefined) {
    return this.statements.get(`page_${status ?? 'live'}`, (name) =>
      this.pageOf(reviewFilterWhere(at.merchant, { status }), status).limit(at.limit).offset(at.offset).prepare(name),
    );
  }

  async find(merchantId: string, id: string): Promise<ReviewWithProduct | null> {
    const [row] = await this.db
      .select({ review: reviews, product: products })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, id)))
      .limit(1);
    return row ?? null;
  }

  async stats(
    merchantId: string,
    reads?: RenderReads,
  ): Promise<{
    counts: Record<TReviewStatus | 'deleted', number>;
    averageRating: number | null;
  }> {
    const counters = await this.sharedCounters(merchantId, reads);
    const live = (status: TReviewStatus) => counters.find((c) => c.status === status && !c.deleted);
    const approved = live('approved');
    return {
      counts: {
        pending: live('pending')?.reviews ?? 0,
        approved: approved?.reviews ?? 0,
        rejected: live('rejected')?.reviews ?? 0,
        deleted: countOf(counters, 'deleted'),
      },
      averageRating: approved?.reviews ? approved.ratingSum / approved.reviews : null,
    };
  }

  private sharedCounters(merchantId: string, reads: RenderReads | undefined): Promise<CounterRow[]> {
    return readOnce(reads, renderReadKeys.reviewCounters(merchantId), () => this.counters(merchantId));
  }

  /** The trigger-kept counts (migration 0004): one row per status and deletion. */
  counters(merchantId: string, tx?: Transaction | Database): Promise<CounterRow[]> {
    if (tx) return tx.select().from(reviewCounters).where(eq(reviewCounters.merchantId, merchantId));
    // Read on every page of the list and the moderation counts: prepared.
    const statement = this.statements.get('counters', (name) =>
      this.db.select().from(reviewCounters).where(eq(reviewCounters.merchantId, at.merchant)).prepare(name),
    );
    return statement.execute({ merchant: merchantId });
  }

  async topProducts(merchantId: string, limit: number): Promise<Array<{ product: ProductRow; reviews: number }>> {
    const rows = await this.db
      .select({ product: products, reviews: count(reviews.id) })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.merchantId, merchantId), isNull(reviews.deletedAt)))
      .groupBy(products.id)
      .orderBy(desc(count(reviews.id)), products.name)
      .limit(limit);
    return rows;
  }

  async usage(merchantId: string, tx?: Transaction | Database): Promise<ReviewUsage> {
    return usageOf(await this.counters(merchantId, tx));
  }

  /**
   * Applies moderations under a per-merchant lock, so two approvals racing for the last slot of a plan cannot both
   * pass: `decide` sees the store's reviews among `ids` (locked, in the order of `ids`) and the usage as they are,
   * and returns the change of each review to change, or throws. Set-based: one update per kind of change and one
   * insert of their audit rows, whatever the number of reviews.
   */
  async moderate(
    merchantId: string,
    ids: readonly string[],
    /** null: the store's own rules (automatic moderation). */
    actorUserId: string | null,
    decide: (reviews: ModerationTarget[], usage: () => Promise<ReviewUsage>) => Promise<Map<string, ReviewChange>>,
  ): Promise<string[]> {
    if (!ids.length) return [];
    return this.db.transaction(async (tx) => {
      // `no key update`: serialises moderations of one store without blocking its uploads' foreign keys.
      await tx.execute(sql`select id from ${merchants} where id = ${merchantId} for no key update`);
      const locked = await tx
        .select({ id: reviews.id, status: reviews.status, deletedAt: reviews.deletedAt })
        .from(reviews)
        .where(and(eq(reviews.merchantId, merchantId), inArray(reviews.id, [...ids])))
        .orderBy(reviews.id)
        .for('update');
      const byId = new Map(locked.map((review) => [review.id, review]));
      const found = ids.flatMap((id) => byId.get(id) ?? []);
      const changes = await decide(found, () => this.usage(merchantId, tx));
      if (!changes.size) return [];
      const now = new Date();
      // Reviews taking the same change go in one statement.
      const groups = new Map<string, { change: ReviewChange; ids: string[] }>();
      for (const [id, change] of changes) {
        const key = `${change.status ?? ''}:${change.deletedAt === undefined ? '' : (change.deletedAt?.getTime() ?? 'null')}`;
        const group = groups.get(key) ?? { change, ids: [] };
        group.ids.push(id);
        groups.set(key, group);
      }
      const updated: string[] = [];
      for (const { change, ids: groupIds } of groups.values()) {
        const rows = await tx
          .update(reviews)
          .set({
            ...(change.status && { status: change.status, statusChangedAt: now }),
            ...(change.deletedAt !== undefined && { deletedAt: change.deletedAt }),
            updatedAt: now,
          })
          .where(and(eq(reviews.merchantId, merchantId), inArray(reviews.id, groupIds)))
          .returning({ id: reviews.id });
        updated.push(...rows.map((row) => row.id));
      }
      if (updated.length) {
        await tx.insert(reviewStatusChanges).values(
          updated.map((id) => ({
            reviewId: id,
            merchantId,
            fromStatus: changes.get(id)!.event.from,
            toStatus: changes.get(id)!.event.to,
            actorUserId,
            automatic: actorUserId === null,
            at: now,
          })),
        );
      }
      return updated;
    });
  }

  /**
   * The store's reviews among `ids`, or all matching a list filter, in the list's order (the order a bulk action
   * spends the plan's room in). Ids of other stores are left out.
   */
  async targetIds(merchantId: string, target: { ids: readonly string[] } | ReviewFilter): Promise<string[]> {
    const where =
      'ids' in target
        ? and(eq(reviews.merchantId, merchantId), inArray(reviews.id, [...target.ids]))
        : reviewFilterWhere(merchantId, target);
    const rows = await this.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(where)
      .orderBy(...this.order('ids' in target ? undefined : target.status));
    return rows.map((row) => row.id);
  }

  async update(
    merchantId: string,
    id: string,
    patch: { comment?: string; rating?: number; productId?: string },
  ): Promise<ReviewRow | null> {
    const [updated] = await this.db
      .update(reviews)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, id)))
      .returning();
    if (updated) await this.refreshSearchText(id);
    return updated ?? null;
  }

  private async refreshSearchText(id: string): Promise<void> {
    await this.database.rows(sql`
      update ${reviews} r set search_text = ${searchTextSql(sql`p.name`)}
      from ${products} p where p.id = r.product_id and r.id = ${id}`);
  }

  /** After the platform renamed products: their reviews' search text follows. */
  async refreshProductsSearchText(merchantId: string, productIds: string[]): Promise<void> {
    if (!productIds.length) return;
    await this.database.rows(sql`
      update ${reviews} r set search_text = ${searchTextSql(sql`p.name`)}
      from ${products} p
      where p.id = r.product_id and r.merchant_id = ${merchantId} and p.merchant_id = ${merchantId}
        and p.id in ${productIds} and r.search_text <> ${searchTextSql(sql`p.name`)}`);
  }

  /** An order by this email arrived: its reviews of these products (by their platform ids) become verified. */
  async markVerified(merchantId: string, email: string, productExternalIds: string[]): Promise<number> {
    if (!email || !productExternalIds.length) return 0;
    const rows = await this.database.rows<{ id: string }>(sql`
      update ${reviews} r set verified_purchase = true, updated_at = now()
      from ${products} p
      where p.id = r.product_id and r.merchant_id = ${merchantId} and p.merchant_id = ${merchantId}
        and r.customer_email = ${email.toLowerCase()} and p.external_id in ${productExternalIds}
        and not r.verified_purchase
      returning r.id`);
    return rows.length;
  }

  /** Every review a customer (by email) left in the store, deleted ones included: a privacy data request. */
  async ofCustomer(merchantId: string, email: string): Promise<ReviewWithProduct[]> {
    return this.db
      .select({ review: reviews, product: products })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.customerEmail, email.toLowerCase())))
      .orderBy(reviews.createdAt);
  }

  /**
   * A customer's erasure: their reviews keep rating and words but lose name, email, session and media. Returns the
   * media keys they held (the caller deletes the files first, so a retry after a crash still finds them) and the
   * sessions, read before they go.
   */
  async customerTraces(merchantId: string, email: string): Promise<{ keys: string[]; sessions: string[] }> {
    const rows = await this.database.rows<{ keys: string[]; session: string | null }>(sql`
      select array_remove(array[video_key, photo_key, thumbnail_key], null) as keys, session_id as session
      from ${reviews} where merchant_id = ${merchantId} and customer_email = ${email.toLowerCase()}`);
    return {
      keys: rows.flatMap((row) => row.keys),
      sessions: [...new Set(rows.map((row) => row.session).filter((s): s is string => s !== null))],
    };
  }

  async anonymiseCustomer(merchantId: string, email: string, keys: string[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.execute(sql`
        update ${reviews} r set customer_name = '', customer_email = '', session_id = null,
          video_key = null, photo_key = null, thumbnail_key = null, updated_at = now(),
          search_text = lower(p.name || chr(10) || chr(10) || r.comment)
        from ${products} p
        where p.id = r.product_id and r.merchant_id = ${merchantId} and r.customer_email = ${email.toLowerCase()}
        returning r.id`);
      if (keys.length) await tx.delete(media).where(and(eq(media.merchantId, merchantId), inArray(media.key, keys)));
      return (rows as unknown as { rows: unknown[] }).rows.length;
    });
  }

  /**
   * Removes reviews deleted before `cutoff` (all merchants: a maintenance job) and returns their media keys.
   * Rows go in merchant/status order so concurrent purges take the counter rows' locks in the same order.
   */
  async purgeDeletedBefore(cutoff: Date, batch: number): Promise<{ reviews: number; keys: string[] }> {
    const purged = await this.database.rows<{ keys: string[] }>(sql`
      with gone as (
        delete from ${reviews} where id in (
          select id from ${reviews} where deleted_at < ${cutoff.toISOString()}::timestamptz
          order by merchant_id, status, id limit ${batch} for update skip locked)
        returning video_key, photo_key, thumbnail_key)
      select array_remove(array[video_key, photo_key, thumbnail_key], null) as keys from gone`);
    const keys = purged.flatMap((row) => row.keys);
    if (keys.length) await this.db.delete(media).where(inArray(media.key, keys));
    return { reviews: purged.length, keys };
  }

  /**
   * Creates the product on first sight. Later sightings (anonymous shopper uploads) only fill what is still
   * blank, so nobody can rename a product or swap its image or link; a name filled in later reaches the
   * search text of the product's reviews.
   */
  /**
   * The review's product: the stored one as it is, or a new one from what the submission said. A review never changes
   * an existing product (only a platform's sync or the merchant do), so its first submitter cannot be outbid later,
   * nor a synced product renamed.
   */
  async upsertProduct(
    merchantId: string,
    product: { externalId: string; name?: string; imageUrl?: string; url?: string; source?: ProductRow['source'] },
  ): Promise<ProductRow> {
    const [created] = await this.db
      .insert(products)
      .values({
        merchantId,
        externalId: product.externalId,
        name: product.name ?? '',
        imageUrl: product.imageUrl,
        url: product.url,
        source: product.source,
      })
      .onConflictDoNothing({ target: [products.merchantId, products.externalId] })
      .returning();
    if (created) return created;
    const [row] = await this.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.externalId, product.externalId)))
      .limit(1);
    return row;
  }

  /** `within`: more writes in the same transaction, which a throw there undoes with the review. */
  async create(
    review: NewReview,
    productName: string,
    files: Array<typeof media.$inferInsert>,
    within?: (tx: Transaction, row: ReviewRow) => Promise<void>,
  ): Promise<ReviewRow> {
    return this.db.transaction(async (tx) => {
      if (files.length) await tx.insert(media).values(files);
      const [row] = await tx
        .insert(reviews)
        .values({ ...review, searchText: searchTextOf(productName, review.customerName, review.comment) })
        .returning();
      await within?.(tx, row);
      return row;
    });
  }
}
