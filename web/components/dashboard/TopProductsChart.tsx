import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTopProducts } from '../../../shared/analytics.js';
import { useLanguage } from '../../i18n/useLanguage';
import { ChartCard } from './ChartCard';
import { chartFrame, type TChartColors } from './chartColors';
import type { TChartOption } from './echarts';
import { useECharts } from './useECharts';

const LABEL_WIDTH = 140;

/** SPEC §2 Dashboard: horizontal bars, the product with the most reviews on top. */
export function TopProductsChart({ products }: { products: UseQueryResult<TTopProducts> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data } = products;
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const seriesName = t('dashboard.topProducts.series');

  const buildOption = useMemo(() => {
    if (!data) return null;
    const names = data.results.map((product) => product.name);
    const values = data.results.map((product) => product.reviews);
    return (colors: TChartColors): TChartOption => {
      const frame = chartFrame(colors, number);
      return {
        grid: { ...frame.grid, right: 24, top: 8 },
        tooltip: {
          ...frame.tooltip,
          axisPointer: { type: 'shadow' },
        },
        xAxis: { type: 'value', minInterval: 1, axisLabel: frame.axisLabel, splitLine: frame.splitLine },
        yAxis: {
          type: 'category',
          data: names,
          inverse: true,
          axisLabel: { ...frame.axisLabel, width: LABEL_WIDTH, overflow: 'truncate' },
          axisLine: frame.axisLine,
          axisTick: { show: false },
        },
        series: [
          {
            type: 'bar',
            name: seriesName,
            data: values,
            color: colors.primary,
            barMaxWidth: 24,
            itemStyle: { borderRadius: [0, 6, 6, 0] },
          },
        ],
      };
    };
  }, [data, number, seriesName]);

  const chartRef = useECharts(buildOption, data?.results.length ?? 0);
  const empty = data?.results.length === 0 ? t('dashboard.topProducts.empty') : undefined;
  const summary =
    data &&
    (empty ??
      t('dashboard.topProducts.summary', {
        days: data.days,
        products: new Intl.ListFormat(language).format(
          data.results.map((product) => `${product.name} (${number.format(product.reviews)})`),
        ),
      }));

  return (
    <ChartCard
      title={t('dashboard.topProducts.title')}
      testId="top-products-chart"
      chartRef={chartRef}
      summary={summary}
      isLoading={!data}
      isRefreshing={products.isPlaceholderData}
      emptyMessage={empty}
    />
  );
}
