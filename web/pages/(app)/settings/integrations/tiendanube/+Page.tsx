import { useT } from '../../../../../i18n/useT';
import '../../../../../styles/integrations.css';
import { useTiendaNubeIntegration } from '../../../../../api/tiendanube';
import { ActionButton } from '../../../../../components/ActionButton';
import { FormAlert } from '../../../../../components/form/FormAlert';
import { SetupSkeleton } from '../../../../../components/integrations/SetupSkeleton';
import { TiendaNubeSetup } from '../../../../../components/integrations/tiendanube/TiendaNubeSetup';
import { PageTitle } from '../../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const integration = useTiendaNubeIntegration();

  return (
    <div className="setup-page">
      <header>
        <PageTitle page="tiendanube" />
        <p className="page-lead">{t('integrations.tiendanube.lead')}</p>
      </header>
      {integration.data ? (
        <TiendaNubeSetup integration={integration.data} />
      ) : integration.isError ? (
        <FormAlert severity="error" testId="tiendanube-load-error">
          <p>{t('integrations.tiendanube.loadError')}</p>
          <ActionButton
            variant="secondary"
            isPending={integration.isFetching}
            testId="tiendanube-retry"
            onPress={() => void integration.refetch()}
          >
            {t('integrations.retry')}
          </ActionButton>
        </FormAlert>
      ) : (
        <SetupSkeleton label={t('integrations.tiendanube.loading')} testId="tiendanube-loading" />
      )}
    </div>
  );
}
