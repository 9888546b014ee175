import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, type GridComponentOption } from 'echarts/components';
import { init, registerTheme, setPlatformAPI, use, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_SIZES, type TChartSize, type TServerChart } from '../../shared/charts.js';
import { CHART_THEME, CHART_THEME_NAME } from '../../shared/chart-theme.js';
import { fontSizeOf, textWidth } from './text-width.js';

// Only what the charts draw: tree-shaken `echarts/core`, the SVG renderer, no tooltip (the page draws its own).
use([BarChart, LineChart, GridComponent, SVGRenderer]);
registerTheme(CHART_THEME_NAME, CHART_THEME);
setPlatformAPI({ measureText: (text, font) => ({ width: textWidth(text, fontSizeOf(font)) }) });

export type TChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption>;

/** The size one drawing of a chart is made for (shared/charts.ts CHART_SIZES). */
export interface TChartBox {
  size: TChartSize;
  width: number;
  height: number;
}

const SAFE_ID = /^[a-z][a-z0-9-]*$/;

/**
 * ECharts' SVG as a page can hold it: its ids (clip paths) are the renderer's instance counter (`zr3-c0`), which
 * another chart on the page, drawn elsewhere or on another instance, may share: they become `id`'s. Its style sheet
 * and classes (hover rules) go: web/styles/charts.css decides what the pointer reaches. The root loses its pixel
 * size and keeps its viewBox, so the page scales it to the card; it is hidden from assistive technology, which reads
 * the chart's summary instead. Only tags are rewritten, never the text between them (product names).
 */
function forThePage(svg: string, id: string): string {
  return svg
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, (tag) =>
      tag.replace(/ class="zr\d+-cls-\d+"/g, '').replace(/(id="|url\(#)zr\d+-/g, `$1${id}-`),
    )
    .replace(/^<svg width="[\d.]+" height="[\d.]+"/, '<svg aria-hidden="true" focusable="false"');
}

/**
 * One chart drawn to an SVG string, as the server render needs it (`ssr: true`: each datum's element carries its
 * series and data index for ECharts' light client runtime, echarts/ssr/client). `id` names its SVG ids; it must be
 * unique on the page. About 10 ms: callers cache the result.
 */
export function renderChart(option: TChartOption, box: Pick<TChartBox, 'width' | 'height'>, id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`A chart id is lower-case letters, digits and hyphens: ${id}`);
  const chart = init(null, CHART_THEME_NAME, { renderer: 'svg', ssr: true, width: box.width, height: box.height });
  try {
    chart.setOption({ animation: false, ...option });
    return forThePage(chart.renderToSVGString(), id);
  } finally {
    chart.dispose();
  }
}

/** The chart at each of CHART_SIZES, its option made for each (labels, margins and marks that fit the width). */
export function renderChartSizes(id: string, optionFor: (box: TChartBox) => TChartOption): TServerChart {
  const drawn = (size: TChartSize) => {
    const box = { size, ...CHART_SIZES[size] };
    return renderChart(optionFor(box), box, `${id}-${size}`);
  };
  return { s: drawn('s'), m: drawn('m'), l: drawn('l') };
}
