import type { TImportedReview, TImportRowResult, TReviewImportSkipReason } from '../../shared/review-imports.js';
import { COMMENT_MAX_LENGTH } from '../../shared/reviews.js';
import { describeRef, productMatcher, productRefsOf } from './review-import-products.js';
import type { CatalogueProduct, ImportedRow, ReviewImportsRepository } from './review-imports.repository.js';

/** A row of the file with its product looked up: to import, or skipped and why. */
export type ResolvedRow =
  | { row: number; ok: true; review: TImportedReview; product: CatalogueProduct }
  | { row: number; ok: false; reason: TReviewImportSkipReason; detail: string; review?: TImportedReview };

/** Rows read from the file a batch at a time: one catalogue query per batch, and one transaction in the job. */
export const IMPORT_BATCH_ROWS = 200;

/** Takes the next `size` results of the file (fewer at its end). */
export async function nextBatch(rows: AsyncIterator<TImportRowResult>, size: number): Promise<TImportRowResult[]> {
  const batch: TImportRowResult[] = [];
  while (batch.length < size) {
    const next = await rows.next();
    if (next.done) break;
    batch.push(next.value);
  }
  return batch;
}

/** The rows of a batch with their products; a review whose product the catalogue lacks is skipped (missing_product). */
export async function resolveBatch(
  repository: ReviewImportsRepository,
  merchantId: string,
  results: readonly TImportRowResult[],
): Promise<ResolvedRow[]> {
  const find = productMatcher(await repository.catalogue(merchantId, productRefsOf(results)));
  return results.map((result): ResolvedRow => {
    if (!result.ok) return result;
    const product = find(result.review.productRef);
    if (product) return { ...result, product };
    return {
      row: result.row,
      ok: false,
      reason: 'missing_product',
      detail: `No product with ${describeRef(result.review.productRef)} in your catalogue.`,
      review: result.review,
    };
  });
}

/** The review's text: a title the old app kept apart comes first, as its own paragraph. */
export function commentOf(review: TImportedReview): string {
  const text = review.title && review.body ? `${review.title}\n\n${review.body}` : review.title || review.body;
  return text.length > COMMENT_MAX_LENGTH ? text.slice(0, COMMENT_MAX_LENGTH) : text;
}

/** A resolved row as the job inserts it. */
export function importedRow(row: Extract<ResolvedRow, { ok: true }>): ImportedRow {
  const { review, product } = row;
  return {
    productId: product.id,
    productName: product.name,
    importKey: review.key,
    status: review.status,
    customerName: review.reviewerName,
    customerEmail: review.reviewerEmail ?? '',
    rating: review.rating,
    comment: commentOf(review),
    verifiedPurchase: review.verified,
    createdAt: review.createdAt,
    replyText: review.reply?.text ?? null,
    replyCreatedAt: review.reply?.createdAt ?? null,
    hasMedia: review.mediaUrls.length > 0,
  };
}
