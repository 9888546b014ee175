import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_STATUSES } from '../../shared/billing.js';
import { QUESTION_STATUSES } from '../../shared/question-options.js';
import { REVIEW_IMPORT_STATUSES } from '../../shared/review-imports.js';
import { MEDIA_STATES, REVIEW_SOURCES, REVIEW_STATUSES } from '../../shared/reviews.js';
import { STORE_EVENT_TYPES } from '../../shared/storefront.js';
import {
  OVERRIDE_POSITIONS,
  PRODUCT_SOURCES,
  WIDGET_LANGUAGES,
  WIDGET_LAYOUTS,
  WIDGET_POSITIONS,
} from '../../shared/widgets.js';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The data model of DESIGN §5, plus review_counters (migration 0004) and the analytics rollups (migration 0006)
// derived from reviews by triggers.

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  profilePhotoKey: text('profile_photo_key'),
  isActive: boolean('is_active').notNull().default(true),
  dateJoined: tstz('date_joined').notNull().defaultNow(),
  lastLogin: tstz('last_login'),
  /** Carried in access tokens; bumping it (password reset or change) ends every session at once. */
  sessionVersion: integer('session_version').notNull().default(0),
  /** The owner hid the plan upgrade prompt until then (it shows again at once when a limit is reached). */
  upgradePromptHiddenUntil: tstz('upgrade_prompt_hidden_until'),
  updatedAt: updatedAt(),
});

