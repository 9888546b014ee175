import { useT } from '../../i18n/useT';
import type { TWatchedReview } from '../../../shared/insights.js';
import { TableScroll } from '../TableScroll';
import { useInsightsFormat } from './format';

/** The reviews played by the most sessions, and how many of those watched to the end. */
export function MostWatched({ reviews }: { reviews: TWatchedReview[] }) {
  const t = useT();
  const format = useInsightsFormat();
  return (
    <section className="card insights-card" aria-labelledby="watched-title" data-testid="most-watched">
      <h2 id="watched-title" className="insights-heading">
        {t('insights.mostWatched.title')}
      </h2>
      {reviews.length ? (
        <TableScroll label={t('insights.charts.table', { title: t('insights.mostWatched.title') })}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('insights.mostWatched.review')}</th>
                <th scope="col">{t('insights.mostWatched.product')}</th>
                <th scope="col" className="numeric">
                  {t('insights.mostWatched.plays')}
                </th>
                <th scope="col" className="numeric">
                  {t('insights.mostWatched.completion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((review) => (
                <tr key={review.review_id}>
                  <td>{review.customer_name || '—'}</td>
                  <td>{review.product_name}</td>
                  <td className="numeric">{format.number(review.plays)}</td>
                  <td className="numeric">{format.share(review.completion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="review-muted">{t('insights.mostWatched.empty')}</p>
      )}
    </section>
  );
}
