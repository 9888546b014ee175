export interface ChartTooltipProps {
  /** Where the point is, as CSS lengths in the positioned parent. */
  left: string;
  top: string;
  /** The point's share of the width (0–1): past the middle, the tooltip opens to its left. */
  share: number;
  title: string;
  seriesName: string;
  value: string;
}

/** The box beside a pointed point: its category, and the series with its value. Spans: it sits inside phrasing content. */
export function ChartTooltip({ left, top, share, title, seriesName, value }: ChartTooltipProps) {
  return (
    <span className="chart-tooltip" data-side={share > 0.5 ? 'left' : 'right'} style={{ left, top }}>
      <span className="chart-tooltip-title">{title}</span>
      <span className="chart-tooltip-row">
        <span className="chart-swatch" />
        {seriesName}
        <strong>{value}</strong>
      </span>
    </span>
  );
}
