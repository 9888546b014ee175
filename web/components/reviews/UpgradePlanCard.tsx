import { useT } from '../../i18n/useT';
import type { TUsageDetails } from '../../../shared/billing.js';
import { useLanguage } from '../../i18n/useLanguage';
import { formatMinorUnits } from '../../lib/formatMoney';
import { numberFormat } from '../../lib/intlFormat';

type TUpgradePlan = TUsageDetails['upgrade_plans'][number];

export function UpgradePlanCard({ plan }: { plan: TUpgradePlan }) {
  const t = useT();
  const { language } = useLanguage();
  const price = formatMinorUnits(plan.amount, plan.currency, language);

  return (
    <li className="upgrade-plan" data-testid="upgrade-plan" data-plan-id={plan.id}>
      <span className="upgrade-plan-name">{plan.name}</span>
      <span className="upgrade-plan-price">
        {t(plan.frequency === 'year' ? 'reviews.upgrade.perYear' : 'reviews.upgrade.perMonth', { price })}
      </span>
      <span className="upgrade-plan-limit">
        {plan.unlimited_active_reviews || plan.max_active_reviews === null
          ? t('reviews.upgrade.unlimitedActive')
          : t('reviews.upgrade.activeReviews', {
              max: numberFormat(language).format(plan.max_active_reviews),
            })}
      </span>
      <a className="button button-small" href={`/settings/billing?plan=${encodeURIComponent(plan.id)}`}>
        {t('reviews.upgrade.choose', { plan: plan.name })}
      </a>
    </li>
  );
}
