import type { TChartColour } from '../../../shared/insights-charts.js';

/** What a tooltip says: the category (a date, a product), then each series with its value, already formatted. */
export interface TChartTip {
  title: string;
  /** `colour`: the series' theme colour (`--chart-N`), the first when not given. */
  rows: Array<{ name: string; value: string; colour?: TChartColour }>;
}

/** The box beside the pointer over a chart; it never takes the pointer itself. */
export function ChartTooltip({ tip, x, y, side }: { tip: TChartTip; x: number; y: number; side: 'left' | 'right' }) {
  return (
    <div className="chart-tooltip" data-side={side} style={{ left: x, top: y }}>
      <span className="chart-tooltip-title">{tip.title}</span>
      {tip.rows.map((row) => (
        <span key={row.name} className="chart-tooltip-row">
          <span className="chart-swatch" data-colour={row.colour} />
          {row.name}
          <strong>{row.value}</strong>
        </span>
      ))}
    </div>
  );
}
