import { z } from 'zod';
import { CHART_FORMATS, type TChartRequest, type TServerChart } from './charts.js';
import {
  DAILY_ACTIVITY_MAX_DAYS,
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  TOP_PRODUCTS_LIMIT,
  TOP_PRODUCTS_MAX_LIMIT,
  type TDashboardPeriod,
} from './constants.js';
import { ZTopProduct } from './reviews.js';

// SPEC §7 Analytics; the periods and limits of SPEC §9 are in constants.ts; DESIGN §6.6 (conversion rate).

export type { TDashboardPeriod };

export const ACTIVITY_INTERVALS = ['day', 'month'] as const;
export type TActivityInterval = (typeof ACTIVITY_INTERVALS)[number];

export const TREND_DIRECTIONS = ['up', 'down', 'none'] as const;
export type TTrendDirection = (typeof TREND_DIRECTIONS)[number];

const count = z.int().nonnegative();

/** A chart drawn by the server: an SVG per width the card can take (s, m, l). */
export const ZServerChart = z
  .object({ s: z.string(), m: z.string(), l: z.string() })
  .meta({ id: 'ServerChart' }) satisfies z.ZodType<TServerChart>;

/**
 * The current period against the one before it, of the same length. `value` is the size of the change, never
 * negative (the direction carries the sign), one decimal: a percent change for counts, points for the average rating,
 * percentage points for the conversion rate.
 */
export const ZTrend = z
  .object({
    direction: z.enum(TREND_DIRECTIONS),
    value: z.number().nonnegative(),
    /**
     * This period has what the previous one had none of (reviews received, an approved review to average, a widget
     * session): no change to give (`value` 0, direction up), the dashboard says "new".
     */
    from_zero: z.boolean(),
    /**
     * Nothing to compare: neither period has any, or this one has nothing to take a rate or an average of (`value` 0,
     * direction none). The dashboard shows no trend rather than "no change".
     */
    no_data: z.boolean(),
  })
  .meta({ id: 'Trend' });
export type TTrend = z.output<typeof ZTrend>;

const ZPeriod = z.literal(DASHBOARD_PERIODS);

/** `GET /api/analytics/dashboard_metrics/`. */
export const ZDashboardMetrics = z
  .object({
    /** Reviews that are not deleted, all time; the trend compares reviews received in each period. */
    total_reviews: count,
    total_reviews_trend: ZTrend,
    /** Reviews waiting for moderation now; the trend compares those received in each period still pending. */
    pending_reviews: count,
    pending_reviews_trend: ZTrend,
    /** Of approved reviews, all time, one decimal; null when there are none. The trend compares each period's. */
    average_rating: z.number().min(1).max(5).nullable(),
    average_rating_trend: ZTrend,
    /**
     * Percent, one decimal, over the period (DESIGN §6.6): widget sessions that added the product to the cart ÷
     * widget sessions that saw the widget.
     */
    conversion_rate: z.number().min(0).max(100),
    conversion_rate_trend: ZTrend,
    days: ZPeriod,
  })
  .meta({ id: 'DashboardMetrics' });
export type TDashboardMetrics = z.output<typeof ZDashboardMetrics>;

/** One bucket: `date` is its first day, `YYYY-MM-DD`, in the store's time zone. */
export const ZActivityPoint = z.object({ date: z.string(), reviews: count }).meta({ id: 'ActivityPoint' });
export type TActivityPoint = z.output<typeof ZActivityPoint>;

/** `GET /api/analytics/review_activity/`. */
export const ZReviewActivity = z
  .object({
    days: ZPeriod,
    interval: z.enum(ACTIVITY_INTERVALS),
    results: z.array(ZActivityPoint),
    /** With `chart=svg`: the line drawn by the server, from these same results. */
    chart: ZServerChart.optional(),
  })
  .meta({ id: 'ReviewActivity' });
export type TReviewActivity = z.output<typeof ZReviewActivity>;

/** `GET /api/analytics/top_products/`. */
export const ZTopProducts = z
  .object({
    days: ZPeriod,
    results: z.array(ZTopProduct),
    /** With `chart=svg`: the bars drawn by the server, from these same results. */
    chart: ZServerChart.optional(),
  })
  .meta({ id: 'TopProducts' });
export type TTopProducts = z.output<typeof ZTopProducts>;

const PERIOD_MESSAGE = `Choose one of ${DASHBOARD_PERIODS.join(', ')} days.`;

const ZDays = z.coerce
  .number({ error: PERIOD_MESSAGE })
  .refine((days): days is TDashboardPeriod => (DASHBOARD_PERIODS as readonly number[]).includes(days), PERIOD_MESSAGE)
  .default(DEFAULT_DASHBOARD_PERIOD);

export const ZAnalyticsQuery = z.object({ days: ZDays });

/** `chart=svg` asks for the chart drawn beside the data, its numbers and dates in `language` (en by default). */
export const chartFields = {
  chart: z.enum(CHART_FORMATS, { error: `Choose ${CHART_FORMATS.join(' or ')}.` }).optional(),
  language: z.enum(LANGUAGES, { error: `Choose one of ${LANGUAGES.join(', ')}.` }).default(FALLBACK_LANGUAGE),
};

/** The chart asked for, if any: its language. */
export function chartRequest(query: { chart?: (typeof CHART_FORMATS)[number]; language: TChartRequest['language'] }) {
  return query.chart ? { language: query.language } : undefined;
}

export const ZReviewActivityQuery = z
  .object({
    days: ZDays,
    interval: z.enum(ACTIVITY_INTERVALS, { error: 'Choose day or month.' }).optional(),
    ...chartFields,
  })
  .superRefine((query, ctx) => {
    if (query.interval === 'day' && query.days > DAILY_ACTIVITY_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['interval'],
        message: `Daily points are available for periods of ${DAILY_ACTIVITY_MAX_DAYS} days or fewer.`,
      });
    }
  })
  .transform((query) => ({
    days: query.days as TDashboardPeriod,
    interval: query.interval ?? (query.days > DAILY_ACTIVITY_MAX_DAYS ? 'month' : 'day'),
    chart: chartRequest(query),
  }));

/** How many products a top-products list holds (this one and `GET /api/reviews/top_products/`). */
export const ZTopProductsLimit = z.coerce
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(1, 'At least 1.')
  .max(TOP_PRODUCTS_MAX_LIMIT, `At most ${TOP_PRODUCTS_MAX_LIMIT}.`)
  .default(TOP_PRODUCTS_LIMIT);

export const ZTopProductsQuery = z
  .object({ days: ZDays, limit: ZTopProductsLimit, ...chartFields })
  .transform(({ days, limit, ...query }) => ({ days, limit, chart: chartRequest(query) }));

/**
 * The analytics reads a server render makes in process for the signed-in user's store (`pageContext.serverApi`);
 * with `chart`, the charts come drawn.
 */
export interface TAnalyticsReader {
  dashboardMetrics(days: TDashboardPeriod): Promise<TDashboardMetrics>;
  reviewActivity(days: TDashboardPeriod, interval: TActivityInterval, chart?: TChartRequest): Promise<TReviewActivity>;
  topProducts(days: TDashboardPeriod, limit: number, chart?: TChartRequest): Promise<TTopProducts>;
}
