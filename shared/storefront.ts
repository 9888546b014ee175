import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { WIDGET_STRING_KEYS, type TWidgetStringKey, type TWidgetStrings } from './widget-strings.js';
import { WIDGET_POSITIONS, ZWidgetAppearance } from './widgets.js';

// What the storefront widget reads and sends (DESIGN §7): the contract between the server and `widget/`.

/** The widget's UI strings in one language: every key of WIDGET_STRING_KEYS. */
export const ZWidgetStrings = z
  .object(
    Object.fromEntries(WIDGET_STRING_KEYS.map((key) => [key, z.string()])) as Record<TWidgetStringKey, z.ZodString>,
  )
  .meta({ id: 'WidgetStrings' }) satisfies z.ZodType<TWidgetStrings>;

/**
 * GET /api/widgets/configuration/{product_id}/?merchant_id=, and GET /api/widgets/configuration/?merchant_id= (the
 * store's own, with no product's override: the all-reviews page's).
 */
export const ZWidgetConfiguration = z
  .object({
    store_id: z.string(),
    /** The store's name, which signs its replies to reviews. */
    store_name: z.string(),
    /** Null in the store's own configuration. */
    product_id: z.string().nullable(),
    /** False when the product's override turns the widget off. */
    enabled: z.boolean(),
    /**
     * The language the widget shows when the shopper's browser does not choose one: the setting's fixed language, or
     * with the automatic setting the store's main language.
     */
    language: z.enum(LANGUAGES),
    /** The product's override's, else the store's. */
    position: z.enum(WIDGET_POSITIONS),
    custom_selector: z.string().nullable(),
    settings: ZWidgetAppearance,
    /** The UI strings in `language`. */
    strings: ZWidgetStrings,
    /**
     * Only with the automatic language setting: the other languages' strings. The shopper's browser then chooses
     * (widget/src/language.ts), so the answer is the same for every shopper and may be cached publicly.
     */
    translations: z.partialRecord(z.enum(LANGUAGES), ZWidgetStrings).optional(),
    /**
     * What the submission form checks before uploading, mirroring the server; `video_seconds` is the longest video
     * the server takes, which a camera recording stops short of.
     */
    limits: z
      .object({
        video_bytes: z.int().positive(),
        photo_bytes: z.int().positive(),
        comment_length: z.int().positive(),
        name_length: z.int().positive(),
        video_seconds: z.int().positive(),
      })
      .meta({ id: 'WidgetLimits' }),
  })
  .meta({ id: 'WidgetConfiguration' });
export type TWidgetConfiguration = z.output<typeof ZWidgetConfiguration>;

const count = z.int().nonnegative();
const timestamp = z.iso.datetime({ offset: true });
/** One-decimal average of 1 to 5 stars. */
const average = z.number().min(1).max(5);

/** Media links are absolute: storefronts live on other origins. */
export const ZPublicReview = z
  .object({
    id: z.uuid(),
    rating: z.int().min(1).max(5),
    comment: z.string(),
    customer_name: z.string(),
    created_at: timestamp,
    video_url: z.string().nullable(),
    /** Seconds, once media processing has measured the video; null until then. */
    video_duration: count.nullable(),
    thumbnail_url: z.string().nullable(),
    photo_url: z.string().nullable(),
    /** The processed photo at each published width (`480w`, `1080w`), for `<img srcset>`; null for a video. */
    photo_srcset: z.string().nullable(),
    /** The reviewer bought this product (an order the store's platform reported, same email). */
    verified_purchase: z.boolean(),
    /** The store's public reply (`at`: when last written). */
    reply: z.object({ text: z.string(), at: timestamp }).meta({ id: 'PublicReply' }).nullable(),
    /** Pinned by the merchant: pinned reviews come first. */
    pinned: z.boolean(),
    /** Shoppers who found it helpful (one vote per shopper); may lag a vote until the store's data version changes. */
    helpful_count: count,
    /**
     * Only in the store's list of every product's reviews (GET /api/reviews/public/all/): the reviewed product as the
     * catalogue knows it (`id`: the platform's), null when only a shopper's page described it.
     */
    product: z
      .object({ id: z.string(), name: z.string(), url: z.string().nullable() })
      .meta({ id: 'PublicReviewProduct' })
      .nullable()
      .optional(),
  })
  .meta({ id: 'PublicReview' });
