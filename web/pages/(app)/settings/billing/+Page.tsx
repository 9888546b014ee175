import { useT } from '../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../../styles/reviews.css';
import '../../../../styles/billing.css';
import { can } from '../../../../../shared/session.js';
import {
  useActiveSubscription,
  useBillingConfig,
  useCurrentUsage,
  usePaymentMethods,
  usePlans,
} from '../../../../api/billing';
import { ActionButton } from '../../../../components/ActionButton';
import { ChangePlanDialog } from '../../../../components/billing/ChangePlanDialog';
import { PaymentMethods } from '../../../../components/billing/PaymentMethods';
import { PlanCards } from '../../../../components/billing/PlanCards';
import { PlanStatus } from '../../../../components/billing/PlanStatus';
import { ShopifyBillingNote } from '../../../../components/billing/ShopifyBillingNote';
import { UsagePanel } from '../../../../components/billing/UsagePanel';
import { usePlanChoice } from '../../../../components/billing/usePlanChoice';
import { FormAlert } from '../../../../components/form/FormAlert';
import { PageTitle } from '../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const { user, urlParsed } = usePageContext();
  const isOwner = can(user, 'manage_billing');
  const usage = useCurrentUsage();
  const plans = usePlans();
  const config = useBillingConfig(isOwner);
  const subscription = useActiveSubscription(isOwner);
  const cards = usePaymentMethods(isOwner && config.data?.provider === 'stripe');
  const choice = usePlanChoice(config.data, subscription.data, cards.data);

  const failed = usage.isError || plans.isError || config.isError || subscription.isError;
  const loading = !usage.data || !plans.data || (isOwner && (!config.data || !subscription.data));
  const retry = () =>
    void Promise.all([
      usage.refetch(),
      plans.refetch(),
      isOwner && config.refetch(),
      isOwner && subscription.refetch(),
    ]);
  const canBuy = isOwner && !!config.data && config.data.provider !== 'none';

  return (
    <div className="billing-page">
      <header>
        <PageTitle page="billing" />
        <p className="page-lead">{t('billing.lead')}</p>
      </header>
      {failed ? (
        <FormAlert severity="error" testId="billing-load-error">
          <p>{t('billing.loadError')}</p>
          <ActionButton variant="secondary" onPress={retry}>
            {t('billing.retry')}
          </ActionButton>
        </FormAlert>
      ) : loading || !usage.data || !plans.data ? (
        <div className="card billing-section" role="status" data-testid="billing-loading">
          <p className="review-muted">{t('billing.loading')}</p>
          <span className="skeleton" aria-hidden="true" />
          <span className="skeleton" aria-hidden="true" />
        </div>
      ) : (
        <>
          {!isOwner && <FormAlert severity="info">{t('billing.memberNote')}</FormAlert>}
          {config.data?.provider === 'none' && (
            <FormAlert severity="info" testId="billing-not-configured">
              {t('billing.notConfigured')}
            </FormAlert>
          )}
          <PlanStatus usage={usage.data} subscription={subscription.data} />
          <UsagePanel usage={usage.data.usage} requests={usage.data.review_requests_this_month} />
          {config.data?.provider === 'shopify' && <ShopifyBillingNote config={config.data} />}
          {config.data?.provider === 'stripe' && config.data.stripe && cards.data && (
            <PaymentMethods stripe={config.data.stripe} methods={cards.data} />
          )}
          <PlanCards
            plans={plans.data}
            current={usage.data.plan}
            chosenId={urlParsed.search.plan}
            onChoose={canBuy ? choice.choose : null}
            pendingId={choice.pendingId}
          />
          <ChangePlanDialog
            plan={choice.confirming}
            current={usage.data.plan}
            isPending={choice.isChanging}
            onConfirm={choice.confirm}
            onClose={choice.cancelConfirm}
          />
        </>
      )}
    </div>
  );
}
