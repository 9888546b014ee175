import { useT } from '../../../../i18n/useT';
import '../../../../styles/billing.css';
import { useConfirmedPlan } from '../../../../components/billing/useConfirmedPlan';
import { FormAlert } from '../../../../components/form/FormAlert';
import { PageTitle } from '../../../../components/PageTitle';

/** SPEC §2 checkout return: what happened, and the new plan once the payment provider has told the server. */
export default function Page() {
  const t = useT();
  const { plan, timedOut } = useConfirmedPlan();
  return (
    <div className="billing-page">
      <PageTitle page="billingSuccess" />
      <div aria-live="polite">
        {plan ? (
          <FormAlert severity="success" testId="billing-success-plan">
            <p>{t('billing.success.plan', { plan: plan.name })}</p>
          </FormAlert>
        ) : timedOut ? (
          <FormAlert severity="info" testId="billing-success-slow">
            <p>{t('billing.success.slow')}</p>
          </FormAlert>
        ) : (
          <p className="page-lead" data-testid="billing-success-confirming">
            <span className="spinner" aria-hidden="true" /> {t('billing.success.confirming')}
          </p>
        )}
      </div>
      <p className="billing-links">
        <a className="button" href="/settings/billing">
          {t('billing.success.back')}
        </a>
        <a className="button button-secondary" href="/reviews">
          {t('billing.success.reviews')}
        </a>
      </p>
    </div>
  );
}
