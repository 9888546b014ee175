import { z } from 'zod';
import { BULK_MODERATION_MAX_IDS, REPLY_MAX_LENGTH, REVIEWS_PAGE_SIZE } from './constants.js';
import { ZPlanLimitError } from './billing.js';
import { MODERATION_FLAGS } from './moderation-options.js';
import { MEDIA_STATES, REVIEW_FILTERS, REVIEW_SOURCES, REVIEW_STATUSES } from './review-statuses.js';
import { PRODUCT_SOURCES } from './widget-options.js';
export * from './review-statuses.js';

// The API contract of reviews, plans and usage (SPEC §3, §7 Reviews and Billing plans, DESIGN §6.1–§6.4).

export const MAX_PAGE_SIZE = 100;
export const COMMENT_MAX_LENGTH = 5000;
export const CUSTOMER_NAME_MAX_LENGTH = 150;
/** What the reviews list filters by; bulk moderation's "every review matching the filter" takes the same. */
export const ZReviewListFilter = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(REVIEW_FILTERS, { error: 'One of pending, approved, rejected or deleted.' }).optional(),
  /** Only reviews the content filter flagged (true) or only unflagged ones (false); a query string says "true". */
  flagged: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ error: 'true or false.' }),
    )
    .optional(),
});
export type TReviewListFilter = z.input<typeof ZReviewListFilter>;

/** A dashboard list's `page` and `page_size` (up to MAX_PAGE_SIZE), `defaultSize` when not given. */
export function pageFields(defaultSize: number) {
  return {
    page: z.coerce.number({ error: 'A page number.' }).int().min(1, 'Pages start at 1.').default(1),
    page_size: z.coerce
      .number({ error: 'A page size.' })
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} per page.`)
      .default(defaultSize),
  };
}

export const ZReviewListQuery = ZReviewListFilter.extend(pageFields(REVIEWS_PAGE_SIZE));
export type TReviewListQuery = z.input<typeof ZReviewListQuery>;

/** PATCH /api/reviews/{id}/ — a merchant's edits. */
export const ZReviewUpdate = z
  .object({
    comment: z.string().max(COMMENT_MAX_LENGTH).optional(),
    rating: z.coerce.number().int().min(1, 'From 1 to 5.').max(5, 'From 1 to 5.').optional(),
    product_id: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type TReviewUpdate = z.input<typeof ZReviewUpdate>;

/** PUT /api/reviews/{id}/reply/ — the store's public reply, written or rewritten; `notify` mails it to the reviewer. */
export const ZReviewReply = z
  .object({
    text: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, 'Write a reply.')
      .max(REPLY_MAX_LENGTH, `At most ${REPLY_MAX_LENGTH} characters.`),
    notify: z.boolean({ error: 'True or false.' }).default(false),
  })
  .strict();
export type TReviewReplyInput = z.input<typeof ZReviewReply>;

const count = z.int().nonnegative();
const timestamp = z.iso.datetime({ offset: true });

/** The store's public reply to a review. */
export const ZStoreReply = z
  .object({
    text: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    /** When it was last mailed to the reviewer; null if never. */
    mailed_at: timestamp.nullable(),
  })
  .meta({ id: 'StoreReply' });
export type TStoreReply = z.output<typeof ZStoreReply>;

/** The moderation actions, each also a route of its own (POST /api/reviews/{id}/approve/ …, DELETE for delete). */
export const MODERATION_ACTIONS = ['approve', 'reject', 'restore', 'delete'] as const;
export type TModerationAction = (typeof MODERATION_ACTIONS)[number];

/** POST /api/reviews/bulk/ — one action on the reviews named by `ids`, or on every review matching `filter`. */
export const ZReviewBulk = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: 'One of approve, reject, restore or delete.' }),
    ids: z
      .array(z.uuid({ error: 'A review id.' }), { error: 'A list of review ids.' })
      .min(1, 'Select at least one review.')
      .max(
        BULK_MODERATION_MAX_IDS,
        `At most ${BULK_MODERATION_MAX_IDS} ids; select every review matching the filter instead.`,
      )
      .optional(),
    filter: ZReviewListFilter.strict().optional(),
  })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    error: 'Give either the ids of the reviews or the filter they match, not both.',
    path: ['ids'],
  });
export type TReviewBulk = z.input<typeof ZReviewBulk>;

/**
 * What a bulk action did, review by review counted by outcome: `matched` = `changed` + `unchanged` + `not_allowed`
 * + `skipped_limit` + `not_found`.
 */
export const ZReviewBulkResult = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    /** The ids named (without repeats), or the reviews the filter matched when the call came. */
    matched: count,
    /** Moved by the action (approved, rejected, restored or deleted). */
    changed: count,
    /** Already where the action leads: approving an approved review, deleting a deleted one… */
    unchanged: count,
    /** A move the status machine refuses: approving or rejecting a deleted review, an approved one back to pending. */
    not_allowed: count,
    /** Left as they were: the plan has no room for them (approve; restore of a deleted review). */
    skipped_limit: count,
    /** Ids naming no review of this store (another store's included), or reviews purged meanwhile. */
    not_found: count,
    /** When `skipped_limit` > 0: what a single approve or restore would have been refused with, usage as it is now. */
    limit: ZPlanLimitError.nullable(),
  })
  .meta({ id: 'ReviewBulkResult' });
export type TReviewBulkResult = z.output<typeof ZReviewBulkResult>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((value) => value || undefined);
const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.url({ protocol: /^https?$/, error: 'An http(s) URL.' }).optional());

/**
 * The text fields of POST /api/reviews/upload/ (multipart); the files are `video` or `photo`, and `thumbnail` — or none,
 * where the store takes reviews with only stars and text (`mediaRequired`): the `comment` is required then.
 */
export const ZReviewUpload = z.object({
  merchant_id: optionalText(200),
  product_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
  product_name: optionalText(300),
  product_image: optionalUrl,
  product_url: optionalUrl,
  customer_name: optionalText(CUSTOMER_NAME_MAX_LENGTH),
  customer_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email({ error: 'Enter a valid email address.' }).optional()),
  rating: z.coerce
    .number({ error: 'A rating from 1 to 5.' })
    .int('A rating from 1 to 5.')
    .min(1, 'A rating from 1 to 5.')
    .max(5, 'A rating from 1 to 5.'),
  comment: z.string().trim().max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters.`).default(''),
  /**
   * A complete resumable upload (POST /api/reviews/uploads/, tus) holding the review's video, instead of a `video`
   * file part: it must have been started for the same store.
   */
  upload_id: optionalText(64),
  /** The widget's session id (as in its beacons): a customer's erasure drops that session's events too. */
  session_id: z
    .string()
    .optional()
    .transform((value) => (value && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : undefined)),
});
export type TReviewUpload = z.input<typeof ZReviewUpload>;

