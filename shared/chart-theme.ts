/** The name the dashboard's theme is registered under (server/charts/chart-renderer.ts, and the Insights explorer). */
export const CHART_THEME_NAME = 'dashboard';

/** How many series colours the theme has: `--chart-1` … `--chart-6` in web/styles/theme.css. */
const SERIES_COLOURS = 6;

const axis = {
  axisLine: { lineStyle: { color: 'var(--color-border)' } },
  axisTick: { lineStyle: { color: 'var(--color-border)' } },
  axisLabel: { color: 'var(--color-muted)' },
  splitLine: { lineStyle: { color: 'var(--color-border)' } },
};

/** A datum's own label (a bar's count): the page's text colour, without the light outline ECharts puts around it. */
const seriesLabel = { color: 'var(--color-text)', textBorderWidth: 0 };

/**
 * The dashboard's light and dark themes in one: every colour is one of its CSS variables, which the SVG's attributes
 * keep as written (`fill="var(--chart-1)"`), so a chart drawn once follows `<html data-theme>` — at the first paint
 * and when the merchant switches — with no second drawing and no flash. web/styles/theme.css gives the values.
 */
export const CHART_THEME = {
  color: Array.from({ length: SERIES_COLOURS }, (_, index) => `var(--chart-${index + 1})`),
  backgroundColor: 'transparent',
  textStyle: { fontFamily: 'inherit', fontSize: 12, color: 'var(--color-muted)' },
  categoryAxis: axis,
  valueAxis: axis,
  timeAxis: axis,
  logAxis: axis,
  // Filled points: ECharts' default hollow ones are filled with a fixed white.
  line: { symbol: 'circle', label: seriesLabel },
  bar: { label: seriesLabel },
};
