import { useT } from '../../../../i18n/useT';
import '../../../../styles/billing.css';
import { PageTitle } from '../../../../components/PageTitle';

/** SPEC §2 checkout return when the merchant left it: nothing charged, nothing changed. */
export default function Page() {
  const t = useT();
  return (
    <div className="billing-page">
      <PageTitle page="billingCancel" />
      <p className="page-lead" data-testid="billing-cancel-text">
        {t('billing.cancel.text')}
      </p>
      <p className="billing-links">
        <a className="button" href="/settings/billing">
          {t('billing.cancel.back')}
        </a>
      </p>
    </div>
  );
}
