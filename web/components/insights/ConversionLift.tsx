import { useT } from '../../i18n/useT';
import { LIFT_MIN_CONVERSIONS, LIFT_MIN_SESSIONS, type TRate } from '../../../shared/conversion-lift.js';
import type { TInsights } from '../../../shared/insights.js';
import { useInsightsFormat } from './format';

/**
 * Sessions that played a video against those that only saw the widget: each rate with its 95 % interval drawn as a
 * bar on one scale, then the difference with its own interval and what it means — or "not enough data yet".
 */
export function ConversionLift({ lift }: { lift: TInsights['lift'] }) {
  const t = useT();
  const format = useInsightsFormat();
  // One scale for both bars: up to the higher interval's end, so the two compare at a glance.
  const top = Math.max(lift.watched.high, lift.viewed.high, 0.01);
  const row = (key: 'watched' | 'viewed', rate: TRate) => (
    <div className="lift-row" data-testid={`lift-${key}`}>
      <div className="lift-label">
        <strong>{t(`insights.lift.${key}`)}</strong>
        <span>
          {t('insights.lift.sessions', {
            conversions: format.number(rate.conversions),
            sessions: format.number(rate.sessions),
          })}
        </span>
      </div>
      <div className="lift-figure">
        <span className="lift-rate">{t('insights.lift.rate', { rate: format.share(rate.rate) })}</span>
        {rate.sessions > 0 && (
          <span className="lift-interval">
            {t('insights.lift.interval', { low: format.share(rate.low), high: format.share(rate.high) })}
          </span>
        )}
      </div>
      {rate.sessions > 0 && rate.rate !== null && (
        <div className="lift-scale" aria-hidden="true">
          <span
            className="lift-range"
            style={{
              insetInlineStart: `${(rate.low / top) * 100}%`,
              width: `${((rate.high - rate.low) / top) * 100}%`,
            }}
          />
          <span className="lift-point" style={{ insetInlineStart: `${(rate.rate / top) * 100}%` }} />
        </div>
      )}
    </div>
  );
  const difference = lift.difference;
  const verdict = !difference
    ? null
    : difference.low > 0
      ? 'verdictUp'
      : difference.high < 0
        ? 'verdictDown'
        : 'verdictUnclear';
  return (
    <section className="card insights-card" aria-labelledby="lift-title" data-testid="conversion-lift">
      <h2 id="lift-title" className="insights-heading">
        {t('insights.lift.title')}
      </h2>
      <p className="review-muted">{t(`insights.lift.${lift.basis}`)}</p>
      {row('watched', lift.watched)}
      {row('viewed', lift.viewed)}
      {difference ? (
        <div className="lift-verdict" data-testid="lift-difference" data-verdict={verdict}>
          <strong>
            {t('insights.lift.difference', {
              value: format.points(difference.value),
              low: format.points(difference.low),
              high: format.points(difference.high),
            })}
          </strong>
          <p>{t(`insights.lift.${verdict!}`)}</p>
        </div>
      ) : (
        <div className="lift-verdict" data-testid="lift-not-enough">
          <strong>{t('insights.lift.notEnough')}</strong>
          <p>
            {t('insights.lift.notEnoughText', {
              sessions: format.number(LIFT_MIN_SESSIONS),
              conversions: format.number(LIFT_MIN_CONVERSIONS),
            })}
          </p>
        </div>
      )}
    </section>
  );
}
