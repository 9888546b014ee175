import { z } from 'zod';
import { REVIEW_STATUSES } from './review-statuses.js';

// Importing reviews from another review app's CSV export (issue 26): the formats recognised and the normalised row
// every format is read into. The dashboard's preview shows these rows as they will be imported.

export const REVIEW_IMPORT_FORMATS = ['ours', 'judgeme', 'loox', 'yotpo', 'okendo', 'stamped'] as const;
export type TReviewImportFormat = (typeof REVIEW_IMPORT_FORMATS)[number];

export const REVIEW_IMPORT_FORMAT_LABELS: Record<TReviewImportFormat, string> = {
  ours: 'Our own export',
  judgeme: 'Judge.me',
  loox: 'Loox',
  yotpo: 'Yotpo',
  okendo: 'Okendo',
  stamped: 'Stamped',
};

/** An import's life: previewed (uploaded, waiting for the merchant's go), running, then cancelled, done or failed. */
export const REVIEW_IMPORT_STATUSES = ['previewed', 'running', 'cancelled', 'done', 'failed'] as const;
export type TReviewImportStatus = (typeof REVIEW_IMPORT_STATUSES)[number];

/** Why a row of the file is not imported. */
export const REVIEW_IMPORT_SKIP_REASONS = [
  'missing_rating',
  'bad_rating',
  'rating_out_of_range',
  'missing_product',
  'bad_date',
  'empty_review',
  'too_long',
  'invalid_text',
  'deleted',
] as const;
export type TReviewImportSkipReason = (typeof REVIEW_IMPORT_SKIP_REASONS)[number];

/** A product as the file names it; the import matches it against the catalogue by id, then handle, then SKU. */
export const ZImportProductRef = z.object({
  id: z.string().optional(),
  handle: z.string().optional(),
  sku: z.string().optional(),
  name: z.string().optional(),
  url: z.string().optional(),
});
export type TImportProductRef = z.infer<typeof ZImportProductRef>;

/** One review of an import file, normalised whatever app wrote it. Dates are `Date`s (ISO strings in JSON). */
export const ZImportedReview = z.object({
  source: z.enum(REVIEW_IMPORT_FORMATS),
  /** The review's id in the app that exported it, when the file has one. */
  sourceReviewId: z.string().nullable(),
  /** Re-importing a row with the same key adds nothing: source + source review id, or a hash of the row. */
  key: z.string(),
  productRef: ZImportProductRef,
  rating: z.number().int().min(1).max(5),
  title: z.string().optional(),
  body: z.string(),
  reviewerName: z.string(),
  reviewerEmail: z.string().optional(),
  createdAt: z.coerce.date(),
  verified: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  reply: z.object({ text: z.string(), createdAt: z.coerce.date().optional() }).optional(),
  /** http(s) links to the review's photos and videos, to be fetched by the import job. */
  mediaUrls: z.array(z.string()),
});
export type TImportedReview = z.infer<typeof ZImportedReview>;

/** A data row of the file (numbered as a spreadsheet numbers it: the header is row 1): imported, or skipped and why. */
export type TImportRowResult =
  | { row: number; ok: true; review: TImportedReview }
  | { row: number; ok: false; reason: TReviewImportSkipReason; detail: string };

// --- The import API (`/api/review-imports/`) ---

/** The largest import file accepted. */
export const REVIEW_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows the preview shows as they will be imported. */
export const REVIEW_IMPORT_PREVIEW_ROWS = 20;
/** A preview not started within this is cancelled and its file deleted: the merchant uploads it again. */
export const REVIEW_IMPORT_PREVIEW_KEPT_HOURS = 24;

const count = z.int().nonnegative();
/** An instant as the server writes it (`toISOString()`, UTC). */
const instant = z.iso.datetime({ offset: true });

/** A row as it will be imported, or why not: `product` is the catalogue's product it maps to, null when none. */
export const ZReviewImportPreviewRow = z
  .object({
    row: z.int().min(2),
    outcome: z.enum(['import', 'duplicate', 'skip']),
    reason: z.enum(REVIEW_IMPORT_SKIP_REASONS).nullable(),
    detail: z.string().nullable(),
    rating: z.int().min(1).max(5).nullable(),
    reviewer_name: z.string().nullable(),
    body: z.string().nullable(),
    created_at: instant.nullable(),
    verified: z.boolean().nullable(),
    /** Photo and video links the job will fetch. */
    media: count,
    product_ref: z.string().nullable(),
    product: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ReviewImportPreviewRow' });
export type TReviewImportPreviewRow = z.output<typeof ZReviewImportPreviewRow>;

/** An import: the file, where it stands, and its counts. */
export const ZReviewImport = z
  .object({
    id: z.uuid(),
    format: z.enum(REVIEW_IMPORT_FORMATS),
    format_label: z.string(),
    filename: z.string(),
    status: z.enum(REVIEW_IMPORT_STATUSES),
    total_rows: count,
    rows_done: count,
    imported: count,
    duplicates: count,
    skipped: count,
    media_fetched: count,
    media_skipped: count,
    error: z.string().nullable(),
    created_at: instant,
    started_at: instant.nullable(),
    finished_at: instant.nullable(),
    /** Rows a second while running, since it started; null before. */
    rate: z.number().nonnegative().nullable(),
    /** Seconds left at that rate while running; null when not known. */
    seconds_left: count.nullable(),
    /** The path of its skipped rows' CSV, under the API. */
    skipped_csv_url: z.string(),
  })
  .meta({ id: 'ReviewImport' });
export type TReviewImport = z.output<typeof ZReviewImport>;

/** GET /api/review-imports/: the store's latest imports (up to 50), newest first. */
export const ZReviewImportList = z.object({ results: z.array(ZReviewImport) }).meta({ id: 'ReviewImportList' });
export type TReviewImportList = z.output<typeof ZReviewImportList>;

/** The upload's 400 for a file whose header row no format fits, or several fit alike: the formats it reads. */
export const ZReviewImportFormatError = z
  .object({
    detail: z.string(),
    code: z.enum(['unknown_import_format', 'ambiguous_import_format']),
    accepted_formats: z.array(z.enum(REVIEW_IMPORT_FORMATS)),
  })
  .meta({ id: 'ReviewImportFormatError' });
export type TReviewImportFormatError = z.output<typeof ZReviewImportFormatError>;

/** What the upload answers: the import waiting for its start, the first rows and the counts over the whole file. */
export const ZReviewImportPreview = z
  .object({
    import: ZReviewImport,
    rows: z.array(ZReviewImportPreviewRow).max(REVIEW_IMPORT_PREVIEW_ROWS),
    counts: z.object({ import: count, duplicate: count, skip: count }),
    skip_reasons: z.partialRecord(z.enum(REVIEW_IMPORT_SKIP_REASONS), count),
  })
  .meta({ id: 'ReviewImportPreview' });
export type TReviewImportPreview = z.output<typeof ZReviewImportPreview>;
