// Insights' options without zod: the dashboard imports these, not the schemas (issue 27).

/** The longest range Insights reads at once. */
export const INSIGHTS_MAX_DAYS = 366;
/** The range when none is given: the last 30 days, today included. */
export const INSIGHTS_DEFAULT_DAYS = 30;
/** The ranges offered in one click: the last N days, today included. */
export const INSIGHTS_PERIODS = [7, 30, 90, 365] as const;
export type TInsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
/** How many reviews "most watched" lists. */
export const MOST_WATCHED_LIMIT = 10;

/** The per-product table's columns it sorts by; `-` first sorts from the largest. */
export const INSIGHTS_PRODUCT_SORTS = [
  'views',
  'plays',
  'play_rate',
  'conversions',
  'conversion_rate',
  'reviews',
  'average_rating',
  'name',
] as const;
export type TInsightsProductColumn = (typeof INSIGHTS_PRODUCT_SORTS)[number];
export type TInsightsProductSort = TInsightsProductColumn | `-${TInsightsProductColumn}`;
export const INSIGHTS_PRODUCTS_PAGE_SIZE = 20;

/** The CSV's columns, in order. */
export const INSIGHTS_PRODUCT_COLUMNS = [
  'product_id',
  'name',
  'views',
  'plays',
  'play_rate',
  'conversions',
  'conversion_rate',
  'reviews',
  'average_rating',
] as const;
