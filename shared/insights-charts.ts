// Insights' two weekly charts (issue 27): one option drawn by the server (server/insights/insights-charts.ts) and
// explored in the browser (web/components/insights/RatingsExplorer.tsx). No zod and no ECharts code here, only its
// types: the dashboard imports these values.

import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { TFunnelWeek, TRatingsWeek } from './insights.js';

export type TWeeklyOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption>;

/** A series colour of the theme, by number: `--chart-1` … `--chart-6` in web/styles/theme.css. */
export type TChartColour = 1 | 2 | 3 | 4 | 5 | 6;
export const chartColour = (colour: TChartColour) => `var(--chart-${colour})`;

/** Each star's colour, 1★ first, from the error red to green. */
export const STAR_COLOURS = [6, 5, 3, 2, 4] as const satisfies readonly TChartColour[];
/** The week's average rating, a line over the bars. */
export const AVERAGE_COLOUR: TChartColour = 1;

export const FUNNEL_STEPS = ['sent', 'opened', 'reviewed'] as const;
export type TFunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_COLOURS = { sent: 1, opened: 3, reviewed: 4 } as const satisfies Record<TFunnelStep, TChartColour>;

/** A week (its Monday, `YYYY-MM-DD`) as the charts' axes and the tables print it, in UTC so no offset moves it. */
export function weekFormat(language: string): (week: string) => string {
  const format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (week) => format.format(new Date(`${week}T00:00:00Z`));
}

/** A count axis's top and step, when the caller sets them (the server's hover bands reach the top). */
type TCountAxis = { max: number; interval: number } | undefined;

/** What the series are called where they are named: the explorer's legend and tooltip. */
export interface TRatingsNames {
  star: (stars: number) => string;
  average: string;
}

/**
 * Reviews per week stacked by star, 1★ at the bottom and 5★ on top, with the week's average (1–5) as a line on a
 * second axis at the right.
 */
export function ratingsOption(
  weeks: TRatingsWeek[],
  language: string,
  names: TRatingsNames,
  counts?: TCountAxis,
): TWeeklyOption {
  const number = new Intl.NumberFormat(language);
  const decimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const week = weekFormat(language);
  return {
    grid: { left: 4, right: 4, top: 12, bottom: 4 },
    xAxis: {
      type: 'category',
      data: weeks.map((row) => week(row.week)),
      axisTick: { alignWithLabel: true },
      axisLabel: { hideOverlap: true },
    },
    yAxis: [
      {
        type: 'value',
        min: 0,
        minInterval: 1,
        ...counts,
        axisLabel: { formatter: (value: number) => number.format(value) },
      },
      {
        type: 'value',
        min: 1,
        max: 5,
        interval: 1,
        splitLine: { show: false },
        axisLabel: { formatter: (value: number) => `${decimal.format(value)} ★` },
      },
    ],
    series: [
      ...STAR_COLOURS.map((colour, index): BarSeriesOption => ({
        type: 'bar',
        name: names.star(index + 1),
        stack: 'stars',
        data: weeks.map((row) => row.counts[index]),
        barMaxWidth: 32,
        itemStyle: { color: chartColour(colour) },
      })),
      {
        type: 'line',
        name: names.average,
        yAxisIndex: 1,
        data: weeks.map((row) => row.average),
        symbol: 'circle',
        symbolSize: 6,
        lineStyle: { color: chartColour(AVERAGE_COLOUR), width: 2 },
        itemStyle: { color: 'var(--color-surface)', borderColor: chartColour(AVERAGE_COLOUR), borderWidth: 1.5 },
        z: 5,
      },
    ],
  };
}

/** Review requests sent per week, and how many of those were opened and reviewed since: three bars side by side. */
export function funnelOption(
  weeks: TFunnelWeek[],
  language: string,
  names: Record<TFunnelStep, string>,
  counts?: TCountAxis,
): TWeeklyOption {
  const number = new Intl.NumberFormat(language);
  const week = weekFormat(language);
  return {
    grid: { left: 4, right: 16, top: 12, bottom: 4 },
    xAxis: {
      type: 'category',
      data: weeks.map((row) => week(row.week)),
      axisTick: { alignWithLabel: true },
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      ...counts,
      axisLabel: { formatter: (value: number) => number.format(value) },
    },
    series: FUNNEL_STEPS.map((step): BarSeriesOption => ({
      type: 'bar',
      name: names[step],
      data: weeks.map((row) => row[step]),
      barMaxWidth: 14,
      barGap: '10%',
      itemStyle: { color: chartColour(FUNNEL_COLOURS[step]), borderRadius: [3, 3, 0, 0] },
    })),
  };
}
