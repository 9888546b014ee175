import type { TReviewActivity, TTopProducts } from '../../shared/analytics.js';
import { activityDateFormat, type TServerChart } from '../../shared/charts.js';
import type { TLanguage } from '../../shared/constants.js';
import { countAxis } from '../charts/chart-scale.js';
import { renderChartSizes, type TChartBox } from '../charts/chart-renderer.js';
import { hoverBands } from '../charts/hover-bands.js';

/** Points are marked while there are few enough of them to tell apart. */
const MOST_SYMBOLS = 31;
/** The widest a product name may print beside its bar, per drawing size; longer names end in an ellipsis. */
const NAME_WIDTHS = { s: 96, m: 132, l: 200 } satisfies Record<TChartBox['size'], number>;

/** SPEC §2 Dashboard: reviews per day (per month above 90 days) as a line with its area, the page's language. */
export function activityChart(activity: TReviewActivity, language: TLanguage): TServerChart {
  const values = activity.results.map((point) => point.reviews);
  const dateOf = activityDateFormat(language, activity.interval);
  const number = new Intl.NumberFormat(language);
  const axis = countAxis(Math.max(0, ...values));
  return renderChartSizes('review-activity', () => ({
    grid: { left: 4, right: 16, top: 12, bottom: 4 },
    xAxis: {
      type: 'category',
      data: activity.results.map((point) => dateOf(point.date)),
      axisTick: { alignWithLabel: true },
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      ...axis,
      axisLabel: { formatter: (value: number) => number.format(value) },
    },
    series: [
      {
        type: 'line',
        data: values,
        silent: true,
        smooth: true,
        // Monotone along x: a day with no reviews is drawn at 0, never below it.
        smoothMonotone: 'x',
        showSymbol: values.length <= MOST_SYMBOLS,
        symbol: 'circle',
        symbolSize: 6,
        lineStyle: { color: 'var(--chart-1)', width: 2 },
        itemStyle: { color: 'var(--color-surface)', borderColor: 'var(--chart-1)', borderWidth: 1.5 },
        areaStyle: { color: 'var(--chart-1)', opacity: 0.12 },
      },
      hoverBands(values.length, axis.max),
    ],
  }));
}

/** SPEC §2 Dashboard: horizontal bars, the product with the most reviews on top, each with its count at its end. */
export function topProductsChart(products: TTopProducts, language: TLanguage): TServerChart {
  const names = products.results.map((product) => product.name);
  const values = products.results.map((product) => product.reviews);
  const number = new Intl.NumberFormat(language);
  const axis = countAxis(Math.max(0, ...values));
  // Room past the top of the axis for the longest bar's count.
  const right = 12 + 8 * number.format(axis.max).length;
  const categories = { type: 'category', data: names, inverse: true, axisTick: { show: false } } as const;
  return renderChartSizes('top-products', ({ size }) => ({
    grid: { left: 4, right, top: 4, bottom: 4 },
    xAxis: { type: 'value', min: 0, ...axis, axisLabel: { formatter: (value: number) => number.format(value) } },
    yAxis: [
      { ...categories, axisLabel: { width: NAME_WIDTHS[size], overflow: 'truncate', ellipsis: '…' } },
      { ...categories, show: false },
    ],
    series: [
      {
        type: 'bar',
        data: values,
        silent: true,
        barMaxWidth: 24,
        itemStyle: { color: 'var(--chart-1)', borderRadius: [0, 6, 6, 0] },
        label: {
          show: true,
          position: 'right',
          color: 'var(--color-text)',
          formatter: ({ value }) => number.format(value as number),
        },
      },
      hoverBands(values.length, axis.max, { yAxisIndex: 1 }),
    ],
  }));
}
