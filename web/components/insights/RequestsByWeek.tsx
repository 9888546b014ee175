import { useT } from '../../i18n/useT';
import type { TServerChart } from '../../../shared/charts.js';
import { FUNNEL_COLOURS, FUNNEL_STEPS } from '../../../shared/insights-charts.js';
import type { TFunnelWeek } from '../../../shared/insights.js';
import { ChartCard } from '../charts/ChartCard';
import { ChartDataTable } from '../charts/ChartDataTable';
import { ChartLegend } from '../charts/ChartLegend';
import { ServerChart, type TChartDatum } from '../charts/ServerChart';
import { useInsightsFormat } from './format';

/** Review requests first sent each week, and how many were opened and reviewed since: drawn by the server. */
export function RequestsByWeek({ weeks, chart }: { weeks: TFunnelWeek[]; chart: TServerChart | null | undefined }) {
  const t = useT();
  const format = useInsightsFormat();
  const sum = (step: (typeof FUNNEL_STEPS)[number]) => format.number(weeks.reduce((n, week) => n + week[step], 0));

  const tipOf = ({ dataIndex }: TChartDatum) => {
    const week = weeks[dataIndex];
    if (!week) return null;
    return {
      title: t('insights.funnel.week') + ' ' + format.week(week.week),
      rows: FUNNEL_STEPS.map((step) => ({
        name: t(`insights.funnel.${step}`),
        value: format.number(week[step]),
        colour: FUNNEL_COLOURS[step],
      })),
    };
  };

  return (
    <ChartCard
      title={t('insights.funnel.title')}
      testId="requests-chart"
      points={weeks.length}
      summary={t('insights.funnel.summary', {
        weeks: weeks.length,
        sent: sum('sent'),
        opened: sum('opened'),
        reviewed: sum('reviewed'),
      })}
      isLoading={false}
      // The whole page dims while another range loads (.insights[data-refreshing]).
      isRefreshing={false}
      footer={
        <>
          <ChartLegend
            items={FUNNEL_STEPS.map((step) => ({ name: t(`insights.funnel.${step}`), colour: FUNNEL_COLOURS[step] }))}
          />
          <ChartDataTable
            title={t('insights.funnel.title')}
            head={t('insights.funnel.week')}
            columns={FUNNEL_STEPS.map((step) => t(`insights.funnel.${step}`))}
            rows={weeks.map((week) => ({
              key: week.week,
              label: format.week(week.week),
              cells: FUNNEL_STEPS.map((step) => format.number(week[step])),
            }))}
          />
        </>
      }
    >
      {chart && <ServerChart chart={chart} tipOf={tipOf} keepColours />}
    </ChartCard>
  );
}
