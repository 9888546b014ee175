import EChartsReactCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  BrushComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo, useState } from 'react';
import { useT } from '../../i18n/useT';
import { CHART_THEME, CHART_THEME_NAME } from '../../../shared/chart-theme.js';
import { ratingsOption, type TRatingsNames } from '../../../shared/insights-charts.js';
import type { TRatingsWeek } from '../../../shared/insights.js';
import { useLanguage } from '../../i18n/useLanguage';
import { useInsightsFormat } from './format';

// The lazy chunk of Insights' Explore (issue 27): tree-shaken `echarts/core` with only what exploring uses. The SVG
// renderer, because the theme's colours are CSS variables (shared/chart-theme.ts), which a canvas cannot read.
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  BrushComponent,
  SVGRenderer,
]);
echarts.registerTheme(CHART_THEME_NAME, CHART_THEME);

const OPTS = { renderer: 'svg' } as const;
// echarts-for-react gives its element an inline height of 300 px unless told otherwise: it fills the drawing's box.
const FILL = { width: '100%', height: '100%' };

/** The weeks shown (zoom), or selected (brush), by index. */
type TSpan = [number, number];

/**
 * The ratings chart to explore: the server's drawing (shared/insights-charts.ts) with a legend that hides stars, the
 * library's tooltip, zoom over weeks (the wheel, or the slider under it) and a selection of weeks by dragging across
 * them, whose totals the line under it says.
 */
export default function RatingsExplorer({ weeks, names }: { weeks: TRatingsWeek[]; names: TRatingsNames }) {
  const t = useT();
  const { language } = useLanguage();
  const format = useInsightsFormat();
  const last = weeks.length - 1;
  const [shown, setShown] = useState<TSpan>([0, last]);
  const [selected, setSelected] = useState<TSpan | null>(null);

  const option = useMemo(() => {
    const base = ratingsOption(weeks, language, names);
    const surface = {
      backgroundColor: 'var(--color-surface-raised)',
      borderColor: 'var(--color-border)',
      textStyle: { color: 'var(--color-text)' },
    };
    return {
      ...base,
      grid: { left: 4, right: 4, top: 40, bottom: 48 },
      legend: {
        top: 0,
        // As the drawing's legend: 5★ first, as the stack reads from the top.
        data: [5, 4, 3, 2, 1].map(names.star).concat(names.average),
        icon: 'circle',
        itemWidth: 8,
        itemHeight: 8,
        textStyle: { color: 'var(--color-muted)' },
      },
      // No fade: the tooltip shows whole at once (a half-faded one reads badly, and fails contrast while it fades).
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, transitionDuration: 0, ...surface },
      dataZoom: [
        { type: 'inside', xAxisIndex: 0, moveOnMouseMove: false, moveOnMouseWheel: false },
        {
          type: 'slider',
          xAxisIndex: 0,
          bottom: 4,
          height: 22,
          borderColor: 'var(--color-border)',
          textStyle: { color: 'var(--color-muted)' },
        },
      ],
      brush: {
        xAxisIndex: 0,
        brushType: 'lineX',
        brushMode: 'single',
        throttleType: 'debounce',
        throttleDelay: 80,
        brushStyle: { color: 'rgba(124, 58, 237, 0.12)', borderColor: 'var(--chart-1)', borderWidth: 1 },
      },
    };
  }, [weeks, language, names]);

  const ready = (chart: echarts.ECharts) => {
    // Dragging across the grid selects weeks from the start; the wheel and the slider zoom.
    chart.dispatchAction({ type: 'takeGlobalCursor', key: 'brush', brushOption: { brushType: 'lineX' } });
  };

  const events = useMemo(
    () => ({
      datazoom: (_: unknown, chart: echarts.ECharts) => {
        const [zoom] = (chart.getOption() as { dataZoom: Array<{ startValue: number; endValue: number }> }).dataZoom;
        setShown([zoom.startValue, zoom.endValue]);
      },
      brushSelected: (event: { batch: Array<{ areas: Array<{ coordRange: [number, number] }> }> }) => {
        const area = event.batch[0]?.areas[0];
        if (!area) return setSelected(null);
        const [from, to] = area.coordRange.map((index) => Math.min(last, Math.max(0, Math.round(index))));
        setSelected([from, to]);
      },
    }),
    [last],
  );

  const inSelection = selected ? weeks.slice(selected[0], selected[1] + 1) : [];
  const reviews = inSelection.reduce((sum, week) => sum + week.counts.reduce((a, b) => a + b, 0), 0);
  const stars = inSelection.reduce((sum, week) => sum + week.counts.reduce((a, n, i) => a + n * (i + 1), 0), 0);

  return (
    <div className="chart-explorer" data-testid="ratings-explorer">
      <div className="chart-canvas">
        <EChartsReactCore
          echarts={echarts}
          option={option}
          theme={CHART_THEME_NAME}
          opts={OPTS}
          style={FILL}
          onChartReady={ready}
          onEvents={events}
          className="chart-explorer-chart"
          role="figure"
          aria-label={t('insights.ratings.explorer')}
          data-testid="ratings-explorer-chart"
        />
      </div>
      <p className="chart-explorer-status" aria-live="polite" data-testid="ratings-explorer-showing">
        {t('insights.ratings.showing', {
          from: format.week(weeks[shown[0]].week),
          to: format.week(weeks[shown[1]].week),
        })}
      </p>
      <p className="chart-explorer-status" aria-live="polite" data-testid="ratings-explorer-selected">
        {selected
          ? t('insights.ratings.selected', {
              count: reviews,
              from: format.week(weeks[selected[0]].week),
              to: format.week(weeks[selected[1]].week),
              average: format.average(reviews ? stars / reviews : null),
            })
          : t('insights.ratings.selectHint')}
      </p>
    </div>
  );
}
