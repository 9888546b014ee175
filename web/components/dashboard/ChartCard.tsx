import { useId, type RefObject } from 'react';

export interface ChartCardProps {
  title: string;
  /** The chart element's test hook; it also carries `data-points` once drawn (useECharts). */
  testId: string;
  chartRef: RefObject<HTMLDivElement | null>;
  /** What the chart shows, in words, for assistive technology. */
  summary: string | undefined;
  isLoading: boolean;
  isRefreshing: boolean;
  /** Shown over an empty chart. */
  emptyMessage?: string;
}

/** A card holding one chart at a fixed height, so the page does not move while ECharts loads and draws. */
export function ChartCard({ title, testId, chartRef, summary, isLoading, isRefreshing, emptyMessage }: ChartCardProps) {
  const titleId = useId();
  return (
    <section className="card chart-card" aria-labelledby={titleId} aria-busy={isLoading || isRefreshing || undefined}>
      <h2 id={titleId} className="chart-title">
        {title}
      </h2>
      <div className="chart-frame" data-refreshing={isRefreshing || undefined}>
        <div ref={chartRef} className="chart-canvas" data-testid={testId} role="img" aria-label={summary ?? title} />
        {isLoading && <span className="skeleton chart-skeleton" aria-hidden="true" />}
        {!isLoading && emptyMessage && <p className="chart-empty">{emptyMessage}</p>}
      </div>
    </section>
  );
}
