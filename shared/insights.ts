import { z } from 'zod';
import { chartFields, chartRequest, ZServerChart } from './analytics.js';
import type { TChartRequest } from './charts.js';
import type { TLift } from './conversion-lift.js';
import { REVIEW_SOURCES } from './review-statuses.js';
import {
  INSIGHTS_MAX_DAYS,
  INSIGHTS_PERIODS,
  INSIGHTS_PRODUCT_SORTS,
  INSIGHTS_PRODUCTS_PAGE_SIZE,
  type TInsightsPeriod,
  type TInsightsProductSort,
} from './insights-options.js';
import { pageFields, ZPage, type TPage } from './reviews.js';

export * from './insights-options.js';

// Issue 27, Insights: what video reviews earn, over a date range in the store's time zone, against the period of
// the same length just before it.

const ZDay = z
  .string({ error: 'A date, YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD.')
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'A date, YYYY-MM-DD.',
  );

const DAY_MS = 86_400_000;

const PERIOD_MESSAGE = `Choose one of ${INSIGHTS_PERIODS.join(', ')} days.`;

const ZRangeFields = {
  start: ZDay.optional(),
  end: ZDay.optional(),
  /** Instead of dates: the last N days of the store's calendar, today included. */
  days: z.coerce
    .number({ error: PERIOD_MESSAGE })
    .refine((days): days is TInsightsPeriod => (INSIGHTS_PERIODS as readonly number[]).includes(days), PERIOD_MESSAGE)
    .optional(),
};

function checkRange(query: { start?: string; end?: string; days?: number }, ctx: z.RefinementCtx): void {
  if (query.days !== undefined && (query.start || query.end)) {
    ctx.addIssue({ code: 'custom', path: ['days'], message: 'Give dates or a number of days, not both.' });
  } else if (!!query.start !== !!query.end) {
    ctx.addIssue({ code: 'custom', path: [query.start ? 'end' : 'start'], message: 'Give both dates, or neither.' });
  } else if (query.start && query.end) {
    const days = (Date.parse(query.end) - Date.parse(query.start)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end comes before the start.' });
    else if (days > INSIGHTS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: `At most ${INSIGHTS_MAX_DAYS} days at once.` });
    }
  }
}

/**
 * `GET /api/insights/`: both ends included; without them, the last INSIGHTS_DEFAULT_DAYS days. `chart=svg` brings the
 * weekly charts drawn, in `language`.
 */
export const ZInsightsQuery = z
  .object({ ...ZRangeFields, ...chartFields })
  .superRefine(checkRange)
  .transform(({ chart, language, ...range }) => ({ ...range, chart: chartRequest({ chart, language }) }));
export type TInsightsQuery = Omit<z.output<typeof ZInsightsQuery>, 'chart'> & { chart?: TChartRequest };

/** Both ends included, `YYYY-MM-DD` in the store's time zone. */
export const ZDateRange = z.object({ start: z.string(), end: z.string() }).meta({ id: 'DateRange' });
export type TDateRange = z.output<typeof ZDateRange>;

const share = z.number().min(0).max(1);
const count = z.int().nonnegative();

/** How shoppers met the videos in a range; shares are 0–1, null where there is nothing to divide by. */
export const ZEngagement = z
  .object({
    /** Widget sessions that saw the widget (per day and product, as the dashboard counts them). */
    views: count,
    /** Sessions that played a video. */
    plays: count,
    /** plays ÷ views. */
    play_rate: share.nullable(),
    /**
     * The average share of a video watched per play of a named review, from the quarters reached (each quarter
     * reached counts a quarter: a lower bound).
     */
    average_watched: share.nullable(),
    /** Plays of a named review that reached its end. */
    completion: share.nullable(),
    unmutes: count,
    fullscreens: count,
  })
  .meta({ id: 'Engagement' });
export type TEngagement = z.output<typeof ZEngagement>;

export const ZWatchedReview = z
  .object({
    review_id: z.uuid(),
    customer_name: z.string(),
    product_id: z.uuid(),
    product_name: z.string(),
    /** Sessions that played it. */
    plays: count,
    /** Of those, the share that reached its end (0–1). */
    completion: share.nullable(),
  })
  .meta({ id: 'WatchedReview' });
export type TWatchedReview = z.output<typeof ZWatchedReview>;

/** One week, Monday first, `YYYY-MM-DD`: reviews received by star (index 0 is 1 star) and their average. */
export const ZRatingsWeek = z
  .object({
    week: z.string(),
    counts: z.tuple([count, count, count, count, count]),
    average: z.number().min(1).max(5).nullable(),
  })
  .meta({ id: 'RatingsWeek' });
export type TRatingsWeek = z.output<typeof ZRatingsWeek>;

