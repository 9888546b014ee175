import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { TTopProducts } from '../../../shared/analytics.js';
import { useLanguage } from '../../i18n/useLanguage';
import { ChartCard } from '../charts/ChartCard';
import { ServerChart, type TChartDatum } from '../charts/ServerChart';
import { listFormat, numberFormat } from '../../lib/intlFormat';

/** SPEC §2 Dashboard: horizontal bars, the product with the most reviews on top, drawn by the server. */
export function TopProductsChart({ products }: { products: UseQueryResult<TTopProducts> }) {
  const t = useT();
  const { language } = useLanguage();
  const { data } = products;
  const number = useMemo(() => numberFormat(language), [language]);
  const seriesName = t('dashboard.topProducts.series');

  const empty = data?.results.length === 0 ? t('dashboard.topProducts.empty') : undefined;
  const summary =
    data &&
    (empty ??
      t('dashboard.topProducts.summary', {
        days: data.days,
        products: listFormat(language).format(
          data.results.map((product) => `${product.name} (${number.format(product.reviews)})`),
        ),
      }));

  const tipOf = ({ dataIndex }: TChartDatum) => {
    const product = data?.results[dataIndex];
    return product
      ? { title: product.name, rows: [{ name: seriesName, value: number.format(product.reviews) }] }
      : null;
  };

  return (
    <ChartCard
      title={t('dashboard.topProducts.title')}
      testId="top-products-chart"
      points={data?.results.length}
      summary={summary}
      isLoading={!data}
      isRefreshing={products.isPlaceholderData}
      emptyMessage={empty}
    >
      {data?.chart && !empty && <ServerChart chart={data.chart} tipOf={tipOf} />}
    </ChartCard>
  );
}
