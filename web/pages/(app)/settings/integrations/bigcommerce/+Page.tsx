import { useT } from '../../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../../../styles/integrations.css';
import { can } from '../../../../../../shared/session.js';
import { useBigCommerceIntegration } from '../../../../../api/bigcommerce';
import { ActionButton } from '../../../../../components/ActionButton';
import { FormAlert } from '../../../../../components/form/FormAlert';
import { BigCommerceSetup } from '../../../../../components/integrations/bigcommerce/BigCommerceSetup';
import { SetupSkeleton } from '../../../../../components/integrations/SetupSkeleton';
import { PageTitle } from '../../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const { user } = usePageContext();
  const integration = useBigCommerceIntegration();

  return (
    <div className="setup-page">
      <header>
        <PageTitle page="bigcommerce" />
        <p className="page-lead">{t('integrations.bigcommerce.lead')}</p>
      </header>
      {integration.data ? (
        <BigCommerceSetup integration={integration.data} canConnect={can(user, 'manage_integrations')} />
      ) : integration.isError ? (
        <FormAlert severity="error" testId="bigcommerce-load-error">
          <p>{t('integrations.bigcommerce.loadError')}</p>
          <ActionButton
            variant="secondary"
            isPending={integration.isFetching}
            testId="bigcommerce-retry"
            onPress={() => void integration.refetch()}
          >
            {t('integrations.retry')}
          </ActionButton>
        </FormAlert>
      ) : (
        <SetupSkeleton label={t('integrations.bigcommerce.loading')} testId="bigcommerce-loading" />
      )}
    </div>
  );
}