/** POST /api/reviews/upload/: the review made, waiting for moderation. */
export const ZReviewUploadResult = z
  .object({ id: z.uuid(), status: z.literal('pending') })
  .meta({ id: 'ReviewUploadResult' });
export type TReviewUploadResult = z.output<typeof ZReviewUploadResult>;

/** A resumable upload (tus) of a review's video: POST /api/reviews/uploads/, and GET /api/reviews/uploads/{id}/. */
export const ZResumableUpload = z
  .object({
    id: z.uuid(),
    /** Bytes stored so far, from the start. */
    offset: count,
    /** The file's size, declared when the upload started. */
    length: z.int().positive(),
    /** Not complete by then, it is refused and removed. */
    expires_at: timestamp,
  })
  .meta({ id: 'ResumableUpload' });
export type TResumableUpload = z.output<typeof ZResumableUpload>;

export const ZReviewProduct = z
  .object({
    id: z.uuid(),
    /** The store platform's product id (what the widget knows). */
    external_id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    url: z.string().nullable(),
    /** `storefront`: the name, image and link are what the storefront page said (unverified), see PRODUCT_SOURCES. */
    source: z.enum(PRODUCT_SOURCES),
  })
  .meta({ id: 'ReviewProduct' });
export type TReviewProduct = z.output<typeof ZReviewProduct>;

