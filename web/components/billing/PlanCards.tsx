import { useEffect, useId } from 'react';
import { useT } from '../../i18n/useT';
import type { TPlan } from '../../../shared/billing.js';
import { PlanCard } from './PlanCard';

export interface PlanCardsProps {
  plans: TPlan[];
  current: TPlan;
  /** `?plan=` from the upgrade widget: highlighted and scrolled to. */
  chosenId: string | undefined;
  onChoose: ((plan: TPlan) => void) | null;
  pendingId: string | null;
}

export function PlanCards({ plans, current, chosenId, onChoose, pendingId }: PlanCardsProps) {
  const t = useT();
  const titleId = useId();

  useEffect(() => {
    if (chosenId) document.getElementById(`plan-${chosenId}`)?.scrollIntoView({ block: 'center' });
  }, [chosenId]);

  return (
    <section className="billing-section" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('billing.plans.title')}
      </h2>
      <ul className="plan-cards">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={current}
            isChosen={plan.id === chosenId}
            onChoose={onChoose}
            isPending={pendingId === plan.id}
          />
        ))}
      </ul>
    </section>
  );
}
