import { useState } from 'react';
import { ChartTooltip } from './ChartTooltip';
import { valueTicks } from './scale';

export interface BarChartProps {
  /** Category names, top to bottom. */
  names: string[];
  values: number[];
  seriesName: string;
  number: Intl.NumberFormat;
}

/**
 * Horizontal bars, the first category on top, drawn in HTML by the server render; hydration adds the tooltip and
 * the shaded row under the pointer. Long names are cut with an ellipsis (the tooltip and the chart's summary hold
 * them whole).
 */
export function BarChart({ names, values, seriesName, number }: BarChartProps) {
  const ticks = valueTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1];
  const [pointed, setPointed] = useState<number | null>(null);
  const percent = (value: number) => `${(value / top) * 100}%`;

  return (
    <div
      className="chart bar-chart"
      style={{ gridTemplateRows: `repeat(${names.length}, minmax(0, 1fr)) auto` }}
      onPointerLeave={() => setPointed(null)}
    >
      <div className="bar-grid" style={{ gridRow: `1 / ${names.length + 1}` }} aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} className="bar-grid-line" style={{ left: percent(tick) }} />
        ))}
      </div>
      {names.map((name, index) => (
        <div
          key={index}
          className="bar-row"
          style={{ gridRow: index + 1 }}
          data-pointed={index === pointed || undefined}
          onPointerEnter={() => setPointed(index)}
          onPointerDown={() => setPointed(index)}
        >
          <span className="bar-label">{name}</span>
          <span className="bar-track">
            <span className="bar" style={{ width: percent(values[index]) }} />
            {index === pointed && (
              <ChartTooltip
                left={percent(values[index])}
                top="50%"
                share={values[index] / top}
                title={name}
                seriesName={seriesName}
                value={number.format(values[index])}
              />
            )}
          </span>
        </div>
      ))}
      <div className="bar-axis" style={{ gridRow: names.length + 1 }} aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} style={{ left: percent(tick) }} data-edge={tick === top ? 'end' : undefined}>
            {number.format(tick)}
          </span>
        ))}
      </div>
    </div>
  );
}
