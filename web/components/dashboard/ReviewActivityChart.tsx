import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TActivityInterval, TReviewActivity } from '../../../shared/analytics.js';
import { useLanguage } from '../../i18n/useLanguage';
import { ChartCard } from './ChartCard';
import { LineChart } from './charts/LineChart';

/** Bucket dates are calendar days (`YYYY-MM-DD`): formatted in UTC so no local offset moves them. */
const DATE_FORMATS: Record<TActivityInterval, Intl.DateTimeFormatOptions> = {
  day: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
};

/** SPEC §2 Dashboard: a line of reviews per day, or per month on long periods. */
export function ReviewActivityChart({ activity }: { activity: UseQueryResult<TReviewActivity> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data } = activity;
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const seriesName = t('dashboard.activity.series');

  const labels = useMemo(() => {
    if (!data) return [];
    const date = new Intl.DateTimeFormat(language, DATE_FORMATS[data.interval]);
    return data.results.map((point) => date.format(new Date(`${point.date}T00:00:00Z`)));
  }, [data, language]);

  const total = data?.results.reduce((sum, point) => sum + point.reviews, 0);

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
      {data && (
        <LineChart
          labels={labels}
          values={data.results.map((point) => point.reviews)}
          seriesName={seriesName}
          number={number}
        />
      )}
    </ChartCard>
  );
}
