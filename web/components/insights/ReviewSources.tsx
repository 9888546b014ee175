import { useT } from '../../i18n/useT';
import type { TInsights } from '../../../shared/insights.js';
import { useInsightsFormat } from './format';

/** Reviews received by where they came from, each with its share drawn as a bar. */
export function ReviewSources({ sources }: { sources: TInsights['sources'] }) {
  const t = useT();
  const format = useInsightsFormat();
  const total = sources.reduce((sum, row) => sum + row.reviews, 0);
  return (
    <section className="card insights-card" aria-labelledby="sources-title" data-testid="review-sources">
      <h2 id="sources-title" className="insights-heading">
        {t('insights.sources.title')}
      </h2>
      {total ? (
        <ul className="source-list">
          {sources.map((row) => (
            <li key={row.source}>
              <span className="source-name">{t(`insights.sources.${row.source}`)}</span>
              <span className="source-count">
                {format.number(row.reviews)} · {format.share(row.reviews / total)}
              </span>
              <span className="source-bar" aria-hidden="true">
                <span style={{ width: `${(row.reviews / total) * 100}%` }} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="review-muted">{t('insights.sources.empty')}</p>
      )}
    </section>
  );
}
