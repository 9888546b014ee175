import { useT } from '../../../../i18n/useT';
import '../../../../styles/other-apps.css';
import { useOtherApps } from '../../../../api/otherApps';
import { ActionButton } from '../../../../components/ActionButton';
import { FormAlert } from '../../../../components/form/FormAlert';
import { OtherAppCard } from '../../../../components/other-apps/OtherAppCard';
import { PageTitle } from '../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const apps = useOtherApps();

  return (
    <>
      <PageTitle page="otherApps" />
      <p className="page-lead">{t('settingsPages.otherApps.lead')}</p>
      {apps.data ? (
        <ul className="other-apps" data-testid="other-apps">
          {apps.data.apps.map((app) => (
            <li key={app.key}>
              <OtherAppCard app={app} />
            </li>
          ))}
        </ul>
      ) : apps.isError ? (
        <FormAlert severity="error" testId="other-apps-error">
          <p>{t('settingsPages.otherApps.loadError')}</p>
          <ActionButton variant="secondary" isPending={apps.isFetching} onPress={() => void apps.refetch()}>
            {t('integrations.retry')}
          </ActionButton>
        </FormAlert>
      ) : (
        <p role="status" className="page-lead">
          {t('settingsPages.otherApps.loading')}
        </p>
      )}
    </>
  );
}
