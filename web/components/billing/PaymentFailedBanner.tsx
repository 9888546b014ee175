import { useT } from '../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import { can } from '../../../shared/session.js';
import { useUsageDetails } from '../../api/reviews';
import { useDateFormat } from '../../lib/useDateFormat';
import { FormAlert } from '../form/FormAlert';

/** After a failed payment, on the pages a merchant sees first: the plan holds until the grace period ends. */
export function PaymentFailedBanner() {
  const t = useT();
  const { user } = usePageContext();
  const formatDate = useDateFormat();
  const { data } = useUsageDetails();
  if (data?.billing_status !== 'grace' || !data.grace_ends_at) return null;
  return (
    <FormAlert severity="warning" testId="payment-failed-banner">
      <p>{t('billing.status.grace', { plan: data.current_plan.name, date: formatDate(data.grace_ends_at) })}</p>
      {can(user, 'manage_billing') ? (
        <a href="/settings/billing">{t('billing.success.back')}</a>
      ) : (
        <p>{t('billing.memberNote')}</p>
      )}
    </FormAlert>
  );
}
