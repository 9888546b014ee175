import { useT } from '../../i18n/useT';
import type { TPlan } from '../../../shared/billing.js';
import { useLanguage } from '../../i18n/useLanguage';
import { formatMinorUnits } from '../../lib/formatMoney';
import { CheckIcon } from '../icons';
import { planAction, planTier } from './planTier';

export interface PlanCardProps {
  plan: TPlan;
  current: TPlan;
  /** The plan asked for in `?plan=` (the upgrade widget's links). */
  isChosen: boolean;
  /** Null: no button (members, or billing not configured). */
  onChoose: ((plan: TPlan) => void) | null;
  isPending: boolean;
}

/** SPEC §2 plan card: name, price, the feature tier of its amount (SPEC §9), and upgrade/downgrade. */
export function PlanCard({ plan, current, isChosen, onChoose, isPending }: PlanCardProps) {
  const t = useT();
  const { language } = useLanguage();
  const isCurrent = plan.id === current.id;
  const tier = planTier(plan);
  const price = formatMinorUnits(plan.amount, plan.currency, language);
  const action = t(`billing.plans.${planAction(plan, current)}`);

  return (
    <li
      className="card plan-card"
      id={`plan-${plan.id}`}
      data-testid={`billing-plan-${plan.code}`}
      data-current={isCurrent || undefined}
      data-chosen={isChosen || undefined}
    >
      <div className="plan-card-head">
        <h3 className="plan-card-name">{plan.name}</h3>
        {isCurrent && <span className="chip chip-tint chip-active">{t('billing.plans.current')}</span>}
        {isChosen && !isCurrent && <span className="chip chip-tint chip-chosen">{t('billing.plans.chosen')}</span>}
      </div>
      <p className="plan-card-price">
        {t(plan.frequency === 'year' ? 'billing.plans.perYear' : 'billing.plans.perMonth', { price })}
      </p>
      <ul className="plan-card-features">
        {(['reviews', 'support'] as const).map((feature) => (
          <li key={feature}>
            <CheckIcon />
            {t(`billing.plans.tiers.${tier}.${feature}`)}
          </li>
        ))}
      </ul>
      {onChoose && (
        <button
          type="button"
          className={isCurrent || planAction(plan, current) === 'downgrade' ? 'button button-secondary' : 'button'}
          data-testid={`billing-plan-action-${plan.code}`}
          disabled={isCurrent || isPending}
          aria-busy={isPending || undefined}
          aria-label={isCurrent ? undefined : t('billing.plans.choose', { action, plan: plan.name })}
          onClick={() => onChoose(plan)}
        >
          {isPending && <span className="spinner" aria-hidden="true" />}
          {isCurrent ? t('billing.plans.current') : action}
        </button>
      )}
    </li>
  );
}
