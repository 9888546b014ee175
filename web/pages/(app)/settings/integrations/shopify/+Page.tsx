import { useT } from '../../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../../../styles/widgets.css';
import '../../../../../styles/integrations.css';
import { can } from '../../../../../../shared/session.js';
import { useShopifyIntegration } from '../../../../../api/shopify';
import { ActionButton } from '../../../../../components/ActionButton';
import { FormAlert } from '../../../../../components/form/FormAlert';
import { ShopifySetup } from '../../../../../components/integrations/shopify/ShopifySetup';
import { SetupSkeleton } from '../../../../../components/integrations/SetupSkeleton';
import { useShopifyReturn } from '../../../../../components/integrations/shopify/useShopifyReturn';
import { PageTitle } from '../../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const { user, urlParsed } = usePageContext();
  const integration = useShopifyIntegration();
  const returnError = useShopifyReturn(urlParsed.search);

  return (
    <div className="setup-page">
      <header>
        <PageTitle page="shopify" />
        <p className="page-lead">{t('integrations.shopify.lead')}</p>
      </header>
      {returnError && (
        <FormAlert severity="error" testId="shopify-return-error">
          <p>{t(`integrations.shopify.errors.${returnError}`)}</p>
        </FormAlert>
      )}
      {integration.data ? (
        <ShopifySetup
          integration={integration.data}
          canConnect={can(user, 'manage_integrations')}
          isChecking={integration.isFetching}
          onCheckAgain={() => void integration.refetch()}
        />
      ) : integration.isError ? (
        <FormAlert severity="error" testId="shopify-load-error">
          <p>{t('integrations.shopify.loadError')}</p>
          <ActionButton
            variant="secondary"
            isPending={integration.isFetching}
            testId="shopify-retry"
            onPress={() => void integration.refetch()}
          >
            {t('integrations.retry')}
          </ActionButton>
        </FormAlert>
      ) : (
        <SetupSkeleton label={t('integrations.shopify.loading')} testId="shopify-loading" />
      )}
    </div>
  );
}
