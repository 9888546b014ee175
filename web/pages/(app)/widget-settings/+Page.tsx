import { useEffect, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { can } from '../../../../shared/session.js';
import type { TWidgetSettings } from '../../../../shared/widgets.js';
import { useWidgetSettings } from '../../../api/widgets';
import { PageTitle } from '../../../components/PageTitle';
import { FormAlert } from '../../../components/form/FormAlert';
import { useToast } from '../../../components/toast/ToastProvider';
import { AppearanceForm } from '../../../components/widgets/AppearanceForm';
import { GlobalSetupForm } from '../../../components/widgets/GlobalSetupForm';
import { InstallationCard } from '../../../components/widgets/InstallationCard';
import { ProductOverridesPanel } from '../../../components/widgets/ProductOverridesPanel';
import { WidgetPreview } from '../../../components/widgets/WidgetPreview';
import { useSelectedInView } from '../../../lib/useSelectedInView';

const TABS = ['global', 'products', 'appearance'] as const;
type TTab = (typeof TABS)[number];

export default function Page() {
  const { t } = useTranslation();
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
  // On a phone the tab row scrolls sideways: the chosen tab is brought fully into view.
  const tabList = useRef<HTMLDivElement>(null);
  useSelectedInView(tabList, tab);

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

      <Tabs
        className="widget-tabs"
        data-testid="widget-tabs"
        selectedKey={tab}
        onSelectionChange={(key) => {
          const next = TABS.find((name) => name === key);
          if (next) setTab(next);
        }}
      >
        <TabList ref={tabList} className="widget-tab-list" aria-label={t('widgets.tabs.label')}>
          {TABS.map((name) => (
            <Tab key={name} id={name} className="widget-tab" data-testid={`tab-${name}`}>
              {t(`widgets.tabs.${name}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="global" className="card widget-panel">
          {current ? <GlobalSetupForm draft={current} onChange={change} canEdit={canEdit} /> : settingsPlaceholder}
        </TabPanel>
        <TabPanel id="products" className="card widget-panel">
          <ProductOverridesPanel canEdit={canEdit} />
        </TabPanel>
        <TabPanel id="appearance" className="card widget-panel">
          {current ? <AppearanceForm draft={current} onChange={change} canEdit={canEdit} /> : settingsPlaceholder}
        </TabPanel>
      </Tabs>

      {current && <WidgetPreview settings={current} />}

      <InstallationCard />
    </>
  );
}
