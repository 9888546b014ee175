import { REVIEW_EXPORT_COLUMNS } from '../../../shared/review-export.js';
import { REVIEW_STATUSES, type TReviewStatus } from '../../../shared/review-statuses.js';
import { type ImportFormat, yes } from '../review-import-format.js';

/**
 * Our own export (shared/review-export.ts, server/review-export/): a UTF-8 BOM, ISO dates, lists joined with "|",
 * and a value starting with = + - @ tab or CR written with a leading apostrophe (taken off here). Its media links are
 * signed for 7 days: an export is imported within that week, or its media are not. Deleted reviews are not imported.
 */
export const ours: ImportFormat = {
  id: 'ours',
  signature: ['id', 'created_at', 'status', 'rating', 'comment', 'customer_name', 'product_id', 'verified_purchase'],
  columns: [...REVIEW_EXPORT_COLUMNS],
  slashDates: 'mdy',
  unescape: (value) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value),
  read: (cells) => {
    const status = cells('status');
    return {
      sourceReviewId: cells('id'),
      product: {
        id: cells('product_id'),
        sku: cells('product_sku'),
        name: cells('product_name'),
        url: cells('product_url'),
      },
      rating: cells('rating'),
      body: cells('comment'),
      reviewerName: cells('customer_name'),
      reviewerEmail: cells('customer_email'),
      createdAt: cells('created_at'),
      verified: yes(cells('verified_purchase')),
      status: REVIEW_STATUSES.includes(status as TReviewStatus) ? (status as TReviewStatus) : 'pending',
      reply: { text: cells('reply'), createdAt: cells('reply_created_at') },
      media: [cells('video_url'), cells('photo_url')],
      skip: cells('deleted_at') ? 'deleted' : undefined,
    };
  },
};