export type TPublicReview = z.output<typeof ZPublicReview>;

/** The product as the store's catalogue knows it (image and price once a platform synced it). */
export const ZPublicProduct = z
  .object({
    name: z.string(),
    image: z.string().nullable(),
    url: z.string().nullable(),
    sku: z.string().nullable(),
    /** A decimal string with the currency's digits ("49.00", "1200" for JPY), as schema.org's Offer wants it. */
    price: z.string().nullable(),
    /** ISO 4217, upper case; null exactly when `price` is. */
    currency: z.string().nullable(),
  })
  .meta({ id: 'PublicProduct' });
export type TPublicProduct = z.output<typeof ZPublicProduct>;

export const RATINGS = [1, 2, 3, 4, 5] as const;
/** How many approved reviews gave each number of stars. */
export const ZRatingDistribution = z
  .object({ 1: count, 2: count, 3: count, 4: count, 5: count })
  .meta({ id: 'RatingDistribution' });
export type TRatingDistribution = z.output<typeof ZRatingDistribution>;

/**
 * GET /api/reviews/public/?product_id=&merchant_id=, and GET /api/reviews/public/all/?merchant_id= (every product's:
 * the summary is the store's, `product` null, each review names its product).
 */
export const ZPublicReviews = z
  .object({
    /** Approved reviews, all of them (the summary is never narrowed by the star filter). */
    count,
    average_rating: average.nullable(),
    distribution: ZRatingDistribution,
    /**
     * Null for a product the store has no record of yet, or whose data only a storefront page gave (unverified: the
     * widget describes the product from the page itself then).
     */
    product: ZPublicProduct.nullable(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(ZPublicReview),
  })
  .meta({ id: 'PublicReviews' });
export type TPublicReviews = z.output<typeof ZPublicReviews>;

// --- Sort, star filter and helpful votes (issue 25) ---

/** The storefront's orders of reviews; pinned reviews come first in each. `recent` is the default. */
export const REVIEW_SORTS = ['recent', 'highest', 'lowest', 'media', 'helpful'] as const;
export type TReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * What GET /api/reviews/public/ takes besides the store and product: a bounded set of values, so each variant is one
 * cacheable URL (and one cache key) per data version.
 */
export const ZPublicReviewsView = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'One of recent, highest, lowest, media or helpful.' }).default('recent'),
  rating: z.coerce
    .number({ error: 'A whole number of stars from 1 to 5.' })
    .int('A whole number of stars from 1 to 5.')
    .min(1, 'A whole number of stars from 1 to 5.')
    .max(5, 'A whole number of stars from 1 to 5.')
    .optional(),
});

export type TPublicReviewsView = z.output<typeof ZPublicReviewsView>;

/**
 * POST /api/reviews/public/{review_id}/helpful/ — a shopper's "helpful" vote, sent like the beacons as text/plain
 * JSON (no CORS preflight); `session_id` is the widget's per-tab id.
 */
export const ZHelpfulVote = z.object({
  merchant_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
  session_id: z
    .string({ error: 'This field is required.' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A session id of 8 to 64 letters, digits, _ or -.'),
});
export type THelpfulVote = z.input<typeof ZHelpfulVote>;
/** `counted`: false when the vote was already counted, or dropped by the abuse ceilings (said no more precisely). */
export const ZHelpfulVoteResult = z
  .object({ counted: z.boolean(), helpful_count: count })
  .meta({ id: 'HelpfulVoteResult' });
export type THelpfulVoteResult = z.output<typeof ZHelpfulVoteResult>;

// --- end sort, filter and votes ---

// --- Collection-page stars (issue 26) ---

/** At most this many products per GET /api/reviews/summary/ (a collection page's cards, one request). */
export const SUMMARY_IDS_MAX = 50;

/**
 * `ids` of GET /api/reviews/summary/: comma-separated platform product ids, the ones product cards carry (Shopify's
 * numeric product id, BigCommerce's and Tienda Nube's `data-product-id`; the ids the widget and the public reviews
 * use). Duplicates count once; the order does not matter.
 */
export const ZSummaryIds = z
  .string({ error: 'This field is required.' })
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean))
  .pipe(
    z
      .array(z.string())
      .min(1, 'This field is required.')
      .max(SUMMARY_IDS_MAX, `At most ${SUMMARY_IDS_MAX} product ids.`)
      .refine((ids) => ids.every((id) => id.length <= 200), 'A product id is at most 200 characters.'),
  );

