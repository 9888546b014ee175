import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BENEFIT_KEYS, UPGRADE_REASONS, type TUsageDetails } from '../../../shared/billing.js';
import { useUsageDetails } from '../../api/reviews';
import { useDismissed } from '../../lib/useDismissed';
import { CheckIcon, CloseIcon } from '../icons';
import { UpgradePlanCard } from './UpgradePlanCard';
import { UsageMeter, widgetUsageLevel } from './UsageMeter';

const MAX_BENEFITS = 3;
const MAX_PLANS = 2;

/**
 * SPEC §4 Upgrade widget: plan usage and the plans to move to. Hidden while loading, after a dismissal
 * (for the browser session) and when the server sees no reason to upgrade.
 */
export function UpgradeWidget() {
  const { data } = useUsageDetails();
  // A dismissal holds for its reason: a different one (e.g. the limit now reached) shows the widget again.
  const [dismissed, dismiss] = useDismissed(`upgrade:${data?.recommendations.primary_reason ?? ''}`);

  if (!data?.show_upgrade_prompt || dismissed) return null;
  return <UpgradePanel details={data} onDismiss={dismiss} />;
}

function UpgradePanel({ details, onDismiss }: { details: TUsageDetails; onDismiss: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { primary_reason: reason, benefits } = details.recommendations;
  const knownBenefits = benefits.filter((key) => BENEFIT_KEYS.includes(key)).slice(0, MAX_BENEFITS);
  const plans = details.upgrade_plans.slice(0, MAX_PLANS);

  return (
    <section
      className="card upgrade-widget"
      data-testid="upgrade-widget"
      data-reason={reason}
      aria-labelledby={titleId}
    >
      <div className="upgrade-head">
        <div>
          <h2 id={titleId} className="upgrade-title">
            {t('reviews.upgrade.title')}
          </h2>
          <p className="upgrade-text">
            {UPGRADE_REASONS.includes(reason) && t(`reviews.upgrade.reasons.${reason}`)}{' '}
            {t('reviews.upgrade.currentPlan', { plan: details.current_plan.name })}
          </p>
        </div>
        <button
          type="button"
          className="icon-button"
          data-testid="upgrade-dismiss"
          aria-label={t('reviews.upgrade.dismiss')}
          onClick={onDismiss}
        >
          <CloseIcon />
        </button>
      </div>

      <div className="upgrade-body">
        <div className="usage-meters">
          <UsageMeter kind="active" meter={details.usage.active_reviews} level={widgetUsageLevel} />
          <UsageMeter kind="total" meter={details.usage.total_reviews} level={widgetUsageLevel} />
        </div>

        {knownBenefits.length > 0 && (
          <div>
            <h3 className="upgrade-subtitle">{t('reviews.upgrade.benefitsTitle')}</h3>
            <ul className="upgrade-benefits">
              {knownBenefits.map((key) => (
                <li key={key}>
                  <CheckIcon />
                  {t(`reviews.upgrade.benefits.${key}`)}
                </li>
              ))}
            </ul>
          </div>
        )}

        {plans.length > 0 && (
          <div>
            <h3 className="upgrade-subtitle">{t('reviews.upgrade.plansTitle')}</h3>
            <ul className="upgrade-plans">
              {plans.map((plan) => (
                <UpgradePlanCard key={plan.id} plan={plan} />
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
