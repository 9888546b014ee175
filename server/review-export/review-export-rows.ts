import type { TModerationFlag } from '../../shared/moderation-options.js';
import type { TReviewExportRow } from '../../shared/review-export.js';
import type { ExportedReview } from './review-export.repository.js';

/** A review as a row of the export; `link` signs a media key for the export's lifetime. */
export function exportRow({ review, product }: ExportedReview, link: (key: string) => string): TReviewExportRow {
  return {
    id: review.id,
    created_at: review.createdAt.toISOString(),
    status: review.status,
    deleted_at: review.deletedAt?.toISOString() ?? null,
    rating: review.rating,
    comment: review.comment,
    customer_name: review.customerName,
    customer_email: review.customerEmail,
    verified_purchase: review.verifiedPurchase,
    source: review.source,
    product_id: product.externalId,
    product_name: product.name,
    product_sku: product.sku,
    product_url: product.url,
    pinned: review.pinnedAt !== null,
    flags: review.moderationFlags as TModerationFlag[],
    reply: review.replyText,
    reply_created_at: review.replyText === null ? null : (review.replyCreatedAt ?? review.createdAt).toISOString(),
    video_url: review.videoKey && review.mediaState === 'ready' ? link(review.videoKey) : null,
    photo_url: review.photoKey && review.mediaState === 'ready' ? link(review.photoKey) : null,
    thumbnail_url: review.thumbnailKey && review.mediaState === 'ready' ? link(review.thumbnailKey) : null,
  };
}

/**
 * A spreadsheet evaluates a cell that starts with = + - @ (or a tab or carriage return) as a formula: such a value is
 * written with a leading apostrophe (OWASP's advice for CSV injection), which spreadsheets show as text. Our import
 * takes the apostrophe off again.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A row's cells as the CSV writes them: booleans as true/false, lists joined with "|", nulls empty. */
export function csvCells(row: TReviewExportRow): Record<string, string | number> {
  const cells: Record<string, string | number> = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === null) cells[column] = '';
    else if (typeof value === 'number') cells[column] = value;
    else if (typeof value === 'boolean') cells[column] = String(value);
    else if (Array.isArray(value)) cells[column] = value.join('|');
    else cells[column] = spreadsheetSafe(String(value));
  }
  return cells;
}
