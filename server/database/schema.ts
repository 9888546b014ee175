import { sql } from 'drizzle-orm';
import { REVIEW_STATUSES } from '../../shared/reviews.js';
import { WIDGET_EVENT_TYPES } from '../../shared/storefront.js';
import { OVERRIDE_POSITIONS, WIDGET_POSITIONS } from '../../shared/widgets.js';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
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
    shopifySetupComplete: boolean('shopify_setup_complete').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchants_platform_check', sql`${t.platform} in ('shopify', 'bigcommerce', 'tiendanube')`),
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
    source: text('source', { enum: ['widget', 'dashboard', 'import'] })
      .notNull()
      .default('widget'),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    statusChangedAt: tstz('status_changed_at'),
    deletedAt: tstz('deleted_at'),
    /** lower(product name, customer name, comment), kept on write: one trigram index serves the dashboard search. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('reviews_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    index('reviews_merchant_product_idx').on(t.merchantId, t.productId, t.status),
    index('reviews_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('reviews_merchant_deleted_idx')
      .on(t.merchantId, t.deletedAt.desc())
      .where(sql`${t.deletedAt} is not null`),
    index('reviews_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
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
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('review_status_changes_review_idx').on(t.reviewId, t.at)],
);

export const widgetSettings = pgTable('widget_settings', {
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
  updatedAt: updatedAt(),
});

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
    type: text('type', { enum: WIDGET_EVENT_TYPES }).notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    index('widget_events_merchant_at_idx').on(t.merchantId, t.at),
    // A session's events of the day: the rollup counts each session once per day, product and type.
    index('widget_events_session_idx').on(t.merchantId, t.sessionId, t.at),
  ],
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
    type: text('type', { enum: WIDGET_EVENT_TYPES }).notNull(),
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
    type: text('type', { enum: WIDGET_EVENT_TYPES }).notNull(),
    events: integer('events').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.type] })],
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
    status: text('status', { enum: ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] })
      .notNull()
      .default('active'),
    currentPeriodEnd: tstz('current_period_end'),
    trialEndsAt: tstz('trial_ends_at'),
    canceledAt: tstz('canceled_at'),
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
    payload: jsonb('payload').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    processedAt: tstz('processed_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
