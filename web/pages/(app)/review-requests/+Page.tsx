import { Suspense, lazy, useEffect, useState } from 'react';
import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../styles/reviews.css';
import '../../../styles/dashboard.css';
import '../../../styles/widgets.css';
import '../../../styles/requests.css';
import {
  DEFAULT_FUNNEL_PERIOD,
  REQUEST_FUNNEL_PERIODS,
  type TRequestFunnelPeriod,
} from '../../../../shared/review-request-options.js';
import { can } from '../../../../shared/session.js';
import { useRequestFunnel, useRequestSettings } from '../../../api/reviewRequests';
import { PageTitle } from '../../../components/PageTitle';
import { PeriodSelector } from '../../../components/dashboard/PeriodSelector';
import { FormAlert } from '../../../components/form/FormAlert';
import { RequestFunnel } from '../../../components/requests/RequestFunnel';
import { RequestHistory } from '../../../components/requests/RequestHistory';
import { useToast } from '../../../components/toast/ToastProvider';
import { SettingsTabs } from '../../../components/widgets/SettingsTabs';

const TABS = ['history', 'settings', 'template', 'suppressions'] as const;
type TTab = (typeof TABS)[number];

// The other tabs' code (the forms and the schemas they check with, the preview, the list) loads when first chosen.
const SettingsPanel = lazy(() =>
  import('../../../components/requests/SettingsPanel').then((module) => ({ default: module.SettingsPanel })),
);
const TemplatePanel = lazy(() =>
  import('../../../components/requests/TemplatePanel').then((module) => ({ default: module.TemplatePanel })),
);
const SuppressionsPanel = lazy(() =>
  import('../../../components/requests/SuppressionsPanel').then((module) => ({ default: module.SuppressionsPanel })),
);

export default function Page() {
  const t = useT();
  const { showToast } = useToast();
  const { user } = usePageContext();
  // Members read everything (and preview the mail); what changes what buyers receive is the store owner's.
  const canEdit = can(user, 'manage_store');

  const [days, setDays] = useState<TRequestFunnelPeriod>(DEFAULT_FUNNEL_PERIOD);
  const funnel = useRequestFunnel(days);
  const [tab, setTab] = useState<TTab>('history');
  const settings = useRequestSettings();

  useEffect(() => {
    if (funnel.error) showToast(t('requests.toasts.loadError'), 'error');
  }, [funnel.error, showToast, t]);

  const loading = <p className="review-muted">{t('requests.loading')}</p>;
  const settingsPlaceholder = settings.isError ? (
    <div className="reviews-empty" data-testid="settings-load-error">
      <p>{t('requests.loadError')}</p>
      <button type="button" className="button button-secondary button-small" onClick={() => void settings.refetch()}>
        {t('requests.retry')}
      </button>
    </div>
  ) : (
    loading
  );

  return (
    <>
      <div className="dashboard-head">
        <div>
          <PageTitle page="reviewRequests" />
          <p className="page-lead">{t('requests.lead')}</p>
        </div>
        <PeriodSelector value={days} onChange={setDays} periods={REQUEST_FUNNEL_PERIODS} />
      </div>

      <RequestFunnel funnel={funnel.data} isLoading={funnel.isPending} isRefreshing={funnel.isPlaceholderData} />

      {!canEdit && tab !== 'history' && <FormAlert severity="info">{t('requests.readOnly')}</FormAlert>}

      <SettingsTabs
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('requests.tabs.label')}
        tabLabel={(name) => t(`requests.tabs.${name}`)}
      >
        {tab === 'history' && <RequestHistory canAct={canEdit} />}
        {tab !== 'history' && (
          <Suspense fallback={loading}>
            {tab === 'settings' &&
              (settings.data ? <SettingsPanel settings={settings.data} canEdit={canEdit} /> : settingsPlaceholder)}
            {tab === 'template' &&
              (settings.data ? <TemplatePanel settings={settings.data} canEdit={canEdit} /> : settingsPlaceholder)}
            {tab === 'suppressions' && <SuppressionsPanel canEdit={canEdit} />}
          </Suspense>
        )}
      </SettingsTabs>
    </>
  );
}
