import { useT } from '../../i18n/useT';
import type { TEngagement } from '../../../shared/insights.js';
import { useInsightsFormat } from './format';

const SHARES = ['play_rate', 'average_watched', 'completion'] as const;

/** Play rate, share watched and completion, each beside the previous period's; sound and full screen. */
export function EngagementCards({ now, before }: { now: TEngagement; before: TEngagement }) {
  const t = useT();
  const format = useInsightsFormat();
  return (
    <section aria-labelledby="engagement-title">
      <h2 id="engagement-title" className="insights-heading">
        {t('insights.engagement.title')}
      </h2>
      <ul className="metric-grid" aria-label={t('insights.engagement.label')}>
        {SHARES.map((key) => (
          <li key={key} className="card metric-card" data-testid={`engagement-${key}`}>
            <span className="metric-label">{t(`insights.engagement.${key}`)}</span>
            <span className="metric-value">{format.share(now[key])}</span>
            <span className="metric-period">
              {key === 'play_rate'
                ? t('insights.engagement.play_rateHint', {
                    plays: format.number(now.plays),
                    views: format.number(now.views),
                  })
                : t(`insights.engagement.${key}Hint`)}
            </span>
            <span className="metric-period">
              {t('insights.engagement.previous', { value: format.share(before[key]) })}
            </span>
          </li>
        ))}
        <li className="card metric-card" data-testid="engagement-sound">
          <span className="metric-label">{t('insights.engagement.sound')}</span>
          <span className="metric-value">
            {t('insights.engagement.soundValue', {
              unmutes: format.number(now.unmutes),
              fullscreens: format.number(now.fullscreens),
            })}
          </span>
          <span className="metric-period">{t('insights.engagement.soundHint')}</span>
        </li>
      </ul>
    </section>
  );
}
