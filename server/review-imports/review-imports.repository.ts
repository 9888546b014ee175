import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  REVIEW_IMPORT_PREVIEW_KEPT_HOURS,
  type TReviewImportFormat,
  type TReviewImportStatus,
} from '../../shared/review-imports.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { media, products, reviewImports, reviewImportSkips, reviews } from '../database/schema.js';
import { searchTextOf } from '../reviews/reviews.repository.js';

export type ReviewImportRow = typeof reviewImports.$inferSelect;
export type CatalogueProduct = Pick<typeof products.$inferSelect, 'id' | 'externalId' | 'name' | 'sku'> & {
  handle: string | null;
};

/** A review of the file ready to insert: its product found in the catalogue. */
export interface ImportedRow {
  productId: string;
  productName: string;
  importKey: string;
  status: 'pending' | 'approved' | 'rejected';
  customerName: string;
  customerEmail: string;
  rating: number;
  comment: string;
  verifiedPurchase: boolean;
  createdAt: Date;
  replyText: string | null;
  replyCreatedAt: Date | null;
  hasMedia: boolean;
}

export interface SkippedRow {
  row: number;
  reason: string;
  detail: string;
  url?: string;
}

/** The handle of a product link (…/products/<handle>), in SQL, as the file's handles are compared with it. */
const HANDLE_OF_URL = sql<string | null>`substring(${products.url} from '/products/([^/?#]+)')`;

