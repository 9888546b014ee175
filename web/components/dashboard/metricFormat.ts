import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { TDashboardMetrics, TTrend } from '../../../shared/analytics.js';
import { useLanguage } from '../../i18n/useLanguage';
import { numberFormat } from '../../lib/intlFormat';

export const METRIC_KEYS = ['total_reviews', 'pending_reviews', 'average_rating', 'conversion_rate'] as const;
export type TMetricKey = (typeof METRIC_KEYS)[number];

/** The period whose comparison is "last month". */
const LAST_MONTH_DAYS = 30;

/** Shown for an average rating with no approved reviews to average. */
export const NO_VALUE = '–';

export interface TMetricView {
  value: string;
  trend: TTrend;
  /** The size of the change in the metric's unit (shared/analytics.ts TTrend). */
  change: string;
  /** What the change is against: the period before the chosen one ("vs last month" for 30 days). */
  versus: string;
  /** A metric new this period: none in the one before. */
  nonePrevious: string;
}

/**
 * The cards' figures in the dashboard's language: counts whole, the rating with one decimal, the conversion rate
 * as a percent with one decimal. Changes: percent for counts, points for the rating, percentage points for the rate.
 */
export function useMetricViews(): (metrics: TDashboardMetrics, key: TMetricKey) => TMetricView {
  const t = useT();
  const { language } = useLanguage();
  return useMemo(() => {
    const count = numberFormat(language);
    const decimal = numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const percent = numberFormat(language, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const percentOf = (value: number) => percent.format(value / 100);

    const views = {
      total_reviews: (m) => ({ value: count.format(m.total_reviews), change: percentOf(m.total_reviews_trend.value) }),
      pending_reviews: (m) => ({
        value: count.format(m.pending_reviews),
        change: percentOf(m.pending_reviews_trend.value),
      }),
      average_rating: (m) => ({
        value: m.average_rating === null ? NO_VALUE : decimal.format(m.average_rating),
        change: t('dashboard.trend.points', { value: decimal.format(m.average_rating_trend.value) }),
      }),
      conversion_rate: (m) => ({
        value: percentOf(m.conversion_rate),
        change: t('dashboard.trend.percentagePoints', { value: decimal.format(m.conversion_rate_trend.value) }),
      }),
    } satisfies Record<TMetricKey, (metrics: TDashboardMetrics) => Pick<TMetricView, 'value' | 'change'>>;

    return (metrics, key) => {
      const trend = metrics[`${key}_trend`];
      // From none to some: a percentage of nothing would mean nothing.
      const view = trend.from_zero ? { ...views[key](metrics), change: t('dashboard.trend.new') } : views[key](metrics);
      // SPEC §2 says "versus last month" of the 30-day default; other periods name their length.
      const lastMonth = metrics.days === LAST_MONTH_DAYS;
      return {
        ...view,
        trend,
        versus: lastMonth ? t('dashboard.trend.vsLastMonth') : t('dashboard.trend.vsPrevious', { days: metrics.days }),
        nonePrevious: lastMonth
          ? t('dashboard.trend.noneLastMonth')
          : t('dashboard.trend.nonePrevious', { days: metrics.days }),
      };
    };
  }, [language, t]);
}
