import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TActivityInterval, TReviewActivity } from '../../../shared/analytics.js';
import { useLanguage } from '../../i18n/useLanguage';
import { ChartCard } from './ChartCard';
import { chartFrame, type TChartColors } from './chartColors';
import type { TChartOption } from './echarts';
import { useECharts } from './useECharts';

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

  const buildOption = useMemo(() => {
    if (!data) return null;
    const date = new Intl.DateTimeFormat(language, DATE_FORMATS[data.interval]);
    const labels = data.results.map((point) => date.format(new Date(`${point.date}T00:00:00Z`)));
    const values = data.results.map((point) => point.reviews);
    return (colors: TChartColors): TChartOption => {
      const frame = chartFrame(colors, number);
      return {
        grid: { ...frame.grid, right: 16, top: 16 },
        tooltip: frame.tooltip,
        xAxis: {
          type: 'category',
          data: labels,
          boundaryGap: false,
          axisLabel: frame.axisLabel,
          axisLine: frame.axisLine,
          axisTick: { show: false },
        },
        yAxis: { type: 'value', minInterval: 1, axisLabel: frame.axisLabel, splitLine: frame.splitLine },
        series: [
          {
            type: 'line',
            name: seriesName,
            data: values,
            smooth: true,
            showSymbol: values.length <= 31,
            color: colors.primary,
            lineStyle: { width: 2 },
            areaStyle: { opacity: 0.12 },
          },
        ],
      };
    };
  }, [data, language, number, seriesName]);

  const chartRef = useECharts(buildOption, data?.results.length ?? 0);
  const total = data?.results.reduce((sum, point) => sum + point.reviews, 0);

  return (
    <ChartCard
      title={t('dashboard.activity.title')}
      testId="review-activity-chart"
      chartRef={chartRef}
      summary={
        data && total !== undefined
          ? t('dashboard.activity.summary', { total: number.format(total), days: data.days })
          : undefined
      }
      isLoading={!data}
      isRefreshing={activity.isPlaceholderData}
    />
  );
}