/** A product's published reviews: one-decimal average and how many. */
export const ZReviewSummary = z
  .object({ average_rating: average, count: z.int().positive() })
  .meta({ id: 'ReviewSummary' });
export type TReviewSummary = z.output<typeof ZReviewSummary>;

/** The strings a card's stars need: `rated` ("Rated {n} out of 5, {count}") with `reviews_one` / `reviews_many`. */
export const ZBadgeStrings = z
  .object({ rated: z.string(), reviews_one: z.string(), reviews_many: z.string() })
  .meta({ id: 'BadgeStrings' }) satisfies z.ZodType<Pick<TWidgetStrings, 'rated' | 'reviews_one' | 'reviews_many'>>;
export type TBadgeStrings = z.output<typeof ZBadgeStrings>;

/**
 * GET /api/reviews/summary/?merchant_id=&ids= — products with no published review (or unknown) are absent. The
 * strings come as in the configuration answer: the store's language, and with the automatic setting every other
 * language's too (`translations`), for the shopper's browser to pick.
 */
export const ZReviewSummaries = z
  .object({
    language: z.enum(LANGUAGES),
    strings: ZBadgeStrings,
    translations: z.partialRecord(z.enum(LANGUAGES), ZBadgeStrings).optional(),
    /** By the platform's product id, as `ids` named it. */
    results: z.record(z.string(), ZReviewSummary),
  })
  .meta({ id: 'ReviewSummaries' });
export type TReviewSummaries = z.output<typeof ZReviewSummaries>;

// --- end collection-page stars ---

/**
 * What the player reports about one review's video, at most once per session and review (with `review_id`): the
 * quarters watched, the sound turned on, full screen. A `play` may name its review too.
 */
export const ENGAGEMENT_EVENT_TYPES = [
  'watched_25',
  'watched_50',
  'watched_75',
  'watched_100',
  'unmute',
  'fullscreen',
] as const;
export type TEngagementEventType = (typeof ENGAGEMENT_EVENT_TYPES)[number];
export const WIDGET_EVENT_TYPES = ['view', 'play', 'add_to_cart', ...ENGAGEMENT_EVENT_TYPES] as const;
export type TWidgetEventType = (typeof WIDGET_EVENT_TYPES)[number];
/**
 * Every event a store's rollups count: the widget's own, and `purchase`, which only the server records, from an
 * order whose cart carried the widget's session (never from a beacon).
 */
export const STORE_EVENT_TYPES = [...WIDGET_EVENT_TYPES, 'purchase'] as const;
export type TStoreEventType = (typeof STORE_EVENT_TYPES)[number];
export const EVENTS_BATCH_MAX = 50;

/**
 * POST /api/widgets/events/ — sent with `navigator.sendBeacon` as text/plain (no CORS preflight), so the
 * server parses the text as JSON. `session_id` is the widget's random per-tab id.
 */
export const ZWidgetEvents = z.object({
  merchant_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
  session_id: z
    .string({ error: 'This field is required.' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A session id of 8 to 64 letters, digits, _ or -.'),
  events: z
    .array(
      z.object({
        type: z.enum(WIDGET_EVENT_TYPES, { error: `One of ${WIDGET_EVENT_TYPES.join(', ')}.` }),
        product_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
        /** The review whose video was played or watched. */
        review_id: z.uuid({ error: 'A review id.' }).optional(),
      }),
      { error: 'A list of events.' },
    )
    .min(1, 'At least one event.')
    .max(EVENTS_BATCH_MAX, `At most ${EVENTS_BATCH_MAX} events per batch.`),
});
export type TWidgetEvents = z.input<typeof ZWidgetEvents>;

/** What POST /api/widgets/events/ kept of the batch: only what a real widget would send is stored. */
export const ZWidgetEventsRecorded = z.object({ recorded: z.int().nonnegative() }).meta({ id: 'WidgetEventsRecorded' });
