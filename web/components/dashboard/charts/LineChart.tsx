import { ChartTooltip } from './ChartTooltip';
import { labelIndexes, monotonePath, valueTicks } from './scale';
import { useFramePointer } from './useFramePointer';

/** The line's own drawing space, stretched over the plot (the stroke keeps its width: non-scaling-stroke). */
const SPACE = 1000;
/** Points are marked while there are few enough of them to tell apart. */
const MOST_SYMBOLS = 31;

export interface LineChartProps {
  /** One per point, already formatted (dates). */
  labels: string[];
  values: number[];
  seriesName: string;
  number: Intl.NumberFormat;
}

const share = (index: number, count: number) => (count > 1 ? index / (count - 1) : 0.5);

/**
 * A line with its area over a category axis, drawn in SVG and HTML by the server render (nothing to load, nothing
 * that moves after hydration), coloured by the theme's variables; hydration adds the tooltip under the pointer.
 */
export function LineChart({ labels, values, seriesName, number }: LineChartProps) {
  const count = values.length;
  const ticks = valueTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1];
  const points = values.map((value, index): [number, number] => [
    share(index, count) * SPACE,
    SPACE - (value / top) * SPACE,
  ]);
  const line = monotonePath(points);
  const area = count > 1 ? `${line}L${SPACE},${SPACE}L0,${SPACE}Z` : '';
  const shown = labelIndexes(count);
  const { at, handlers } = useFramePointer();
  const pointed = at && count ? Math.round(at.x * (count - 1)) : null;
  const percent = (index: number) => `${share(index, count) * 100}%`;
  const height = (value: number) => `${100 - (value / top) * 100}%`;

  return (
    <div className="chart line-chart">
      {/* The labels are placed by value: the column is as wide as the longest (digits are of one width). */}
      <div
        className="chart-y-axis"
        style={{ minWidth: `${Math.max(...ticks.map((tick) => number.format(tick).length))}ch` }}
        aria-hidden="true"
      >
        {ticks.map((tick) => (
          <span key={tick} style={{ top: height(tick) }}>
            {number.format(tick)}
          </span>
        ))}
      </div>
      <div className="chart-plot" {...handlers}>
        <svg className="chart-layer" aria-hidden="true">
          {ticks.map((tick) => (
            <line key={tick} className="chart-grid-line" x1="0" x2="100%" y1={height(tick)} y2={height(tick)} />
          ))}
        </svg>
        <svg className="chart-layer" viewBox={`0 0 ${SPACE} ${SPACE}`} preserveAspectRatio="none" aria-hidden="true">
          {area && <path className="chart-area" d={area} />}
          <path className="chart-line" d={line} />
        </svg>
        <svg className="chart-layer" aria-hidden="true">
          {pointed !== null && (
            <line className="chart-pointer" x1={percent(pointed)} x2={percent(pointed)} y1="0" y2="100%" />
          )}
          {values.map((value, index) =>
            count <= MOST_SYMBOLS || index === pointed ? (
              <circle
                key={index}
                className="chart-symbol"
                data-pointed={index === pointed || undefined}
                cx={percent(index)}
                cy={height(value)}
                r={index === pointed ? 5 : 3}
              />
            ) : null,
          )}
        </svg>
        {pointed !== null && (
          <ChartTooltip
            left={percent(pointed)}
            top={height(values[pointed])}
            share={share(pointed, count)}
            title={labels[pointed]}
            seriesName={seriesName}
            value={number.format(values[pointed])}
          />
        )}
      </div>
      <div className="chart-x-axis" aria-hidden="true">
        {shown.map((index, ordinal) => (
          <span
            key={index}
            style={{ left: percent(index) }}
            data-edge={index === 0 ? 'start' : index === count - 1 ? 'end' : undefined}
            data-minor={ordinal % 2 === 1 || undefined}
          >
            {labels[index]}
          </span>
        ))}
      </div>
    </div>
  );
}
