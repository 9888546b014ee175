import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import type { TDashboardMetrics, TTrendDirection } from '../../../shared/analytics.js';
import { ArrowDownIcon, ArrowUpIcon } from '../icons';
import { METRIC_KEYS, NO_VALUE, useMetricViews, type TMetricKey, type TMetricView } from './metricFormat';

const TREND_ICONS = { up: ArrowUpIcon, down: ArrowDownIcon, none: null } satisfies Record<
  TTrendDirection,
  (() => ReactNode) | null
>;

/**
 * SPEC §2 Dashboard: the four metric cards, their trends against the period before the chosen one. Skeletons while
 * loading; dashes when the metrics could not be loaded (the page says why in a toast).
 */
export function MetricCards({
  metrics,
  isLoading,
  isRefreshing,
}: {
  metrics: TDashboardMetrics | undefined;
  isLoading: boolean;
  /** Another period's figures are on their way while these stay. */
  isRefreshing: boolean;
}) {
  const t = useT();
  const viewOf = useMetricViews();
  return (
    <ul
      className="metric-grid"
      aria-label={t('dashboard.metrics.label')}
      aria-busy={isLoading || isRefreshing || undefined}
      data-refreshing={isRefreshing || undefined}
    >
      {METRIC_KEYS.map((key) => (
        <MetricCard key={key} metric={key} view={metrics && viewOf(metrics, key)} isLoading={isLoading} />
      ))}
    </ul>
  );
}

function MetricCard({
  metric,
  view,
  isLoading,
}: {
  metric: TMetricKey;
  view: TMetricView | undefined;
  isLoading: boolean;
}) {
  const t = useT();
  // Nothing to compare (no data in either period): no trend, rather than a "no change" that would mean something.
  const trend = view && !view.trend.no_data ? view.trend : undefined;
  const TrendIcon = trend ? TREND_ICONS[trend.direction] : null;

  return (
    <li className="card metric-card" data-testid={`metric-${metric}`} data-direction={trend?.direction}>
      <span className="metric-label">{t(`dashboard.metrics.${metric}`)}</span>
      {isLoading ? (
        <>
          <span className="skeleton metric-value-skeleton" aria-hidden="true" />
          <span className="skeleton metric-trend-skeleton" aria-hidden="true" />
        </>
      ) : (
        <>
          <span className="metric-value" data-testid="metric-value">
            {view?.value ?? NO_VALUE}
          </span>
          {view && trend && (
            <span
              className="metric-trend"
              data-testid="metric-trend"
              data-direction={trend.direction}
              data-from-zero={trend.from_zero || undefined}
            >
              {trend.from_zero ? (
                <>
                  <span className="metric-change">{view.change}</span>{' '}
                  <span className="metric-period">{view.nonePrevious}</span>
                </>
              ) : (
                <>
                  {TrendIcon && <TrendIcon />}
                  <span className="visually-hidden">{t(`dashboard.trend.${trend.direction}`)} </span>
                  <span className="metric-change">{view.change}</span>{' '}
                  <span className="metric-period">{view.versus}</span>
                </>
              )}
            </span>
          )}
          {/* The conversion rate in depth: who watched against who did not, with error bars. */}
          {metric === 'conversion_rate' && (
            <a className="metric-link" href="/insights" data-testid="insights-link">
              {t('dashboard.metrics.insights')}
            </a>
          )}
        </>
      )}
    </li>
  );
}
