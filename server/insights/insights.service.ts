import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TChartRequest, TServerChart } from '../../shared/charts.js';
import { conversionLift } from '../../shared/conversion-lift.js';
import type { TPage } from '../../shared/reviews.js';
import {
  INSIGHTS_DEFAULT_DAYS,
  MOST_WATCHED_LIMIT,
  type TDateRange,
  type TEngagement,
  type TFunnelWeek,
  type TInsights,
  type TInsightsQuery,
  type TInsightsProduct,
  type TInsightsProductsExportQuery,
  type TInsightsProductSort,
  type TInsightsProductsQuery,
  type TInsightsReader,
  type TRatingsWeek,
} from '../../shared/insights.js';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { AnalyticsRepository, type AnalyticsStore } from '../analytics/analytics.repository.js';
import { attributesOrders } from '../analytics/conversion-basis.js';
import { addDays, todayIn } from '../analytics/periods.js';
import { listPage } from '../common/list-page.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { funnelChart, ratingsChart } from './insights-charts.js';
import { rangeParts, type RangeParts } from './range-parts.js';
import { InsightsRepository, type EngagementRow, type OutcomeRow, type ProductColumn } from './insights.repository.js';

const DAY_MS = 86_400_000;

function share(part: number, whole: number): number | null {
  return whole ? Math.min(1, part / whole) : null;
}

function engagementOf(row: EngagementRow | undefined): TEngagement {
  const r = row ?? { views: 0, plays: 0, unmutes: 0, fullscreens: 0, reviewPlays: 0, quarters: 0, completed: 0 };
  return {
    views: r.views,
    plays: r.plays,
    play_rate: share(r.plays, r.views),
    average_watched: share(r.quarters / 4, r.reviewPlays),
    completion: share(r.completed, r.reviewPlays),
    unmutes: r.unmutes,
    fullscreens: r.fullscreens,
  };
}

const EXPORT_BATCH = 500;

interface ProductBasis {
  parts: RangeParts;
  byOrders: boolean;
}

/** The range asked for: its dates, or the last `days` (INSIGHTS_DEFAULT_DAYS) days of the store's calendar. */
export function rangeOf(
  store: AnalyticsStore,
  query: { start?: string; end?: string; days?: number },
): { today: string; range: TDateRange } {
  const today = todayIn(store.timezone);
  const range =
    query.start && query.end
      ? { start: query.start, end: query.end }
      : { start: addDays(today, 1 - (query.days ?? INSIGHTS_DEFAULT_DAYS)), end: today };
  return { today, range };
}

/**
 * As the dashboard's conversion rate: orders where the store's orders name the widget session (or once such orders
 * arrived in the range), add-to-cart clicks otherwise.
 */
function convertsByOrders(store: AnalyticsStore, outcomes: OutcomeRow[]): boolean {
  return attributesOrders(store) || outcomes.some((row) => row.purchased && row.sessions > 0);
}

