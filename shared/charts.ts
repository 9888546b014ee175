// Charts drawn by the server (server/charts) and shown by the dashboard (web/components/charts/ServerChart.tsx).
// No zod here: the dashboard imports these values.

import type { TLanguage } from './constants.js';

/**
 * The widths a chart is drawn at, each for a range of card widths: the SVG scales to its card (viewBox), so text
 * stays within about 0.85–1.3 times its size from a 320 px phone to a one-column tablet. web/styles/charts.css picks
 * one by container query at the `from` widths and gives the card the same aspect ratio while its data loads.
 */
export const CHART_SIZES = {
  s: { width: 320, height: 260, from: 0 },
  m: { width: 460, height: 300, from: 400 },
  l: { width: 700, height: 340, from: 600 },
} as const;
export type TChartSize = keyof typeof CHART_SIZES;

/** A chart drawn by the server: one SVG document per size, themed by the page's CSS variables. */
export type TServerChart = Record<TChartSize, string>;

/** What a chart answer can carry besides its data: `svg`, the chart drawn in the language asked for. */
export const CHART_FORMATS = ['svg'] as const;
export type TChartFormat = (typeof CHART_FORMATS)[number];

/** A chart asked for with its data: drawn with the numbers and dates of `language`. */
export interface TChartRequest {
  language: TLanguage;
}

/** Review activity's buckets are calendar days (`YYYY-MM-DD`): formatted in UTC so no local offset moves them. */
export const ACTIVITY_DATE_FORMATS = {
  day: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<'day' | 'month', Intl.DateTimeFormatOptions>;

/** A bucket's date as the chart's axis and its tooltip print it. */
export function activityDateFormat(language: string, interval: 'day' | 'month'): (date: string) => string {
  const format = new Intl.DateTimeFormat(language, ACTIVITY_DATE_FORMATS[interval]);
  return (date) => format.format(new Date(`${date}T00:00:00Z`));
}
