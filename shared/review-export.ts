import { z } from 'zod';
import { MODERATION_FLAGS } from './moderation-options.js';
import { REVIEW_SOURCES, REVIEW_STATUSES, ZReviewListFilter } from './reviews.js';

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

/** One review of the export: the columns of REVIEW_EXPORT_COLUMNS; media links are signed for REVIEW_EXPORT_LINK_DAYS. */
export const ZReviewExportRow = z
  .object({
    id: z.uuid(),
    created_at: z.iso.datetime({ offset: true }),
    status: z.enum(REVIEW_STATUSES),
    deleted_at: z.iso.datetime({ offset: true }).nullable(),
    rating: z.int().min(1).max(5),
    comment: z.string(),
    customer_name: z.string(),
    customer_email: z.string(),
    verified_purchase: z.boolean(),
    source: z.enum(REVIEW_SOURCES),
    product_id: z.string(),
    product_name: z.string(),
    product_sku: z.string().nullable(),
    product_url: z.string().nullable(),
    pinned: z.boolean(),
    flags: z.array(z.enum(MODERATION_FLAGS)),
    reply: z.string().nullable(),
    reply_created_at: z.iso.datetime({ offset: true }).nullable(),
    video_url: z.string().nullable(),
    photo_url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
  })
  .meta({ id: 'ReviewExportRow' });
export type TReviewExportRow = z.output<typeof ZReviewExportRow> &
  Record<(typeof REVIEW_EXPORT_COLUMNS)[number], unknown>;

/** `format=json`: every review as one array. */
export const ZReviewExport = z.array(ZReviewExportRow);
