import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
// `use` renamed: it is ECharts' registry, not React's hook.
import { init, throttle, use as register, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Loaded on demand (useECharts imports this module in an effect): only the charts and components the dashboard
// draws, so neither the server render nor the route's first JavaScript carries the chart library.
register([LineChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export type TChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption
>;

export { init, throttle };
