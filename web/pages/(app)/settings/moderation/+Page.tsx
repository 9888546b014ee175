import { useT } from '../../../../i18n/useT';
import '../../../../styles/widgets.css';
import '../../../../styles/moderation-settings.css';
import { usePageContext } from 'vike-react/usePageContext';
import { can } from '../../../../../shared/session.js';
import { useModerationSettings } from '../../../../api/moderation';
import { ActionButton } from '../../../../components/ActionButton';
import { FormAlert } from '../../../../components/form/FormAlert';
import { ModerationSettingsForm } from '../../../../components/moderation/ModerationSettingsForm';
import { PageTitle } from '../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const { user } = usePageContext();
  const settings = useModerationSettings();

  return (
    <>
      <PageTitle page="moderation" />
      <p className="page-lead">{t('moderation.settings.lead')}</p>
      {settings.data ? (
        <ModerationSettingsForm settings={settings.data} canEdit={can(user, 'moderate_reviews')} />
      ) : settings.isError ? (
        <FormAlert severity="error" testId="moderation-settings-error">
          <p>{t('moderation.settings.loadError')}</p>
          <ActionButton variant="secondary" isPending={settings.isFetching} onPress={() => void settings.refetch()}>
            {t('moderation.settings.retry')}
          </ActionButton>
        </FormAlert>
      ) : (
        <p role="status" className="page-lead">
          {t('moderation.settings.loading')}
        </p>
      )}
    </>
  );
}
