import type { TServerChart } from '../../shared/charts.js';
import type { TLanguage } from '../../shared/constants.js';
import { funnelOption, ratingsOption, type TWeeklyOption } from '../../shared/insights-charts.js';
import type { TFunnelWeek, TRatingsWeek } from '../../shared/insights.js';
import { countAxis } from '../charts/chart-scale.js';
import { renderChartSizes } from '../charts/chart-renderer.js';
import { hoverBands } from '../charts/hover-bands.js';

/**
 * The drawing as the page shows it: its marks silent, and a hover band per week on a category axis of its own (the
 * bars keep their widths), the only thing ECharts' light runtime reports, so a tooltip names the whole week.
 */
function withHoverBands(option: TWeeklyOption, weeks: number, top: number): TWeeklyOption {
  const xAxis = option.xAxis as object;
  const series = option.series as NonNullable<TWeeklyOption['series']>[];
  return {
    ...option,
    xAxis: [xAxis, { ...xAxis, show: false }],
    series: [
      ...series.map((one) => ({ ...one, silent: true })),
      hoverBands(weeks, top, { xAxisIndex: 1 }),
    ] as TWeeklyOption['series'],
  };
}

/** Series names in the SVG: it has no legend (the page prints one) and is hidden from assistive technology. */
const STAR_NAMES = { star: (stars: number) => `${stars}★`, average: 'average' };
const STEP_NAMES = { sent: 'sent', opened: 'opened', reviewed: 'reviewed' };

/** Issue 27: reviews per week stacked by star with the week's average on a 1–5 axis, in the page's language. */
export function ratingsChart(weeks: TRatingsWeek[], language: TLanguage): TServerChart {
  const axis = countAxis(Math.max(0, ...weeks.map((week) => week.counts.reduce((sum, n) => sum + n, 0))));
  const option = ratingsOption(weeks, language, STAR_NAMES, axis);
  return renderChartSizes('insights-ratings', () => withHoverBands(option, weeks.length, axis.max));
}

/** Issue 27: review requests sent per week, opened and reviewed since, as bars side by side. */
export function funnelChart(weeks: TFunnelWeek[], language: TLanguage): TServerChart {
  const axis = countAxis(Math.max(0, ...weeks.map((week) => week.sent)));
  const option = funnelOption(weeks, language, STEP_NAMES, axis);
  return renderChartSizes('insights-requests', () => withHoverBands(option, weeks.length, axis.max));
}
