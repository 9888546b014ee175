// Review requests' options and statuses, without zod: the dashboard imports these, not the schemas.

/** What order event starts a request's clock. BigCommerce's shipped/completed statuses count as fulfilled. */
export const REQUEST_TRIGGERS = ['created', 'paid', 'fulfilled'] as const;
export type TRequestTrigger = (typeof REQUEST_TRIGGERS)[number];

/** One mail per order listing its products (up to `max_products`), or one mail per product. */
export const REQUEST_SHAPES = ['order', 'product'] as const;
export type TRequestShape = (typeof REQUEST_SHAPES)[number];

export const REQUEST_STATUSES = [
  'scheduled',
  'sent',
  'opened',
  'reviewed',
  'skipped',
  'failed',
  'unsubscribed',
  'cancelled',
] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Why a request was not sent, recorded on it. */
export const REQUEST_SKIP_REASONS = [
  'suppressed',
  'excluded_product',
  'already_reviewed',
  'no_email',
  'order_cancelled',
  'quota_reached',
] as const;
export type TRequestSkipReason = (typeof REQUEST_SKIP_REASONS)[number];

export const REQUEST_SOURCES = ['platform', 'api', 'import'] as const;
export type TRequestSource = (typeof REQUEST_SOURCES)[number];

export const REQUEST_LOCALES = ['en', 'es', 'pt'] as const;
export type TRequestLocale = (typeof REQUEST_LOCALES)[number];

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'manual'] as const;
export type TSuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const INCENTIVE_REWARDS = ['none', 'any', 'photo', 'video'] as const;
export const INCENTIVE_CODE_SOURCES = ['platform', 'fixed'] as const;
export const INCENTIVE_VALUE_TYPES = ['percentage', 'fixed_amount'] as const;
export const INCENTIVE_SEND_ON = ['submitted', 'approved'] as const;

export const REQUEST_TEMPLATE_PLACEHOLDERS = ['{customer_first_name}', '{store_name}', '{product_name}'] as const;
export const REQUEST_MAX_PRODUCTS_PER_MAIL = 10;
export const REQUEST_MAX_PRODUCTS = 20;

/** The funnel's periods: the dashboard's period chooser without the year. */
export const REQUEST_FUNNEL_PERIODS = [7, 30, 90] as const;
export type TRequestFunnelPeriod = (typeof REQUEST_FUNNEL_PERIODS)[number];

export const DEFAULT_FUNNEL_PERIOD: TRequestFunnelPeriod = 30;

/** Rows per page of the dashboard's request history and suppression list (the API's default page size). */
export const REQUESTS_PAGE_SIZE = 20;
