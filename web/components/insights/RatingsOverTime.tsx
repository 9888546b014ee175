import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { TServerChart } from '../../../shared/charts.js';
import { AVERAGE_COLOUR, STAR_COLOURS } from '../../../shared/insights-charts.js';
import type { TRatingsWeek } from '../../../shared/insights.js';
import { useHydrated } from '../../lib/useHydrated';
import { ChartCard } from '../charts/ChartCard';
import { ChartDataTable } from '../charts/ChartDataTable';
import { ChartLegend } from '../charts/ChartLegend';
import { ServerChart, type TChartDatum } from '../charts/ServerChart';
import { useInsightsFormat } from './format';

/** Issue 27: the full ECharts library, fetched only when the merchant starts exploring (not in the page's bundle). */
const RatingsExplorer = lazy(() => import('./RatingsExplorer'));

const STARS = [5, 4, 3, 2, 1] as const;

/**
 * Reviews received per week by star, and the week's average: drawn by the server, with our tooltip over it; Explore
 * swaps in the interactive chart (zoom over weeks, select some), and the table below holds the same figures.
 */
export function RatingsOverTime({ weeks, chart }: { weeks: TRatingsWeek[]; chart: TServerChart | undefined }) {
  const t = useT();
  const format = useInsightsFormat();
  // The Explore button does something only once the page's script runs: it shows from then on.
  const hydrated = useHydrated();
  const [exploring, setExploring] = useState(false);
  const explore = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  const total = weeks.reduce((sum, week) => sum + week.counts.reduce((a, b) => a + b, 0), 0);
  // Kept from render to render: the explorer draws again when they change.
  const names = useMemo(
    () => ({ star: (n: number) => t('insights.ratings.stars', { n }), average: t('insights.ratings.average') }),
    [t],
  );

  // The button pressed is replaced by the other one: focus follows it, so a keyboard user stays in place.
  useEffect(() => {
    if (!toggled.current) return;
    (exploring ? done : explore).current?.focus();
  }, [exploring]);

  useEffect(() => {
    if (!exploring) return;
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExploring(false);
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [exploring]);

  const toggle = (next: boolean) => {
    toggled.current = true;
    setExploring(next);
  };

  const tipOf = ({ dataIndex }: TChartDatum) => {
    const week = weeks[dataIndex];
    if (!week) return null;
    return {
      title: t('insights.ratings.week') + ' ' + format.week(week.week),
      rows: [
        ...STARS.map((n) => ({
          name: names.star(n),
          value: format.number(week.counts[n - 1]),
          colour: STAR_COLOURS[n - 1],
        })),
        { name: names.average, value: format.average(week.average), colour: AVERAGE_COLOUR },
      ],
    };
  };

  const empty = total === 0 ? t('insights.ratings.empty') : undefined;
  const actions =
    hydrated && !empty ? (
      exploring ? (
        <button
          ref={done}
          type="button"
          className="button button-secondary button-small"
          onClick={() => toggle(false)}
          data-testid="ratings-done"
        >
          {t('insights.ratings.done')}
        </button>
      ) : (
        <button
          ref={explore}
          type="button"
          className="button button-secondary button-small"
          onClick={() => toggle(true)}
          data-testid="ratings-explore"
        >
          {t('insights.ratings.explore')}
        </button>
      )
    ) : undefined;

  const drawing = chart && !empty && <ServerChart chart={chart} tipOf={tipOf} keepColours />;
  const canvas = (
    <div className="chart-canvas" aria-hidden="true">
      {drawing}
    </div>
  );

  return (
    <ChartCard
      title={t('insights.ratings.title')}
      testId="ratings-chart"
      points={weeks.length}
      summary={empty ?? t('insights.ratings.summary', { count: total, weeks: weeks.length })}
      isLoading={false}
      // The whole page dims while another range loads (.insights[data-refreshing]).
      isRefreshing={false}
      emptyMessage={empty}
      actions={actions}
      live={
        exploring ? (
          // The drawing stays while the library loads, so nothing moves; a screen reader hears that it loads.
          <Suspense
            fallback={
              <>
                {canvas}
                <p className="visually-hidden" role="status">
                  {t('insights.ratings.loading')}
                </p>
              </>
            }
          >
            <RatingsExplorer weeks={weeks} names={names} />
          </Suspense>
        ) : undefined
      }
      footer={
        !empty && (
          <>
            {!exploring && (
              <ChartLegend
                items={[
                  ...STARS.map((n) => ({ name: names.star(n), colour: STAR_COLOURS[n - 1] })),
                  { name: names.average, colour: AVERAGE_COLOUR },
                ]}
              />
            )}
            <ChartDataTable
              title={t('insights.ratings.title')}
              head={t('insights.ratings.week')}
              columns={[...STARS.map((n) => names.star(n)), names.average]}
              rows={weeks.map((week) => ({
                key: week.week,
                label: format.week(week.week),
                cells: [...STARS.map((n) => format.number(week.counts[n - 1])), format.average(week.average)],
              }))}
            />
          </>
        )
      }
    >
      {drawing}
    </ChartCard>
  );
}