export const workspaces = pgTable('workspaces', {
  id: id(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('memberships_workspace_user').on(t.workspaceId, t.userId),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    index('invitations_workspace_idx').on(t.workspaceId, t.email),
    // One open invitation per email and workspace, even when two owners invite at the same moment.
    uniqueIndex('invitations_open_email_unique')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    replacedBy: uuid('replaced_by'),
    /** The user's session version when issued: a password change voids the token even mid-rotation. */
    sessionVersion: integer('session_version').notNull().default(0),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const PLATFORMS = ['shopify', 'bigcommerce', 'tiendanube'] as const;

/**
 * A regular sign-up waiting for its address to be confirmed: no account exists until the link is opened, so sign-up
 * never tells whether an email is registered and nobody can hold an address they do not own.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: id(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    platform: text('platform', { enum: PLATFORMS }).notNull().default('tiendanube'),
    storeName: text('store_name').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    index('signup_requests_email_idx').on(t.email),
    check('signup_requests_platform_check', sql`${t.platform} in ('shopify', 'bigcommerce', 'tiendanube')`),
  ],
);

/** A sign-in email change waiting for the new address to confirm it; the old address keeps working until then. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    confirmedAt: tstz('confirmed_at'),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .unique()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull().default('tiendanube'),
    storeName: text('store_name').notNull().default(''),
    storeId: text('store_id').notNull().unique(),
    storeDomain: text('store_domain'),
    /** AES-GCM ciphertext (ENCRYPTION_KEY); never stored in clear. */
    accessTokenEncrypted: text('access_token_encrypted'),
    mainLanguage: text('main_language', { enum: ['en', 'es', 'pt'] })
      .notNull()
      .default('en'),
    timezone: text('timezone'),
    /** ISO 4217, as the platform reports it. */
    currency: text('currency'),
    /**
     * The store on its platform, stable across re-installs: the myshopify domain, the BigCommerce store hash, the
     * Tienda Nube store id. One store is one merchant (unique per platform).
     */
    externalStoreId: text('external_store_id'),
    /** Scopes the stored token was granted. */
    accessScopes: text('access_scopes'),
    /** The BigCommerce Store API account's client id (sent as X-Auth-Client beside the token); not a secret. */
    platformClientId: text('platform_client_id'),
    /** When the current platform connection was made; a platform event older than it is about an earlier one. */
    connectedAt: tstz('connected_at'),
    /** Set when the app is uninstalled: the token is dropped, the storefront stops, the data stays for a re-install. */
    disconnectedAt: tstz('disconnected_at'),
    catalogSyncedAt: tstz('catalog_synced_at'),
    /** Shopify's free trial is granted once per store. */
    shopifyTrialUsedAt: tstz('shopify_trial_used_at'),
    /**
     * A store installed from its platform before anyone signed up for it: the hash of the secret the installing
     * browser holds (cookie), which alone may create the owner account, until it expires.
     */
    installClaimHash: text('install_claim_hash'),
    installClaimExpiresAt: tstz('install_claim_expires_at'),
    shopifySetupComplete: boolean('shopify_setup_complete').notNull().default(false),
    /** Published reviews are copied into the platform's own product reviews (BigCommerce): the merchant's choice. */
    nativeReviews: boolean('native_reviews').notNull().default(false),
    /**
     * When the platform last refused a write of our ratings for want of a scope (BigCommerce's Products at read-only,
     * say); cleared by the next write it takes.
     */
    ratingsRefusedAt: tstz('ratings_refused_at'),
    stripeCustomerId: text('stripe_customer_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchants_platform_check', sql`${t.platform} in ('shopify', 'bigcommerce', 'tiendanube')`),
    uniqueIndex('merchants_platform_store_unique')
      .on(t.platform, t.externalStoreId)
      .where(sql`${t.externalStoreId} is not null`),
    check('merchants_language_check', sql`${t.mainLanguage} in ('en', 'es', 'pt')`),
    // Only zones PostgreSQL knows: analytics and event rollups compute store-local days with it.
    check(
      'merchants_timezone_check',
      sql`${t.timezone} is null or (timestamptz '2000-01-01 00:00Z' at time zone ${t.timezone}) is not null`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull().default(''),
    sku: text('sku'),
    imageUrl: text('image_url'),
    /** Integer minor units. */
    priceAmount: bigint('price_amount', { mode: 'number' }),
    currency: text('currency'),
    url: text('url'),
    /** Who said what name, image and url are (PRODUCT_SOURCES): `storefront` is a shopper's page, unverified. */
    source: text('source', { enum: PRODUCT_SOURCES }).notNull().default('storefront'),
    /** Deleted on the platform: kept for its reviews, left out of the per-product setup. */
    archivedAt: tstz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('products_merchant_external').on(t.merchantId, t.externalId)],
);

export const media = pgTable(
  'media',
  {
    id: id(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('media_merchant_idx').on(t.merchantId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    videoKey: text('video_key'),
    photoKey: text('photo_key'),
    thumbnailKey: text('thumbnail_key'),
    /**
     * Uploaded media are re-encoded after the upload answers: `processing` until then (the storefront shows only
     * `ready` reviews), `failed` with the reason the merchant sees when the file could not be decoded.
     */
    mediaState: text('media_state', { enum: MEDIA_STATES }).notNull().default('ready'),
    mediaError: text('media_error'),
    /** Its files have public copies in the bucket (`PublicMedia`), so storefronts load them from there. */
    publicCopies: boolean('public_copies').notNull().default(false),
    source: text('source', { enum: REVIEW_SOURCES }).notNull().default('widget'),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    /** The widget session that sent it, so a customer's erasure also drops that session's events. */
    sessionId: text('session_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    statusChangedAt: tstz('status_changed_at'),
    deletedAt: tstz('deleted_at'),
    /** lower(product name, customer name, comment), kept on write: one trigram index serves the dashboard search. */
    searchText: text('search_text').notNull().default(''),
    /** The store's public reply, shown under the review; null without one. */
    replyText: text('reply_text'),
    replyCreatedAt: tstz('reply_created_at'),
    replyUpdatedAt: tstz('reply_updated_at'),
    /** When the reply was last mailed to the reviewer; an edit mails again only when asked. */
    replyMailedAt: tstz('reply_mailed_at'),
    /** Pinned reviews come first on the storefront, most recently pinned first. */
    pinnedAt: tstz('pinned_at'),
    /** Why the content filter held it back (shared/moderation.ts MODERATION_FLAGS): never published automatically. */
    moderationFlags: text('moderation_flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Shoppers' "helpful" votes (review_votes), counted with each vote: the storefront shows and sorts by it. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** An imported review's identity in its import file (TImportedReview `key`): importing it again adds nothing. */
    importKey: text('import_key'),
    /** The import that made it (its media are fetched by that import's job). */
    importId: uuid('import_id').references((): AnyPgColumn => reviewImports.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('reviews_media_state_check', sql`${t.mediaState} in ('processing', 'ready', 'failed')`),
    // What the processing sweep looks for: reviews whose media a crash or an outage left unprocessed.
    index('reviews_media_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.mediaState} = 'processing'`),
    // Reviews whose public copies do not match whether they are published: what the publication job works through.
    index('reviews_publication_due_idx')
      .on(t.merchantId)
      .where(
        sql`${t.publicCopies} <> (${t.status} = 'approved' and ${t.deletedAt} is null and ${t.mediaState} = 'ready')`,
      ),
    index('reviews_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    index('reviews_merchant_product_idx').on(t.merchantId, t.productId, t.status),
    index('reviews_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('reviews_merchant_deleted_idx')
      .on(t.merchantId, t.deletedAt.desc())
      .where(sql`${t.deletedAt} is not null`),
    index('reviews_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Verified purchases and privacy requests find a customer's reviews by email.
    index('reviews_merchant_email_idx')
      .on(t.merchantId, t.customerEmail)
      .where(sql`${t.customerEmail} <> ''`),
    // GET /media/{key} serves a review's files only while the review is published: found by key.
    index('reviews_video_key_idx')
      .on(t.videoKey)
      .where(sql`${t.videoKey} is not null`),
    index('reviews_photo_key_idx')
      .on(t.photoKey)
      .where(sql`${t.photoKey} is not null`),
    index('reviews_thumbnail_key_idx')
      .on(t.thumbnailKey)
      .where(sql`${t.thumbnailKey} is not null`),
    uniqueIndex('reviews_merchant_import_key_idx')
      .on(t.merchantId, t.importKey)
      .where(sql`${t.importKey} is not null`),
  ],
);

/**
 * Review counts per merchant, status and deletion, with the sum of ratings: kept by a trigger on reviews
 * (migration 0004), so list totals, stats and plan-limit checks never count rows at read time.
 */
export const reviewCounters = pgTable(
  'review_counters',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull(),
    deleted: boolean('deleted').notNull(),
    reviews: integer('reviews').notNull().default(0),
    ratingSum: bigint('rating_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.status, t.deleted] })],
);

/**
 * Reviews per store-local day of receipt (merchant time zone, UTC when unknown), status and deletion, with the sum
 * of ratings; and, for reviews not deleted, per product by day and by month. Kept by a trigger on reviews and
 * rebuilt when the store's time zone changes (migration 0006), so the dashboard's analytics read a few hundred
 * rows whatever the store's history.
 */
export const reviewDaily = pgTable(
  'review_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull(),
    deleted: boolean('deleted').notNull(),
    reviews: integer('reviews').notNull().default(0),
    ratingSum: bigint('rating_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.status, t.deleted] })],
);

export const reviewProductDaily = pgTable(
  'review_product_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.productId] })],
);

export const reviewProductMonthly = pgTable(
  'review_product_monthly',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month, t.productId] })],
);

/**
 * Each product's published reviews (approved, not deleted) and the sum of their ratings, kept by the reviews trigger
 * (migration 0034): Insights' products table gives a page of products their average without reading their reviews.
 */
export const productRatingCounters = pgTable(
  'product_rating_counters',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reviews: integer('reviews').notNull().default(0),
    ratingSum: bigint('rating_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.productId] })],
);

export const reviewStatusChanges = pgTable(
  'review_status_changes',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Made by the store's automatic moderation rules, not by a member (whose account, gone, also leaves no actor). */
    automatic: boolean('automatic').notNull().default(false),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('review_status_changes_review_idx').on(t.reviewId, t.at)],
);

export const widgetSettings = pgTable(
  'widget_settings',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    showRating: boolean('show_rating').notNull().default(true),
    showDate: boolean('show_date').notNull().default(true),
    autoplayVideos: boolean('autoplay_videos').notNull().default(false),
    compactMode: boolean('compact_mode').notNull().default(false),
    primaryColor: text('primary_color').notNull().default('#3498db'),
    secondaryColor: text('secondary_color').notNull().default('#2c3e50'),
    textColor: text('text_color').notNull().default('#333333'),
    backgroundColor: text('background_color').notNull().default('#ffffff'),
    initialVideosCount: smallint('initial_videos_count').notNull().default(3),
    widgetTitle: text('widget_title').notNull().default('Customer Video Reviews'),
    position: text('position', { enum: WIDGET_POSITIONS }).notNull().default('after_description'),
    customSelector: text('custom_selector'),
    layout: text('layout', { enum: WIDGET_LAYOUTS }).notNull().default('grid'),
    /** The shoppers' language: `auto` (their browser's, else the store's main language) or a fixed one. */
    language: text('language', { enum: WIDGET_LANGUAGES }).notNull().default('auto'),
    /** Reviews with only stars and text are taken; off, every review needs a video or a photo. */
    acceptTextReviews: boolean('accept_text_reviews').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('widget_settings_layout_check', sql`${t.layout} in ('grid', 'carousel', 'list')`),
    check('widget_settings_language_check', sql`${t.language} in ('auto', 'en', 'es', 'pt')`),
  ],
);

export const productWidgetOverrides = pgTable(
  'product_widget_overrides',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: text('position', { enum: OVERRIDE_POSITIONS }).notNull().default('global'),
    customSelector: text('custom_selector'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('product_widget_overrides_merchant_product').on(t.merchantId, t.productId)],
);

export const widgetEvents = pgTable(
  'widget_events',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull(),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    /**
     * The review a play or an engagement event is about. No foreign key: deleting a review would then scan every
     * event; the rollups carry the reference.
     */
    reviewId: uuid('review_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    index('widget_events_merchant_at_idx').on(t.merchantId, t.at),
    // A session's events of the day: the rollup counts each session once per day, product and type.
    index('widget_events_session_idx').on(t.merchantId, t.sessionId, t.at),
  ],
);

/**
 * Shoppers' "helpful" votes: one per widget session per review (the primary key). `address_hash` (a keyed hash of the
 * shopper's address, never the address) bounds how many sessions of one address count on one review.
 */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    addressHash: text('address_hash').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.sessionId] }),
    index('review_votes_address_idx').on(t.reviewId, t.addressHash),
    // A customer's erasure drops their sessions' votes.
    index('review_votes_session_idx').on(t.merchantId, t.sessionId),
  ],
);

/**
 * Our reviews as copied into the platform's own product reviews (BigCommerce's): the copy's id there, and a digest of
 * what was sent, so a job writes only what changed and removes copies of reviews no longer published.
 */
export const platformReviewCopies = pgTable(
  'platform_review_copies',
  {
    reviewId: uuid('review_id')
      .primaryKey()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Our product the copy sits on: a review moved to another product is removed from this one. */
    productId: uuid('product_id').notNull(),
    externalProductId: text('external_product_id').notNull(),
    externalReviewId: text('external_review_id').notNull(),
    digest: text('digest').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('platform_review_copies_product_idx').on(t.merchantId, t.productId)],
);

/** Per-day rollup of widget_events, maintained on write so analytics never scan raw events. */
export const widgetEventDaily = pgTable(
  'widget_event_daily',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [unique('widget_event_daily_key').on(t.merchantId, t.day, t.productId, t.type).nullsNotDistinct()],
);

/**
 * widget_event_daily summed over the store's products, kept by a trigger on it (migration 0007): the conversion rate
 * reads one row per day and type, however many products the store has.
 */
export const widgetEventStoreDaily = pgTable(
  'widget_event_store_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.type] })],
);

/**
 * Per-day rollup of the player's events for each review (plays, quarters watched, unmute, full screen), kept with
 * widget_event_daily on write: Insights' engagement figures and most-watched reviews read it, never raw events.
 */
export const reviewEngagementDaily = pgTable(
  'review_engagement_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.reviewId, t.type] }),
    index('review_engagement_daily_review_idx').on(t.reviewId),
    // Most watched: a range's plays and completions by review, read from the index alone.
    index('review_engagement_daily_type_idx').on(t.merchantId, t.type, t.day, t.reviewId, t.sessions),
  ],
);

/**
 * review_engagement_daily summed over the store's reviews per day (every type), and per review by month (plays and
 * completions), kept by a trigger on it (migration 0033): Insights' engagement reads a row per day and type, its
 * most-watched list whole months from the monthly rows, however many reviews are watched.
 */
export const reviewEngagementStoreDaily = pgTable(
  'review_engagement_store_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.type] })],
);

export const reviewEngagementMonthly = pgTable(
  'review_engagement_monthly',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.month, t.reviewId, t.type] }),
    index('review_engagement_monthly_review_idx').on(t.reviewId),
  ],
);