/** Review requests first sent in a week, and how many of them were opened and reviewed since. */
export const ZFunnelWeek = z
  .object({ week: z.string(), sent: count, opened: count, reviewed: count })
  .meta({ id: 'FunnelWeek' });
export type TFunnelWeek = z.output<typeof ZFunnelWeek>;

const ZRate = z.object({
  /** Sessions that converted, of `sessions`. */
  conversions: count,
  sessions: count,
  /** conversions / sessions; null without sessions. */
  rate: share.nullable(),
  /** The 95 % Wilson score interval; [0, 1] without sessions. */
  low: share,
  high: share,
});

/**
 * Sessions that played a video against sessions that only saw the widget, each filed on the day it first saw the
 * widget; `basis` says what converting means: a verified order (a connected store whose orders name the session), or
 * an add to cart.
 */
export const ZLift = z
  .object({
    watched: ZRate,
    viewed: ZRate,
    /** watched − viewed, in rate points, with its 95 % interval; null when there is not enough data. */
    difference: z.object({ value: z.number(), low: z.number(), high: z.number() }).nullable(),
    enough: z.boolean(),
    basis: z.enum(['orders', 'carts']),
  })
  .meta({ id: 'ConversionLift' }) satisfies z.ZodType<TLift>;

export const ZInsightsCharts = z
  .object({
    ratings: ZServerChart,
    /** Null with the funnel. */
    funnel: ZServerChart.nullable(),
  })
  .meta({ id: 'InsightsCharts' });
export type TInsightsCharts = z.output<typeof ZInsightsCharts>;

/** `GET /api/insights/`. */
export const ZInsights = z
  .object({
    range: ZDateRange,
    /** The same number of days just before `range`. */
    previous: ZDateRange,
    engagement: ZEngagement,
    previous_engagement: ZEngagement,
    lift: ZLift,
    most_watched: z.array(ZWatchedReview),
    /** Reviews received (not deleted, not rejected) per week of the range. */
    ratings: z.array(ZRatingsWeek),
    /** Reviews received (not deleted, not rejected) in the range by where they came from. */
    sources: z.array(z.object({ source: z.enum(REVIEW_SOURCES), reviews: count })),
    /** Null until the store has sent a review request. */
    funnel: z.array(ZFunnelWeek).nullable(),
    /** With `chart=svg`: `ratings` and `funnel` drawn by the server, from these same figures. */
    charts: ZInsightsCharts.optional(),
  })
  .meta({ id: 'Insights' });
export type TInsights = z.output<typeof ZInsights>;

/** The Insights read a server render makes in process for the signed-in user's store. */
export interface TInsightsReader {
  insights(query: TInsightsQuery): Promise<TInsights>;
  products(query: TInsightsProductsQuery): Promise<TPage<TInsightsProduct>>;
}

const SORT_VALUES = INSIGHTS_PRODUCT_SORTS.flatMap((sort) => [sort, `-${sort}` as const]);

const ZProductsFields = {
  ...ZRangeFields,
  sort: z
    .enum(SORT_VALUES as [TInsightsProductSort, ...TInsightsProductSort[]], {
      error: `One of ${INSIGHTS_PRODUCT_SORTS.join(', ')}, each with - first for largest first.`,
    })
    .default('-views'),
};

/** `GET /api/insights/products/`: the products seen or reviewed in the range, one page. */
export const ZInsightsProductsQuery = z
  .object({ ...ZProductsFields, ...pageFields(INSIGHTS_PRODUCTS_PAGE_SIZE) })
  .superRefine(checkRange);
export type TInsightsProductsQuery = z.output<typeof ZInsightsProductsQuery>;

/** `GET /api/insights/products/export/`: every such product, as CSV, in the table's order. */
export const ZInsightsProductsExportQuery = z.object(ZProductsFields).superRefine(checkRange);
export type TInsightsProductsExportQuery = z.output<typeof ZInsightsProductsExportQuery>;

/** One product over the range; rates are 0–1, null where nothing divides. */
export const ZInsightsProduct = z
  .object({
    product_id: z.uuid(),
    name: z.string(),
    image: z.string().nullable(),
    /** Widget sessions that saw its reviews, and those that played one of its videos. */
    views: count,
    plays: count,
    play_rate: share.nullable(),
    /** Sessions that converted on it (orders or add-to-carts, as the lift's basis). */
    conversions: count,
    conversion_rate: share.nullable(),
    /** Reviews received in the range, not deleted. */
    reviews: count,
    /** Of its published reviews, all time, one decimal; null without any. */
    average_rating: z.number().min(1).max(5).nullable(),
  })
  .meta({ id: 'InsightsProduct' });
export type TInsightsProduct = z.output<typeof ZInsightsProduct>;

export const ZInsightsProductPage = ZPage(ZInsightsProduct).meta({ id: 'InsightsProductPage' });
