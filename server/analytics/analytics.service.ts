import { Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  TActivityInterval,
  TAnalyticsReader,
  TDashboardMetrics,
  TDashboardPeriod,
  TReviewActivity,
  TTopProducts,
} from '../../shared/analytics.js';
import type { TChartRequest } from '../../shared/charts.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { AnalyticsCache } from './analytics-cache.js';
import { attributesOrders } from './conversion-basis.js';
import { AnalyticsRepository, type AnalyticsStore, type PeriodReviews } from './analytics.repository.js';
import { activityChart, topProductsChart } from './dashboard-charts.js';
import { bucketsOf, firstWholeMonth, periodsOf, todayIn } from './periods.js';
import { countTrend, oneDecimal, pointsTrend } from './trends.js';

function average(rows: Array<{ reviews: number; ratingSum: number }>): number | null {
  const reviews = rows.reduce((sum, row) => sum + row.reviews, 0);
  return reviews ? rows.reduce((sum, row) => sum + row.ratingSum, 0) / reviews : null;
}

function sumOf(rows: PeriodReviews[]): number {
  return rows.reduce((sum, row) => sum + row.reviews, 0);
}

/** Percent of the sessions that saw the widget which converted (DESIGN §6.6). */
function conversion(views: number, converted: number): number | null {
  return views ? Math.min(100, (converted / views) * 100) : null;
}

/**
 * SPEC §7 Analytics for one store. Every answer is keyed by the store's current day, so a new day starts fresh
 * without waiting for the cache to expire.
 */
@Injectable()
export class AnalyticsService implements OnModuleInit {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly cache: AnalyticsCache,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    this.readers.register('analytics', 'view_dashboard', (merchantId) => this.readerFor(merchantId));
  }

  async dashboardMetrics(store: AnalyticsStore, days: TDashboardPeriod): Promise<TDashboardMetrics> {
    const periods = periodsOf(todayIn(store.timezone), days);
    const [reviews, conversionRate] = await Promise.all([
      this.cache.reviews(store.id, ['metrics', periods.today, days], async () => {
        const [totals, received] = await Promise.all([
          this.analytics.totals(store.id),
          this.analytics.received(store.id, periods),
        ]);
        const live = (status: string) => totals.filter((row) => row.status === status);
        const inPeriod = (current: boolean, status?: string) =>
          received.filter((row) => row.current === current && (!status || row.status === status));
        const approvedAverage = average(live('approved'));
        return {
          total_reviews: totals.reduce((sum, row) => sum + row.reviews, 0),
          total_reviews_trend: countTrend(sumOf(inPeriod(true)), sumOf(inPeriod(false))),
          pending_reviews: live('pending').reduce((sum, row) => sum + row.reviews, 0),
          pending_reviews_trend: countTrend(sumOf(inPeriod(true, 'pending')), sumOf(inPeriod(false, 'pending'))),
          average_rating: approvedAverage === null ? null : oneDecimal(approvedAverage),
          average_rating_trend: pointsTrend(average(inPeriod(true, 'approved')), average(inPeriod(false, 'approved'))),
        };
      }),
      this.cache.events(
        store.id,
        ['conversion', periods.today, days, attributesOrders(store) ? 'orders' : 'carts'],
        async () => {
          const sessions = await this.analytics.sessions(store.id, periods);
          const of = (current: boolean) =>
            sessions.find((row) => row.current === current) ?? { views: 0, carts: 0, purchases: 0 };
          // Orders are the truth where the platform reports them (purchases attributed to widget sessions): then both
          // periods count purchases, so the trend compares like with like, and add-to-cart beacons, which anyone can
          // send, count for nothing. Otherwise add-to-cart clicks.
          const byOrders = attributesOrders(store) || sessions.some((row) => row.purchases > 0);
          const converted = (current: boolean) => (byOrders ? of(current).purchases : of(current).carts);
          const now = conversion(of(true).views, converted(true));
          const before = conversion(of(false).views, converted(false));
          return { conversion_rate: oneDecimal(now ?? 0), conversion_rate_trend: pointsTrend(now, before) };
        },
      ),
    ]);
    return { ...reviews, ...conversionRate, days };
  }

  /**
   * With `chart`, the line comes drawn (server/charts) and is cached with the figures it was drawn from, under the
   * same data version: an answer's tooltips always read the values its SVG shows.
   */
  async reviewActivity(
    store: AnalyticsStore,
    days: TDashboardPeriod,
    interval: TActivityInterval,
    chart?: TChartRequest,
  ): Promise<TReviewActivity> {
    const { today, start } = periodsOf(todayIn(store.timezone), days);
    const read = () =>
      this.cache.reviews(store.id, ['activity', today, days, interval], async () => {
        const rows = await this.analytics.activity(store.id, start, today, interval === 'month');
        const counts = new Map(rows.map((row) => [row.bucket, row.reviews]));
        const results = bucketsOf(start, today, interval).map((date) => ({ date, reviews: counts.get(date) ?? 0 }));
        return { days, interval, results };
      });
    if (!chart) return read();
    return this.cache.reviews(store.id, ['activity-chart', today, days, interval, chart.language], async () => {
      const activity = await read();
      return { ...activity, chart: activityChart(activity, chart.language) };
    });
  }

  async topProducts(
    store: AnalyticsStore,
    days: TDashboardPeriod,
    limit: number,
    chart?: TChartRequest,
  ): Promise<TTopProducts> {
    const { today, start } = periodsOf(todayIn(store.timezone), days);
    const read = () =>
      this.cache.reviews(store.id, ['top', today, days, limit], async () => {
        const rows = await this.analytics.topProducts(store.id, start, firstWholeMonth(start), today, limit);
        return {
          days,
          results: rows.map((row) => ({ product_id: row.id, name: row.name, image: row.image, reviews: row.reviews })),
        };
      });
    if (!chart) return read();
    return this.cache.reviews(store.id, ['top-chart', today, days, limit, chart.language], async () => {
      const products = await read();
      return { ...products, chart: topProductsChart(products, chart.language) };
    });
  }

  /** The same reads bound to one store, for a server render; the store is looked up on the first read only. */
  readerFor(merchantId: string): TAnalyticsReader {
    let store: Promise<AnalyticsStore> | undefined;
    const load = () => (store ??= this.analytics.store(merchantId));
    return {
      dashboardMetrics: async (days) => this.dashboardMetrics(await load(), days),
      reviewActivity: async (days, interval, chart) => this.reviewActivity(await load(), days, interval, chart),
      topProducts: async (days, limit, chart) => this.topProducts(await load(), days, limit, chart),
    };
  }
}