/**
 * widget_event_daily per product by month, kept by a trigger on it (migration 0033): Insights' products table reads
 * whole months from here.
 */
export const widgetEventProductMonthly = pgTable(
  'widget_event_product_monthly',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STORE_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month, t.productId, t.type] })],
);

/**
 * Widget sessions by the day they first saw the widget and what they did since: played a video, added to the cart,
 * bought. Each session sits in one row and moves when it does something new, so conversion lift (sessions that
 * played against sessions that only saw the widget) is a sum over days, exact however long a session lasts.
 */
export const widgetSessionOutcomeDaily = pgTable(
  'widget_session_outcome_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    played: boolean('played').notNull(),
    carted: boolean('carted').notNull(),
    purchased: boolean('purchased').notNull(),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.played, t.carted, t.purchased] })],
);

/**
 * Reviews not deleted per store-local day of receipt, status, rating and source: kept by the reviews trigger with
 * review_daily (migration 0032), for Insights' ratings over time and reviews by source.
 */
export const reviewRatingDaily = pgTable(
  'review_rating_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull(),
    rating: smallint('rating').notNull(),
    source: text('source', { enum: REVIEW_SOURCES }).notNull(),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.status, t.rating, t.source] })],
);

export const plans = pgTable('plans', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Integer minor units. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('usd'),
  frequency: text('frequency', { enum: ['month', 'year'] })
    .notNull()
    .default('month'),
  free: boolean('free').notNull().default(false),
  /** null = unlimited. */
  maxActiveReviews: integer('max_active_reviews'),
  maxTotalReviews: integer('max_total_reviews'),
  /** Review request mails a month (first mails and reminders); null = unlimited. */
  maxMonthlyRequests: integer('max_monthly_requests'),
  status: text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  stripePriceId: text('stripe_price_id'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider', { enum: ['none', 'stripe', 'shopify'] })
      .notNull()
      .default('none'),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** The provider's line for the plan (Stripe subscription item): a plan change replaces its price. */
    providerItemId: text('provider_item_id'),
    currentPeriodEnd: tstz('current_period_end'),
    trialEndsAt: tstz('trial_ends_at'),
    canceledAt: tstz('canceled_at'),
    /** Cancelled by the merchant: the plan holds until the period ends. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When payments started failing: the plan holds for the grace period after it. */
    pastDueSince: tstz('past_due_since'),
    /** The provider's time of the last event applied: an older event, delivered late, changes nothing. */
    lastEventAt: tstz('last_event_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_merchant_idx').on(t.merchantId, t.status),
    uniqueIndex('subscriptions_provider_id').on(t.provider, t.providerSubscriptionId),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    topic: text('topic').notNull(),
    /** Emptied once processed: a privacy request's customer details are not kept longer than the work needs. */
    payload: jsonb('payload').notNull(),
    /** The store the event is about, as the platform names it (e.g. the myshopify domain). */
    shop: text('shop'),
    /** When the platform says the event happened. */
    triggeredAt: tstz('triggered_at'),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    processedAt: tstz('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** Claimed by a worker until then; a worker that died lets the claim lapse and another retries. */
    lockedUntil: tstz('locked_until'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('webhook_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** OAuth `state` nonces (hashed), single use and short-lived, readable by every instance. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    provider: text('provider').notNull(),
    shop: text('shop').notNull(),
    /** Set when a signed-in owner connects their workspace's store from the dashboard. */
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** Orders the platforms report, so a review by a buyer of the product is a verified purchase. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    customerExternalId: text('customer_external_id'),
    /** The widget session the order's cart carried (Shopify cart attribute), when there was one. */
    sessionId: text('session_id'),
    currency: text('currency'),
    /** Integer minor units. */
    totalAmount: bigint('total_amount', { mode: 'number' }),
    orderedAt: tstz('ordered_at').notNull(),
    fulfilledAt: tstz('fulfilled_at'),
    paidAt: tstz('paid_at'),
    /** Cancelled or refunded in full: review requests not yet sent are cancelled. */
    cancelledAt: tstz('cancelled_at'),
    customerName: text('customer_name').notNull().default(''),
    /** The buyer's language as the platform reports it (e.g. pt-BR). */
    customerLocale: text('customer_locale'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_merchant_external').on(t.merchantId, t.externalId),
    index('orders_merchant_email_idx').on(t.merchantId, t.customerEmail),
    index('orders_merchant_customer_idx').on(t.merchantId, t.customerExternalId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The platform's product id, as the widget and reviews know it. */
    productExternalId: text('product_external_id').notNull(),
    title: text('title').notNull().default(''),
    sku: text('sku'),
    quantity: integer('quantity').notNull().default(1),
    /** Integer minor units. */
    priceAmount: bigint('price_amount', { mode: 'number' }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_merchant_product_idx').on(t.merchantId, t.productExternalId),
  ],
);

export const JOB_STATES = ['waiting', 'active', 'done', 'failed'] as const;

/**
 * Background work (server/jobs): durable here, in the source of truth, so no outage of Redis or crash of an instance
 * loses a job. Instances claim due jobs with `for update skip locked` and a lease, so each runs once at a time across
 * all of them; a lease that lapses (its worker died) lets another instance run the job again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    queue: text('queue').notNull(),
    /** Jobs of a queue with the same key are one job while waiting: enqueueing it again changes nothing. */
    key: text('key'),
    /**
     * Whose work it is (a store's id): a queue that asks for it runs one job per group at a time across instances,
     * the group served least recently first (server/jobs/jobs.repository.ts `claim`).
     */
    groupKey: text('group_key'),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: tstz('run_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('waiting', 'active', 'done', 'failed')`),
    uniqueIndex('jobs_waiting_key_idx')
      .on(t.queue, t.key)
      .where(sql`${t.state} = 'waiting'`),
    index('jobs_due_idx')
      .on(t.queue, t.runAt)
      .where(sql`${t.state} = 'waiting'`),
    index('jobs_leased_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'active'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} in ('done', 'failed')`),
    index('jobs_group_idx')
      .on(t.queue, t.groupKey, t.finishedAt)
      .where(sql`${t.groupKey} is not null`),
  ],
);

/**
 * Who is writing to a resumable upload (server/media/upload-lock.service.ts): one request at a time per upload, across
 * every instance. A lease its request renews while it runs, so a crashed holder's lapses; a row is removed on release.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: uuid('upload_id').primaryKey(),
  holder: uuid('holder').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/** Recurring work: the instance that moves `next_run_at` on (one atomic update) enqueues that run; the others do not. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  everySeconds: integer('every_seconds').notNull(),
  nextRunAt: tstz('next_run_at').notNull().defaultNow(),
});

/** A store's review request settings (shared/review-requests.ts ZReviewRequestSettings), merged over the defaults. */
export const reviewRequestSettings = pgTable('review_request_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/** A store's moderation settings (shared/moderation.ts ZModerationSettings), merged over the defaults. */
export const moderationSettings = pgTable('moderation_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * A review request: the mails (first one and reminders) asking one buyer to review what one order brought, and the
 * single link (token, stored as a hash) the hosted review page opens. `send_at` is the next mail's instant.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderExternalId: text('order_external_id').notNull(),
    orderName: text('order_name').notNull().default(''),
    /** One request per order (or per order and product): a second delivery of the same order schedules nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerName: text('customer_name').notNull().default(''),
    locale: text('locale', { enum: ['en', 'es', 'pt'] }).notNull(),
    source: text('source', { enum: ['platform', 'api', 'import'] }).notNull(),
    status: text('status', {
      enum: ['scheduled', 'sent', 'opened', 'reviewed', 'skipped', 'failed', 'unsubscribed', 'cancelled'],
    })
      .notNull()
      .default('scheduled'),
    skipReason: text('skip_reason'),
    /** SHA-256 of the link's token; the token itself only in `token_sealed` (encrypted), to put in reminders. */
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    /** When the next mail is due; null once nothing more will be sent. */
    sendAt: tstz('send_at'),
    /** Mails sent: 1 after the first, then one more per reminder. */
    stepsSent: smallint('steps_sent').notNull().default(0),
    remindersPlanned: smallint('reminders_planned').notNull().default(0),
    /** The step a worker is sending, and until when its claim holds: one sender per (request, step). */
    sendingStep: smallint('sending_step'),
    sendingUntil: tstz('sending_until'),
    sentAt: tstz('sent_at'),
    lastSentAt: tstz('last_sent_at'),
    openedAt: tstz('opened_at'),
    reviewedAt: tstz('reviewed_at'),
    cancelledAt: tstz('cancelled_at'),
    lastError: text('last_error'),
    /** The incentive code sent for this request (encrypted): never two per request. */
    incentiveCodeSealed: text('incentive_code_sealed'),
    incentiveSentAt: tstz('incentive_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('review_requests_merchant_dedupe').on(t.merchantId, t.dedupeKey),
    index('review_requests_due_idx')
      .on(t.sendAt)
      .where(sql`${t.sendAt} is not null`),
    index('review_requests_merchant_created_idx').on(t.merchantId, t.createdAt.desc()),
    index('review_requests_merchant_email_idx').on(t.merchantId, t.customerEmail),
    index('review_requests_merchant_order_idx').on(t.merchantId, t.orderExternalId),
    index('review_requests_merchant_sent_idx').on(t.merchantId, t.lastSentAt),
  ],
);

/**
 * Review requests by the store's day their first mail went out, and how many of those were opened and reviewed since:
 * Insights' funnel. Kept by a trigger on review_requests (migration 0035), rebuilt when the store's time zone changes.
 */
export const reviewRequestFunnelDaily = pgTable(
  'review_request_funnel_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    reviewed: integer('reviewed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/** The products a request asks about, in the mail's order; `review_id` once the buyer reviewed it. */
export const reviewRequestProducts = pgTable(
  'review_request_products',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productExternalId: text('product_external_id').notNull(),
    name: text('name').notNull().default(''),
    url: text('url'),
    imageUrl: text('image_url'),
    position: smallint('position').notNull().default(0),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
  },
  (t) => [
    unique('review_request_products_request_product').on(t.requestId, t.productExternalId),
    index('review_request_products_merchant_product_idx').on(t.merchantId, t.productExternalId),
  ],
);

/**
 * Addresses a store never mails again: unsubscribed, refused permanently by their mail server, or added by the
 * merchant. Kept by the address's SHA-256, so a customer's erasure can drop the address and keep the suppression.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    email: text('email'),
    reason: text('reason', { enum: ['unsubscribed', 'bounced', 'manual'] }).notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [unique('mail_suppressions_merchant_email').on(t.merchantId, t.emailHash)],
);

/**
 * Team notifications of new reviews, one row per membership (a member's choice for that store). No row: the role's
 * default (owner: instant, member: digest; see notifications.repository.ts). `last_digest_at` is the end of the last digest's period, the next one's start.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    membershipId: uuid('membership_id')
      .primaryKey()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    newReviews: text('new_reviews', { enum: ['instant', 'digest', 'none'] }).notNull(),
    lowRatingInstant: boolean('low_rating_instant').notNull().default(true),
    lastDigestAt: tstz('last_digest_at'),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_preferences_new_reviews_check', sql`${t.newReviews} in ('instant', 'digest', 'none')`)],
);

/**
 * What was mailed to whom: one row per (membership, key) — `review:{id}` for a review's mail, `digest:{date}` for a
 * day's digest — so a retried job or a second instance sends nothing twice. A sender claims the row until
 * `claimed_until`; `sent_at` set means done (for a digest, also when the day had nothing to send).
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    claimedUntil: tstz('claimed_until'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.key] }), index('notification_sends_created_idx').on(t.createdAt)],
);

// --- Questions and answers (issue 25) ---
/**
 * A shopper's question about a product and the store's answer. Shown on the storefront only when `published` (with
 * its answer); `moderation_flags` say why the content filter held it back (it stays pending until the merchant acts).
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('pending'),
    askerName: text('asker_name').notNull().default(''),
    askerEmail: text('asker_email').notNull().default(''),
    question: text('question').notNull(),
    answerText: text('answer_text'),
    answeredAt: tstz('answered_at'),
    /** When the answer was last mailed to the asker; null if never (no address, or on the suppression list). */
    answerMailedAt: tstz('answer_mailed_at'),
    publishedAt: tstz('published_at'),
    moderationFlags: text('moderation_flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sessionId: text('session_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('questions_status_check', sql`${t.status} in ('pending', 'answered', 'published')`),
    index('questions_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    index('questions_merchant_product_published_idx')
      .on(t.merchantId, t.productId, t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    index('questions_merchant_email_idx')
      .on(t.merchantId, t.askerEmail)
      .where(sql`${t.askerEmail} <> ''`),
  ],
);
// --- end questions ---

// --- Review imports (issue 26) ---
/**
 * A review file uploaded to be imported (server/review-imports): the file itself is kept in media storage under
 * `file_key` until the import ends. `rows_done` is the job's checkpoint (data rows of the file dealt with), saved with
 * each batch's reviews in one transaction: after a restart the job goes on from there.
 */
/**
 * Keys an integrator's program authenticates with (`Authorization: Bearer vr_…`), one store each (issue 28). Only the
 * key's SHA-256 is kept, with its first characters to tell keys apart; revoked keys stay listed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('api_keys_merchant_created_idx').on(t.merchantId, t.createdAt.desc())],
);

/** Outgoing webhooks (issue 28): where a store's integrator is told of its reviews, signed with `secret`. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** The signing secret, sealed (SecretBox): it must be read back to sign. */
    secretSealed: text('secret_sealed').notNull(),
    disabledReason: text('disabled_reason'),
    disabledAt: tstz('disabled_at'),
    failingSince: tstz('failing_since'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_endpoints_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    check('webhook_endpoints_disabled_reason_check', sql`${t.disabledReason} in ('merchant', 'failing')`),
  ],
);

/** One message to one endpoint, with its last attempt's outcome: the delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: tstz('last_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
    // A dispatch that is retried finds the deliveries it made already.
    uniqueIndex('webhook_deliveries_endpoint_message_idx').on(t.endpointId, t.messageId),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

export const reviewImports = pgTable(
  'review_imports',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    filename: text('filename').notNull().default(''),
    fileKey: text('file_key'),
    status: text('status', { enum: REVIEW_IMPORT_STATUSES }).notNull().default('previewed'),
    totalRows: integer('total_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Media links fetched and attached, and those that could not be (listed in review_import_skips). */
    mediaFetched: integer('media_fetched').notNull().default(0),
    mediaSkipped: integer('media_skipped').notNull().default(0),
    error: text('error'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    check('review_imports_status_check', sql`${t.status} in ('previewed', 'running', 'cancelled', 'done', 'failed')`),
    index('review_imports_merchant_created_idx').on(t.merchantId, t.createdAt.desc()),
  ],
);

/** Rows of an import file not imported, and media links not fetched (`url` set), with why: the skipped-rows report. */
export const reviewImportSkips = pgTable(
  'review_import_skips',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => reviewImports.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    /** The media link, for a skipped medium; '' for a skipped row. */
    url: text('url').notNull().default(''),
  },
  (t) => [unique('review_import_skips_row_url').on(t.importId, t.row, t.url)],
);

/**
 * Imported reviews per merchant, status and deletion, kept by a trigger on reviews (migration 0029) like
 * review_counters: plan limits leave imported reviews out by subtracting these.
 */
export const reviewImportCounters = pgTable(
  'review_import_counters',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull(),
    deleted: boolean('deleted').notNull(),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.status, t.deleted] })],
);
// --- end review imports ---
