import { z } from 'zod';
import { ZReviewListFilter } from './reviews.js';

// Exporting a store's reviews (issue 26): every review the Reviews page's filters match, as CSV or JSON, streamed.

export const REVIEW_EXPORT_FORMATS = ['csv', 'json'] as const;
export type TReviewExportFormat = (typeof REVIEW_EXPORT_FORMATS)[number];

/** `GET /api/reviews/export/`: the list's filters and the file's format. */
export const ZReviewExportQuery = ZReviewListFilter.extend({
  format: z.enum(REVIEW_EXPORT_FORMATS, { error: 'csv or json.' }).default('csv'),
});
export type TReviewExportQuery = z.input<typeof ZReviewExportQuery>;

/** How long the media links in an export stay valid. */
export const REVIEW_EXPORT_LINK_DAYS = 7;

/** The columns of our own export format, in order (the CSV's header row; each JSON object's keys). */
export const REVIEW_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'status',
  'deleted_at',
  'rating',
  'comment',
  'customer_name',
  'customer_email',
  'verified_purchase',
  'source',
  'product_id',
  'product_name',
  'product_sku',
  'product_url',
  'pinned',
  'flags',
  'reply',
  'reply_created_at',
  'video_url',
  'photo_url',
  'thumbnail_url',
] as const;

export type TReviewExportRow = {
  id: string;
  created_at: string;
  status: string;
  deleted_at: string | null;
  rating: number;
  comment: string;
  customer_name: string;
  customer_email: string;
  verified_purchase: boolean;
  source: string;
  product_id: string;
  product_name: string;
  product_sku: string | null;
  product_url: string | null;
  pinned: boolean;
  flags: string[];
  reply: string | null;
  reply_created_at: string | null;
  video_url: string | null;
  photo_url: string | null;
  thumbnail_url: string | null;
} & Record<(typeof REVIEW_EXPORT_COLUMNS)[number], unknown>;
