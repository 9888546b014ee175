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
import type { TTopProduct } from './reviews.js';

// SPEC §7 Analytics; the periods and limits of SPEC §9 are in constants.ts; DESIGN §6.6 (conversion rate).

export type { TDashboardPeriod };

export const ACTIVITY_INTERVALS = ['day', 'month'] as const;
export type TActivityInterval = (typeof ACTIVITY_INTERVALS)[number];

export type TTrendDirection = 'up' | 'down' | 'none';

/**
 * The current period against the one before it, of the same length. `value` is the size of the change, never
 * negative (the direction carries the sign), one decimal: a percent change for counts, points for the average rating,
 * percentage points for the conversion rate.
 */
export interface TTrend {
  direction: TTrendDirection;
  value: number;
  /**
   * This period has what the previous one had none of (reviews received, an approved review to average, a widget
   * session): no change to give (`value` 0, direction up), the dashboard says "new".
   */
  from_zero: boolean;
  /**
   * Nothing to compare: neither period has any, or this one has nothing to take a rate or an average of (`value` 0,
   * direction none). The dashboard shows no trend rather than "no change".
   */
  no_data: boolean;
}

export interface TDashboardMetrics {
  /** Reviews that are not deleted, all time; the trend compares reviews received in each period. */
  total_reviews: number;
  total_reviews_trend: TTrend;
  /** Reviews waiting for moderation now; the trend compares those received in each period still pending. */
  pending_reviews: number;
  pending_reviews_trend: TTrend;
  /** Of approved reviews, all time, one decimal; null when there are none. The trend compares each period's. */
  average_rating: number | null;
  average_rating_trend: TTrend;
  /** Percent, one decimal, over the period (DESIGN §6.6): widget sessions that added the product to the cart ÷
   * widget sessions that saw the widget. */
  conversion_rate: number;
  conversion_rate_trend: TTrend;
  days: TDashboardPeriod;
}

/** One bucket: `date` is its first day, `YYYY-MM-DD`, in the store's time zone. */
export interface TActivityPoint {
  date: string;
  reviews: number;
}

export interface TReviewActivity {
  days: TDashboardPeriod;
  interval: TActivityInterval;
  results: TActivityPoint[];
  /** With `chart=svg`: the line drawn by the server, from these same results. */
  chart?: TServerChart;
}

export interface TTopProducts {
  days: TDashboardPeriod;
  results: TTopProduct[];
  /** With `chart=svg`: the bars drawn by the server, from these same results. */
  chart?: TServerChart;
}

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
