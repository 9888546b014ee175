import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { TReviewActivity } from '../../../shared/analytics.js';
import { activityDateFormat } from '../../../shared/charts.js';
import { useLanguage } from '../../i18n/useLanguage';
import { ChartCard } from '../charts/ChartCard';
import { ServerChart, type TChartDatum } from '../charts/ServerChart';
import { numberFormat } from '../../lib/intlFormat';

/** SPEC §2 Dashboard: a line of reviews per day, or per month on long periods, drawn by the server. */
export function ReviewActivityChart({ activity }: { activity: UseQueryResult<TReviewActivity> }) {
  const t = useT();
  const { language } = useLanguage();
  const { data } = activity;
  const number = useMemo(() => numberFormat(language), [language]);
  const seriesName = t('dashboard.activity.series');
  const total = data?.results.reduce((sum, point) => sum + point.reviews, 0);

  const tipOf = ({ dataIndex }: TChartDatum) => {
    const point = data?.results[dataIndex];
    if (!data || !point) return null;
    return {
      title: activityDateFormat(language, data.interval)(point.date),
      rows: [{ name: seriesName, value: number.format(point.reviews) }],
    };
  };

  return (
    <ChartCard
      title={t('dashboard.activity.title')}
      testId="review-activity-chart"
      points={data?.results.length}
      summary={
        data && total !== undefined
          ? t('dashboard.activity.summary', { total: number.format(total), days: data.days })
          : undefined
      }
      isLoading={!data}
      isRefreshing={activity.isPlaceholderData}
    >
      {data?.chart && <ServerChart chart={data.chart} tipOf={tipOf} />}
    </ChartCard>
  );
}
