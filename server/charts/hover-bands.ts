import type { BarSeriesOption } from 'echarts/charts';

/**
 * An invisible bar for each category, from 0 to the top of the value axis (`top`), drawn over the chart: the element
 * ECharts' light client runtime reports under the pointer anywhere in a category's column (or row), with its data
 * index, so a tooltip needs no aim at a thin line or a short bar. Put it on a category axis of its own when the chart
 * has bars already, so their widths stay their own. web/styles/charts.css tints the band under the pointer.
 */
export function hoverBands(
  count: number,
  top: number,
  axis: Pick<BarSeriesOption, 'xAxisIndex' | 'yAxisIndex'> = {},
): BarSeriesOption {
  return {
    type: 'bar',
    data: Array.from({ length: count }, () => top),
    barWidth: '100%',
    itemStyle: { color: 'var(--chart-1)', opacity: 0 },
    z: 10,
    ...axis,
  };
}
