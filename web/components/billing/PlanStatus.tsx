import { useId } from 'react';
import { useT } from '../../i18n/useT';
import type { TActiveSubscription, TCurrentUsage } from '../../../shared/billing.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { FormAlert } from '../form/FormAlert';

/** The plan in force and why: free, renewing, in its trial, in a failed payment's grace period, or ending. */
export function PlanStatus({ usage, subscription }: { usage: TCurrentUsage; subscription?: TActiveSubscription }) {
  const t = useT();
  const titleId = useId();
  const formatDate = useDateFormat();
  const plan = usage.plan.name;
  const details = subscription && 'id' in subscription ? subscription : null;
  const periodEnd = details?.current_period_end ? formatDate(details.current_period_end) : '';

  let line: string;
  switch (usage.billing_status) {
    case 'free':
      line = t('billing.status.free');
      break;
    case 'trialing':
      line = details?.trial_ends_at
        ? t('billing.status.trialing', { plan, date: formatDate(details.trial_ends_at) })
        : t('billing.status.active', { plan });
      break;
    default:
      line = periodEnd ? t('billing.status.renews', { plan, date: periodEnd }) : t('billing.status.active', { plan });
  }

  return (
    <section className="card billing-section" data-testid="billing-status" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('billing.status.title')}
      </h2>
      {usage.billing_status === 'grace' && usage.grace_ends_at ? (
        <FormAlert severity="warning" testId="billing-grace">
          <p>{t('billing.status.grace', { plan, date: formatDate(usage.grace_ends_at) })}</p>
        </FormAlert>
      ) : usage.billing_status === 'canceling' ? (
        <FormAlert severity="info" testId="billing-canceling">
          <p>{t('billing.status.canceling', { plan, date: periodEnd })}</p>
        </FormAlert>
      ) : (
        <p className="section-text" data-testid="billing-plan-line">
          {line}
        </p>
      )}
    </section>
  );
}