/** SPEC §3 Review. */
export const ZReview = z
  .object({
    id: z.uuid(),
    status: z.enum(REVIEW_STATUSES),
    /** Soft-deleted (DESIGN §6.2): hidden from the store, purged after 30 days, restorable until then. */
    deleted: z.boolean(),
    deleted_at: timestamp.nullable(),
    product_id: z.string(),
    product_name: z.string(),
    product: ZReviewProduct,
    video_url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    photo_url: z.string().nullable(),
    /** A processed photo at each published width, for `<img srcset>`; null otherwise. */
    photo_srcset: z.string().nullable(),
    /**
     * Uploaded media are re-encoded before the store shows them: `processing` until done, `failed` with `media_error`.
     * A `processing` review with a `media_error` waits for the server (no ffmpeg there yet), and says so.
     */
    media_state: z.enum(MEDIA_STATES),
    media_error: z.string().nullable(),
    /** The reviewer; either may be empty (an import, a shopper who gave neither). */
    customer: z.object({ name: z.string(), email: z.string() }).meta({ id: 'ReviewCustomer' }),
    comment: z.string(),
    rating: z.int().min(1).max(5),
    source: z.enum(REVIEW_SOURCES),
    /** The reviewer bought this product: an order from the store's platform with the same email. */
    verified_purchase: z.boolean(),
    /** Why the content filter held it back (empty: nothing found); a flagged review is never published automatically. */
    flags: z.array(z.enum(MODERATION_FLAGS)),
    created_at: timestamp,
    status_changed_at: timestamp.nullable(),
    /** The store's public reply, shown under the review on the storefront. */
    reply: ZStoreReply.nullable(),
    /** Pinned reviews come first on the storefront. */
    pinned: z.boolean(),
  })
  .meta({ id: 'Review' });
export type TReview = z.output<typeof ZReview>;

export interface TPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The answer of a paged list (TPage) whose items are `item`: links to the pages around, relative to the API. */
export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const ZReviewPage = ZPage(ZReview).meta({ id: 'ReviewPage' });

/** GET /api/reviews/stats/: the store's reviews by status; `total` counts pending, approved and rejected ones. */
export const ZReviewStats = z
  .object({
    total: count,
    pending: count,
    approved: count,
    rejected: count,
    deleted: count,
    /** Of approved, non-deleted reviews, one decimal; null when there are none. */
    average_rating: z.number().min(1).max(5).nullable(),
  })
  .meta({ id: 'ReviewStats' });
export type TReviewStats = z.output<typeof ZReviewStats>;

/** `GET /api/reviews/media_status/` (owners): why the store's videos may be waiting, for the Reviews page. */
export const ZMediaStatus = z
  .object({
    /** Uploads are re-encoded (MEDIA_PROCESSING): without it nothing waits for the server's tools. */
    processing: z.boolean(),
    /** The tools videos need that this server lacks; videos wait until they are installed. */
    missing: z.array(z.enum(['ffmpeg', 'ffprobe'])),
    /** The command that installs them (on Debian or Ubuntu); null when nothing is missing. */
    install: z.string().nullable(),
    /** The store's reviews whose video waits for them. */
    waiting_videos: count,
  })
  .meta({ id: 'MediaStatus' });
export type TMediaStatus = z.output<typeof ZMediaStatus>;

/**
 * A product by the reviews it received. `product_id` is the store's own id of the product in
 * `GET /api/reviews/top_products/`, and this server's id of it in `GET /api/analytics/top_products/`.
 */
export const ZTopProduct = z
  .object({ product_id: z.string(), name: z.string(), image: z.string().nullable(), reviews: z.int().nonnegative() })
  .meta({ id: 'TopProduct' });
export type TTopProduct = z.output<typeof ZTopProduct>;

/** GET /api/reviews/top_products/: the store's products by the reviews they received, most first. */
export const ZTopProductList = z.object({ results: z.array(ZTopProduct) }).meta({ id: 'TopProductList' });

/** One row of a review's moderation history: `deleted` stands for a soft deletion, either way. */
export const ZReviewStatusChange = z
  .object({
    id: z.uuid(),
    from: z.enum(REVIEW_FILTERS),
    to: z.enum(REVIEW_FILTERS),
    at: timestamp,
    /** The store's automatic moderation rules made it (no actor then). */
    automatic: z.boolean(),
    /** Who moderated it; null once that account is gone, or when the rules did. */
    actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ReviewStatusChange' });
export type TReviewStatusChange = z.infer<typeof ZReviewStatusChange>;

/** GET /api/reviews/{id}/history/, oldest first. */
export const ZReviewHistory = z.object({ results: z.array(ZReviewStatusChange) }).meta({ id: 'ReviewHistory' });
export type TReviewHistory = z.infer<typeof ZReviewHistory>;