@Injectable()
export class ReviewImportsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async create(values: {
    merchantId: string;
    format: TReviewImportFormat;
    filename: string;
    fileKey: string;
    totalRows: number;
  }): Promise<ReviewImportRow> {
    const [row] = await this.database.db.insert(reviewImports).values(values).returning();
    return row;
  }

  async find(merchantId: string, id: string): Promise<ReviewImportRow | null> {
    const [row] = await this.database.db
      .select()
      .from(reviewImports)
      .where(and(eq(reviewImports.merchantId, merchantId), eq(reviewImports.id, id)));
    return row ?? null;
  }

  list(merchantId: string, limit: number): Promise<ReviewImportRow[]> {
    return this.database.db
      .select()
      .from(reviewImports)
      .where(eq(reviewImports.merchantId, merchantId))
      .orderBy(desc(reviewImports.createdAt), desc(reviewImports.id))
      .limit(limit);
  }

  /** Moves the import from one of `from` to `to`; null when it was in none of them (someone else moved it). */
  async transition(
    merchantId: string,
    id: string,
    from: TReviewImportStatus[],
    to: TReviewImportStatus,
    extra: Partial<Pick<ReviewImportRow, 'startedBy' | 'startedAt' | 'finishedAt' | 'error'>> = {},
  ): Promise<ReviewImportRow | null> {
    const [row] = await this.database.db
      .update(reviewImports)
      .set({ status: to, ...extra })
      .where(
        and(eq(reviewImports.merchantId, merchantId), eq(reviewImports.id, id), inArray(reviewImports.status, from)),
      )
      .returning();
    return row ?? null;
  }

  /** The catalogue's products any of the file's ids, handles or SKUs name. */
  catalogue(
    merchantId: string,
    refs: { ids: string[]; handles: string[]; skus: string[] },
  ): Promise<CatalogueProduct[]> {
    const wanted = [
      refs.ids.length ? inArray(products.externalId, refs.ids) : undefined,
      refs.skus.length ? inArray(products.sku, refs.skus) : undefined,
      refs.handles.length ? sql`${HANDLE_OF_URL} in ${refs.handles}` : undefined,
    ].filter((condition) => condition !== undefined);
    if (!wanted.length) return Promise.resolve([]);
    return this.database.db
      .select({
        id: products.id,
        externalId: products.externalId,
        name: products.name,
        sku: products.sku,
        handle: HANDLE_OF_URL,
      })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), sql`(${sql.join(wanted, sql` or `)})`))
      .orderBy(asc(products.archivedAt), asc(products.createdAt));
  }

  /** Which of `keys` this store's reviews already have. */
  async existingKeys(merchantId: string, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.database.db
      .select({ key: reviews.importKey })
      .from(reviews)
      .where(and(eq(reviews.merchantId, merchantId), inArray(reviews.importKey, keys)));
    return new Set(rows.map((row) => row.key!));
  }

  /**
   * One batch in one transaction: its reviews (a key already there adds nothing), its skipped rows, and the import's
   * counts and checkpoint (`from` rows done before it, now `from` + its rows). Null when the import is no longer
   * running (cancelled): nothing is written. Throws when the checkpoint is not `from` (another run moved it).
   */
  async saveBatch(
    merchantId: string,
    importId: string,
    from: number,
    rows: ImportedRow[],
    skips: SkippedRow[],
    batchRows: number,
  ): Promise<{ withMedia: Array<{ id: string; key: string }>; productIds: string[] } | null> {
    return this.database.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: reviewImports.status, rowsDone: reviewImports.rowsDone })
        .from(reviewImports)
        .where(and(eq(reviewImports.merchantId, merchantId), eq(reviewImports.id, importId)))
        .for('update');
      if (current?.status !== 'running') return null;
      if (current.rowsDone !== from)
        throw new Error(`The import's checkpoint moved from ${from} to ${current.rowsDone}`);
      const inserted = rows.length
        ? await tx
            .insert(reviews)
            .values(
              rows.map((row) => ({
                merchantId,
                productId: row.productId,
                status: row.status,
                customerName: row.customerName,
                customerEmail: row.customerEmail,
                rating: row.rating,
                comment: row.comment,
                source: 'import' as const,
                verifiedPurchase: row.verifiedPurchase,
                createdAt: row.createdAt,
                updatedAt: row.createdAt,
                statusChangedAt: row.status === 'pending' ? null : row.createdAt,
                replyText: row.replyText,
                replyCreatedAt: row.replyText === null ? null : (row.replyCreatedAt ?? row.createdAt),
                // An imported review's reply is the old app's: it was mailed (or not) there.
                replyMailedAt: row.replyText === null ? null : (row.replyCreatedAt ?? row.createdAt),
                searchText: searchTextOf(row.productName, row.customerName, row.comment),
                importKey: row.importKey,
                importId,
              })),
            )
            .onConflictDoNothing({
              target: [reviews.merchantId, reviews.importKey],
              where: isNotNull(reviews.importKey),
            })
            .returning({ id: reviews.id, key: reviews.importKey, productId: reviews.productId })
        : [];
      if (skips.length) {
        await tx
          .insert(reviewImportSkips)
          .values(skips.map((skip) => ({ importId, merchantId, ...skip, url: skip.url ?? '' })))
          .onConflictDoNothing();
      }
      const duplicates = rows.length - inserted.length;
      await tx
        .update(reviewImports)
        .set({
          rowsDone: from + batchRows,
          imported: sql`${reviewImports.imported} + ${inserted.length}`,
          duplicates: sql`${reviewImports.duplicates} + ${duplicates}`,
          skipped: sql`${reviewImports.skipped} + ${skips.length}`,
        })
        .where(eq(reviewImports.id, importId));
      const withMediaKeys = new Set(rows.filter((row) => row.hasMedia).map((row) => row.importKey));
      return {
        withMedia: inserted.filter((row) => withMediaKeys.has(row.key!)).map((row) => ({ id: row.id, key: row.key! })),
        productIds: [...new Set(inserted.map((row) => row.productId))],
      };
    });
  }

  skips(merchantId: string, importId: string) {
    return this.database.db
      .select()
      .from(reviewImportSkips)
      .where(and(eq(reviewImportSkips.merchantId, merchantId), eq(reviewImportSkips.importId, importId)))
      .orderBy(asc(reviewImportSkips.row), asc(reviewImportSkips.url));
  }

  /** An imported review whose media are to be fetched: its import and where it is in the file. */
  async importedReview(merchantId: string, reviewId: string) {
    const [row] = await this.database.db
      .select({
        id: reviews.id,
        importId: reviews.importId,
        importKey: reviews.importKey,
        photoKey: reviews.photoKey,
        videoKey: reviews.videoKey,
      })
      .from(reviews)
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, reviewId)));
    return row ?? null;
  }

  /** Records a medium that could not be fetched, once per row and link. */
  async skipMedia(merchantId: string, importId: string, skip: Required<SkippedRow>): Promise<void> {
    const added = await this.database.db
      .insert(reviewImportSkips)
      .values({ importId, merchantId, ...skip })
      .onConflictDoNothing()
      .returning({ id: reviewImportSkips.id });
    if (added.length) {
      await this.database.db
        .update(reviewImports)
        .set({ mediaSkipped: sql`${reviewImports.mediaSkipped} + 1` })
        .where(eq(reviewImports.id, importId));
    }
  }

  /** Gives the imported review its fetched file (stored already), to be processed like an upload's. */
  async attachMedia(
    merchantId: string,
    importId: string,
    reviewId: string,
    file: { key: string; mime: string; bytes: number; kind: 'video' | 'photo' },
    processing: boolean,
  ): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const [review] = await tx
        .update(reviews)
        .set({
          ...(file.kind === 'video' ? { videoKey: file.key } : { photoKey: file.key }),
          mediaState: processing ? 'processing' : 'ready',
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(reviews.merchantId, merchantId),
            eq(reviews.id, reviewId),
            sql`${reviews.videoKey} is null and ${reviews.photoKey} is null`,
          ),
        )
        .returning({ id: reviews.id });
      if (!review) return false;
      await tx.insert(media).values({ merchantId, key: file.key, mime: file.mime, bytes: file.bytes });
      await tx
        .update(reviewImports)
        .set({ mediaFetched: sql`${reviewImports.mediaFetched} + 1` })
        .where(eq(reviewImports.id, importId));
      return true;
    });
  }

  /** Ends a running import: done, or failed with why; answers false when it was not running (cancelled). */
  async finish(importId: string, status: 'done' | 'failed', error: string | null = null): Promise<boolean> {
    const rows = await this.database.db
      .update(reviewImports)
      .set({ status, error, finishedAt: new Date() })
      .where(and(eq(reviewImports.id, importId), eq(reviewImports.status, 'running')))
      .returning({ id: reviewImports.id });
    return rows.length > 0;
  }

  /**
   * Cancels the previews made before `cutoff` that nobody started, a batch at a time; answers them with their files
   * (to delete). One statement per batch, so two instances sweeping at once never take the same preview.
   */
  async expirePreviews(cutoff: Date, limit: number): Promise<Array<{ id: string; fileKey: string | null }>> {
    const stale = this.database.db
      .select({ id: reviewImports.id })
      .from(reviewImports)
      .where(and(eq(reviewImports.status, 'previewed'), lt(reviewImports.createdAt, cutoff)))
      .limit(limit);
    return this.database.db
      .update(reviewImports)
      .set({
        status: 'cancelled',
        finishedAt: new Date(),
        error: `Not started within ${REVIEW_IMPORT_PREVIEW_KEPT_HOURS} hours of its upload: upload the file again.`,
      })
      .where(and(inArray(reviewImports.id, stale), eq(reviewImports.status, 'previewed')))
      .returning({ id: reviewImports.id, fileKey: reviewImports.fileKey });
  }

  async forgetFile(importId: string): Promise<void> {
    await this.database.db.update(reviewImports).set({ fileKey: null }).where(eq(reviewImports.id, importId));
  }

  async status(importId: string): Promise<ReviewImportRow | null> {
    const [row] = await this.database.db.select().from(reviewImports).where(eq(reviewImports.id, importId));
    return row ?? null;
  }
}