/** Every Monday from the week of `start` to the week of `end`. */
export function weeksOf(range: TDateRange): string[] {
  const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  const weeks: string[] = [];
  for (let week = monday(range.start); week <= range.end; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Sessions that played against sessions that only saw the widget, converting by `byOrders` or by carts. */
function liftOf(rows: OutcomeRow[], byOrders: boolean) {
  const converted = (row: OutcomeRow) => (byOrders ? row.purchased : row.carted);
  const group = (played: boolean) => {
    const mine = rows.filter((row) => row.played === played);
    return {
      sessions: mine.reduce((sum, row) => sum + row.sessions, 0),
      conversions: mine.filter(converted).reduce((sum, row) => sum + row.sessions, 0),
    };
  };
  return { ...conversionLift(group(true), group(false)), basis: byOrders ? ('orders' as const) : ('carts' as const) };
}

/**
 * Issue 27's Insights for one store: engagement, conversion lift, most-watched reviews, ratings, sources and the
 * review-request funnel over a range of the store's days. Cached under the analytics versions (events, reviews or
 * requests), keyed by the store's current day.
 */
@Injectable()
export class InsightsService implements OnModuleInit {
  constructor(
    private readonly insightsRepository: InsightsRepository,
    private readonly analytics: AnalyticsRepository,
    private readonly cache: AnalyticsCache,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    this.readers.register('insights', 'view_dashboard', (merchantId) => this.readerFor(merchantId));
  }

  /**
   * The whole answer is cached under the three versions together (one round trip when nothing moved); its parts under
   * their own, so a storefront's beacons recompute only the widget's figures.
   */
  async insights(store: AnalyticsStore, query: TInsightsQuery): Promise<TInsights> {
    const { today, range } = rangeOf(store, query);
    // The basis is the store's setting, so a store connecting its orders reads a new answer.
    const key = [today, range.start, range.end, attributesOrders(store) ? 'orders' : 'carts'];
    return this.cache.across(
      store.id,
      ['events', 'reviews', 'requests'],
      ['insights-answer', ...key, query.chart?.language ?? 'figures'],
      () => this.compute(store, { today, range, key }, query.chart),
    );
  }

  private async compute(
    store: AnalyticsStore,
    { today, range, key }: { today: string; range: TDateRange; key: string[] },
    chart: TChartRequest | undefined,
  ): Promise<TInsights> {
    const days = (Date.parse(range.end) - Date.parse(range.start)) / DAY_MS + 1;
    const previous = { start: addDays(range.start, -days), end: addDays(range.start, -1) };

    const [events, received, funnel] = await Promise.all([
      this.cache.events(store.id, ['insights', ...key], async () => {
        const [engagement, outcomes, watched] = await Promise.all([
          this.insightsRepository.engagement(store.id, previous.start, range.start, range.end),
          this.insightsRepository.outcomes(store.id, range.start, range.end),
          this.insightsRepository.mostWatched(store.id, rangeParts(range, today), MOST_WATCHED_LIMIT),
        ]);
        const byOrders = convertsByOrders(store, outcomes);
        return {
          engagement: engagementOf(engagement.find((row) => row.current)),
          previous_engagement: engagementOf(engagement.find((row) => !row.current)),
          lift: liftOf(outcomes, byOrders),
          most_watched: watched.map((row) => ({
            review_id: row.reviewId,
            customer_name: row.customerName,
            product_id: row.productId,
            product_name: row.productName,
            plays: row.plays,
            completion: share(row.completed, row.plays),
          })),
        };
      }),
      this.received(store.id, range, key, chart),
      this.cache.requests(store.id, ['insights-funnel', ...key], async () => {
        const rows = await this.insightsRepository.funnel(store.id, range.start, range.end);
        return rows && funnelWeeks(range, rows);
      }),
    ]);
    const { chart: ratings, ...reviews } = received;
    const figures = { range, previous, ...events, ...reviews, funnel };
    if (!chart || !ratings) return figures;
    const { language } = chart;
    const funnelSvg =
      funnel &&
      (await this.cache.requests(store.id, ['insights-funnel-chart', ...key, language], async () =>
        funnelChart(funnel, language),
      ));
    return { ...figures, charts: { ratings, funnel: funnelSvg } };
  }

  /**
   * Reviews by week and by source. With `chart`, the weeks come drawn (server/charts), cached with the figures they
   * were drawn from under the same data version, so an answer's tooltips read the values its SVG shows.
   */
  private received(
    merchantId: string,
    range: TDateRange,
    key: string[],
    chart: TChartRequest | undefined,
  ): Promise<{ ratings: TRatingsWeek[]; sources: TInsights['sources']; chart?: TServerChart }> {
    const read = () =>
      this.cache.reviews(merchantId, ['insights', ...key], async () => {
        const [ratings, sources] = await Promise.all([
          this.insightsRepository.ratings(merchantId, range.start, range.end),
          this.insightsRepository.sources(merchantId, range.start, range.end),
        ]);
        return { ratings: ratingWeeks(range, ratings), sources };
      });
    if (!chart) return read();
    return this.cache.reviews(merchantId, ['insights-chart', ...key, chart.language], async () => {
      const figures = await read();
      return { ...figures, chart: ratingsChart(figures.ratings, chart.language) };
    });
  }

  /** One page of the per-product table. */
  async products(store: AnalyticsStore, query: TInsightsProductsQuery): Promise<TPage<TInsightsProduct>> {
    const { today, range } = rangeOf(store, query);
    const { page, page_size, sort } = query;
    // Its figures follow the events and the reviews (a product's name and picture follow neither: the entry's lifetime).
    const parts = ['insights-products', today, range.start, range.end, sort, page, page_size];
    return this.cache.across(store.id, ['events', 'reviews'], parts, async () => {
      const basis = await this.productBasis(store, range, today);
      const { count, results } = await this.productPage(store.id, basis, sort, page_size, (page - 1) * page_size);
      return listPage('/api/insights/products/', { ...range, sort, page, page_size }, count, results);
    });
  }

  /** The whole table for the export: its range, and every product in its order, read a batch at a time. */
  exportProducts(
    store: AnalyticsStore,
    query: TInsightsProductsExportQuery,
  ): { range: TDateRange; rows: AsyncGenerator<TInsightsProduct> } {
    const { today, range } = rangeOf(store, query);
    return { range, rows: this.allProducts(store, range, today, query.sort) };
  }

  private async *allProducts(
    store: AnalyticsStore,
    range: TDateRange,
    today: string,
    sort: TInsightsProductSort,
  ): AsyncGenerator<TInsightsProduct> {
    // Decided once: a conversion arriving mid-export must not change the basis between two batches.
    const basis = await this.productBasis(store, range, today);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { results } = await this.productPage(store.id, basis, sort, EXPORT_BATCH, offset);
      yield* results;
      if (results.length < EXPORT_BATCH) return;
    }
  }

  /** Where the table's figures come from: the range's rollup parts, and whether orders or carts count as conversions. */
  private async productBasis(store: AnalyticsStore, range: TDateRange, today: string): Promise<ProductBasis> {
    const outcomes = await this.insightsRepository.outcomes(store.id, range.start, range.end);
    return { parts: rangeParts(range, today), byOrders: convertsByOrders(store, outcomes) };
  }

  private async productPage(
    merchantId: string,
    basis: ProductBasis,
    sort: TInsightsProductSort,
    limit: number,
    offset: number,
  ): Promise<{ count: number; results: TInsightsProduct[] }> {
    const descending = sort.startsWith('-');
    const { count, rows } = await this.insightsRepository.products(
      merchantId,
      basis.parts,
      basis.byOrders,
      { column: (descending ? sort.slice(1) : sort) as ProductColumn, descending },
      limit,
      offset,
    );
    const results = rows.map((row) => ({
      product_id: row.productId,
      name: row.name,
      image: row.image,
      views: row.views,
      plays: row.plays,
      play_rate: row.playRate,
      conversions: row.conversions,
      conversion_rate: row.conversionRate,
      reviews: row.reviews,
      average_rating: row.averageRating,
    }));
    return { count, results };
  }

  readerFor(merchantId: string): TInsightsReader {
    let store: Promise<AnalyticsStore> | undefined;
    const load = () => (store ??= this.analytics.store(merchantId));
    return {
      insights: async (query) => this.insights(await load(), query),
      products: async (query) => this.products(await load(), query),
    };
  }
}

function ratingWeeks(
  range: TDateRange,
  rows: Array<{ week: string; rating: number; reviews: number }>,
): TRatingsWeek[] {
  return weeksOf(range).map((week) => {
    const counts: TRatingsWeek['counts'] = [0, 0, 0, 0, 0];
    for (const row of rows) if (row.week === week) counts[row.rating - 1] += row.reviews;
    const total = counts.reduce((sum, n) => sum + n, 0);
    const average = total ? counts.reduce((sum, n, i) => sum + n * (i + 1), 0) / total : null;
    return { week, counts, average: average === null ? null : Math.round(average * 100) / 100 };
  });
}

function funnelWeeks(range: TDateRange, rows: TFunnelWeek[]): TFunnelWeek[] {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeksOf(range).map((week) => byWeek.get(week) ?? { week, sent: 0, opened: 0, reviewed: 0 });
}
