import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDashboardMetrics, TTrendDirection } from '../../../shared/analytics.js';
import { ArrowDownIcon, ArrowUpIcon } from '../icons';
import { METRIC_KEYS, NO_VALUE, useMetricViews, type TMetricKey, type TMetricView } from './metricFormat';

const TREND_ICONS = { up: ArrowUpIcon, down: ArrowDownIcon, none: null } satisfies Record<
  TTrendDirection,
  (() => ReactNode) | null
>;

/**
 * SPEC §2 Dashboard: the four metric cards over the default period. Skeletons while loading; dashes when the
 * metrics could not be loaded (the page says why in a toast).
 */
export function MetricCards({ metrics, isLoading }: { metrics: TDashboardMetrics | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  const viewOf = useMetricViews();
  return (
    <ul className="metric-grid" aria-label={t('dashboard.metrics.label')} aria-busy={isLoading || undefined}>
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
  const { t } = useTranslation();
  const direction = view?.trend.direction;
  const TrendIcon = direction ? TREND_ICONS[direction] : null;

  return (
    <li className="card metric-card" data-testid={`metric-${metric}`} data-direction={direction}>
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
          {view && direction && (
            <span
              className="metric-trend"
              data-testid="metric-trend"
              data-direction={direction}
              data-from-zero={view.trend.from_zero || undefined}
            >
              {view.trend.from_zero ? (
                <>
                  <span className="metric-change">{view.change}</span>{' '}
                  <span className="metric-period">{t('dashboard.trend.noneLastMonth')}</span>
                </>
              ) : (
                <>
                  {TrendIcon && <TrendIcon />}
                  <span className="visually-hidden">{t(`dashboard.trend.${direction}`)} </span>
                  <span className="metric-change">{view.change}</span>{' '}
                  <span className="metric-period">{t('dashboard.trend.vsLastMonth')}</span>
                </>
              )}
            </span>
          )}
        </>
      )}
    </li>
  );
}
