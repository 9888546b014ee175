import { Suspense, lazy, useEffect, useState } from 'react';
import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../styles/reviews.css';
import '../../../styles/widgets.css';
import { can } from '../../../../shared/session.js';
import type { TWidgetSettings } from '../../../../shared/widgets.js';
import { useWidgetSettings } from '../../../api/widgets';
import { PageTitle } from '../../../components/PageTitle';
import { FormAlert } from '../../../components/form/FormAlert';
import { useToast } from '../../../components/toast/ToastProvider';
import { GlobalSetupForm } from '../../../components/widgets/GlobalSetupForm';
import { InstallationCard } from '../../../components/widgets/InstallationCard';
import { SettingsTabs } from '../../../components/widgets/SettingsTabs';
import { WidgetPreview } from '../../../components/widgets/WidgetPreview';

const TABS = ['global', 'products', 'appearance'] as const;
type TTab = (typeof TABS)[number];

// The other tabs' code (the products table and its dialog, the colour pickers) loads when the tab is first chosen.
const ProductOverridesPanel = lazy(() =>
  import('../../../components/widgets/ProductOverridesPanel').then((module) => ({
    default: module.ProductOverridesPanel,
  })),
);
const AppearanceForm = lazy(() =>
  import('../../../components/widgets/AppearanceForm').then((module) => ({ default: module.AppearanceForm })),
);

export default function Page() {
  const t = useT();
  const { showToast } = useToast();
  const { user } = usePageContext();
  const canEdit = can(user, 'edit_widget');

  const settings = useWidgetSettings();
  useEffect(() => {
    if (settings.error) showToast(t('widgets.toasts.loadGlobalSettingsError'), 'error');
  }, [settings.error, showToast, t]);

  // Unsaved edits live here, above the tabs, so switching tabs keeps them. null: nothing edited yet.
  const [draft, setDraft] = useState<TWidgetSettings | null>(null);
  const current = draft ?? settings.data;
  const change = (patch: Partial<TWidgetSettings>) => {
    if (current) setDraft({ ...current, ...patch });
  };

  const [tab, setTab] = useState<TTab>('global');

  const settingsPlaceholder = settings.isError ? (
    <div className="reviews-empty" data-testid="settings-load-error">
      <p>{t('widgets.loadError')}</p>
      <button type="button" className="button button-secondary button-small" onClick={() => void settings.refetch()}>
        {t('widgets.retry')}
      </button>
    </div>
  ) : (
    <p className="review-muted" data-testid="settings-loading">
      {t('widgets.loading')}
    </p>
  );

  return (
    <>
      <PageTitle page="widgetSettings" />
      <p className="page-lead">{t('widgets.lead')}</p>
      {!canEdit && <FormAlert severity="info">{t('widgets.readOnly')}</FormAlert>}

      <SettingsTabs
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('widgets.tabs.label')}
        tabLabel={(name) => t(`widgets.tabs.${name}`)}
      >
        {tab === 'global' &&
          (current ? <GlobalSetupForm draft={current} onChange={change} canEdit={canEdit} /> : settingsPlaceholder)}
        {tab !== 'global' && (
          <Suspense fallback={<p className="review-muted">{t('widgets.loading')}</p>}>
            {tab === 'products' && <ProductOverridesPanel canEdit={canEdit} />}
            {tab === 'appearance' &&
              (current ? <AppearanceForm draft={current} onChange={change} canEdit={canEdit} /> : settingsPlaceholder)}
          </Suspense>
        )}
      </SettingsTabs>

      {current && <WidgetPreview settings={current} />}

      <InstallationCard />
    </>
  );
}
