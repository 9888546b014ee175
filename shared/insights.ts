import { z } from 'zod';
import { chartFields, chartRequest } from './analytics.js';
import type { TChartRequest, TServerChart } from './charts.js';
import type { TLift } from './conversion-lift.js';
import type { TReviewSource } from './review-statuses.js';
import {
  INSIGHTS_MAX_DAYS,
  INSIGHTS_PERIODS,
  INSIGHTS_PRODUCT_SORTS,
  INSIGHTS_PRODUCTS_PAGE_SIZE,
  type TInsightsPeriod,
  type TInsightsProductSort,
} from './insights-options.js';
import { pageFields, type TPage } from './reviews.js';

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
export interface TDateRange {
  start: string;
  end: string;
}

/** How shoppers met the videos in a range; shares are 0–1, null where there is nothing to divide by. */
export interface TEngagement {
  /** Widget sessions that saw the widget (per day and product, as the dashboard counts them). */
  views: number;
  /** Sessions that played a video. */
  plays: number;
  /** plays ÷ views. */
  play_rate: number | null;
  /**
   * The average share of a video watched per play of a named review, from the quarters reached (each quarter
   * reached counts a quarter: a lower bound).
   */
  average_watched: number | null;
  /** Plays of a named review that reached its end. */
  completion: number | null;
  unmutes: number;
  fullscreens: number;
}

export interface TWatchedReview {
  review_id: string;
  customer_name: string;
  product_id: string;
  product_name: string;
  /** Sessions that played it. */
  plays: number;
  /** Of those, the share that reached its end (0–1). */
  completion: number | null;
}

/** One week, Monday first, `YYYY-MM-DD`: reviews received by star (index 0 is 1 star) and their average. */
export interface TRatingsWeek {
  week: string;
  counts: [number, number, number, number, number];
  average: number | null;
}

/** Review requests first sent in a week, and how many of them were opened and reviewed since. */
export interface TFunnelWeek {
  week: string;
  sent: number;
  opened: number;
  reviewed: number;
}

export interface TInsights {
  range: TDateRange;
  /** The same number of days just before `range`. */
  previous: TDateRange;
  engagement: TEngagement;
  previous_engagement: TEngagement;
  /**
   * Sessions that played a video against sessions that only saw the widget, each filed on the day it first saw the
   * widget; `basis` says what converting means: a verified order (a connected store whose orders name the session),
   * or an add to cart.
   */
  lift: TLift & { basis: 'orders' | 'carts' };
  most_watched: TWatchedReview[];
  /** Reviews received (not deleted, not rejected) per week of the range. */
  ratings: TRatingsWeek[];
  /** Reviews received (not deleted, not rejected) in the range by where they came from. */
  sources: Array<{ source: TReviewSource; reviews: number }>;
  /** Null until the store has sent a review request. */
  funnel: TFunnelWeek[] | null;
  /** With `chart=svg`: `ratings` and `funnel` drawn by the server, from these same figures. */
  charts?: TInsightsCharts;
}

export interface TInsightsCharts {
  ratings: TServerChart;
  /** Null with the funnel. */
  funnel: TServerChart | null;
}

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
export interface TInsightsProduct {
  product_id: string;
  name: string;
  image: string | null;
  /** Widget sessions that saw its reviews, and those that played one of its videos. */
  views: number;
  plays: number;
  play_rate: number | null;
  /** Sessions that converted on it (orders or add-to-carts, as the lift's basis). */
  conversions: number;
  conversion_rate: number | null;
  /** Reviews received in the range, not deleted. */
  reviews: number;
  /** Of its published reviews, all time, one decimal; null without any. */
  average_rating: number | null;
}
