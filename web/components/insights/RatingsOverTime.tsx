import { useTranslation } from 'react-i18next';
import type { TRatingsWeek } from '../../../shared/insights.js';
import { TableScroll } from '../TableScroll';
import { useInsightsFormat } from './format';

const STARS = [5, 4, 3, 2, 1] as const;

/** Reviews received per week by star, and the week's average. */
export function RatingsOverTime({ weeks }: { weeks: TRatingsWeek[] }) {
  const { t } = useTranslation();
  const format = useInsightsFormat();
  const any = weeks.some((week) => week.average !== null);
  return (
    <section className="card insights-card" aria-labelledby="ratings-title" data-testid="ratings-over-time">
      <h2 id="ratings-title" className="insights-heading">
        {t('insights.ratings.title')}
      </h2>
      {any ? (
        <TableScroll label={t('insights.ratings.title')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('insights.ratings.week')}</th>
                {STARS.map((n) => (
                  <th key={n} scope="col" className="numeric">
                    {t('insights.ratings.stars', { n })}
                  </th>
                ))}
                <th scope="col" className="numeric">
                  {t('insights.ratings.average')}
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">{format.week(week.week)}</th>
                  {STARS.map((n) => (
                    <td key={n} className="numeric">
                      {format.number(week.counts[n - 1])}
                    </td>
                  ))}
                  <td className="numeric">{week.average === null ? '—' : week.average.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="review-muted">{t('insights.ratings.empty')}</p>
      )}
    </section>
  );
}
