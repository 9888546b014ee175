import { useId, type ReactNode } from 'react';

export interface ChartCardProps {
  title: string;
  /** The chart element's test hook; it also carries `data-points`, the number of points drawn. */
  testId: string;
  /** What the chart shows, in words, for assistive technology. */
  summary: string | undefined;
  isLoading: boolean;
  isRefreshing: boolean;
  /** Shown over an empty chart. */
  emptyMessage?: string;
  points?: number;
  /** Beside the title: what the chart lets one do (Insights' Explore). */
  actions?: ReactNode;
  /** Shown in the frame instead of the drawing, at its size: a chart the page draws itself (Insights' explorer). */
  live?: ReactNode;
  /** Under the frame: a legend, the data as a table. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A card holding one chart, its box sized by the card's width alone (web/styles/charts.css), so nothing moves while
 * its data loads or when another period's replaces it.
 */
export function ChartCard({
  title,
  testId,
  summary,
  isLoading,
  isRefreshing,
  emptyMessage,
  points,
  actions,
  live,
  footer,
  children,
}: ChartCardProps) {
  const titleId = useId();
  return (
    <section className="card chart-card" aria-labelledby={titleId} aria-busy={isLoading || isRefreshing || undefined}>
      <div className="chart-head">
        <h2 id={titleId} className="chart-title">
          {title}
        </h2>
        {actions}
      </div>
      <div className="chart-frame" data-refreshing={isRefreshing || undefined}>
        {live ?? (
          <div
            className="chart-canvas"
            data-testid={testId}
            data-points={points}
            role="img"
            aria-label={summary ?? title}
          >
            {children}
          </div>
        )}
        {isLoading && <span className="skeleton chart-skeleton" aria-hidden="true" />}
        {!isLoading && emptyMessage && <p className="chart-empty">{emptyMessage}</p>}
      </div>
      {footer}
    </section>
  );
}
