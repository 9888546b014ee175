import { useTranslation } from 'react-i18next';
import type { TFunnelWeek } from '../../../shared/insights.js';
import { TableScroll } from '../TableScroll';
import { useInsightsFormat } from './format';

const STEPS = ['sent', 'opened', 'reviewed'] as const;

/** Review requests first sent each week, and how many were opened and reviewed since. */
export function RequestsByWeek({ weeks }: { weeks: TFunnelWeek[] }) {
  const { t } = useTranslation();
  const format = useInsightsFormat();
  return (
    <section className="card insights-card" aria-labelledby="funnel-title" data-testid="request-funnel">
      <h2 id="funnel-title" className="insights-heading">
        {t('insights.funnel.title')}
      </h2>
      <TableScroll label={t('insights.funnel.title')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('insights.funnel.week')}</th>
              {STEPS.map((step) => (
                <th key={step} scope="col" className="numeric">
                  {t(`insights.funnel.${step}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{format.week(week.week)}</th>
                {STEPS.map((step) => (
                  <td key={step} className="numeric">
                    {format.number(week[step])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
