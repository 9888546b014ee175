/** The theme's colours (styles/theme.css) as the canvas needs them: ECharts cannot read CSS variables. */
export interface TChartColors {
  primary: string;
  text: string;
  muted: string;
  border: string;
  surface: string;
}

export function readChartColors(element: Element): TChartColors {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    primary: read('--color-primary'),
    text: read('--color-text'),
    muted: read('--color-muted'),
    border: read('--color-border'),
    surface: read('--color-surface-raised'),
  };
}

/** Grid, axis and tooltip settings shared by the dashboard's charts; `number` formats the tooltip's values. */
export function chartFrame(colors: TChartColors, number: Intl.NumberFormat) {
  return {
    // The axis labels stay inside the grid's box: by default ECharts lets the bottom row hang off the canvas.
    grid: { left: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const,
    axisLabel: { color: colors.muted },
    axisLine: { lineStyle: { color: colors.border } },
    splitLine: { lineStyle: { color: colors.border } },
    tooltip: {
      trigger: 'axis',
      // useECharts shows the tooltip from the pointer itself, throttled: ECharts' own triggers stay off.
      triggerOn: 'none',
      valueFormatter: (value: unknown) => number.format(Number(value)),
      backgroundColor: colors.surface,
      borderColor: colors.border,
      textStyle: { color: colors.text },
    },
  } as const;
}
