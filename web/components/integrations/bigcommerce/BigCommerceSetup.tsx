import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import type { TBigCommerceIntegration } from '../../../../shared/integrations.js';
import { useLanguage } from '../../../i18n/useLanguage';
import { useDateFormat } from '../../../lib/useDateFormat';
import { ExternalLinkButton } from '../../ExternalLinkButton';
import { FormAlert } from '../../form/FormAlert';
import { SetupStep } from '../SetupStep';
import { BigCommerceConnectForm } from './BigCommerceConnectForm';
import { BigCommerceDisconnect } from './BigCommerceDisconnect';
import { BigCommerceNativeReviews } from './BigCommerceNativeReviews';
import { StoreHashIllustration } from './StoreHashIllustration';
import { numberFormat } from '../../../lib/intlFormat';

const SCOPES = ['content', 'sites', 'products', 'orders', 'information', 'marketing'] as const;

export interface BigCommerceSetupProps {
  integration: TBigCommerceIntegration;
  /** The user may connect the store (`manage_integrations`). */
  canConnect: boolean;
}

/** SPEC §2 BigCommerce page, once loaded: the connection, three setup steps with the form, what connecting did. */
export function BigCommerceSetup({ integration, canConnect }: BigCommerceSetupProps) {
  const t = useT();
  const statusId = useId();
  const { language } = useLanguage();
  const formatDate = useDateFormat();
  const { connected, store_name, store_hash, store_url } = integration;
  return (
    <>
      {connected && (
        <FormAlert severity="success" testId="bigcommerce-connected">
          <p>{t('integrations.bigcommerce.connected', { store: store_name || store_hash })}</p>
          {store_url && <p className="alert-detail">{store_url}</p>}
        </FormAlert>
      )}
      <ol className="setup-steps" aria-label={t('integrations.bigcommerce.stepsLabel')}>
        <SetupStep number={1} title={t('integrations.bigcommerce.steps.account.title')} testId="bigcommerce-step-1">
          <p>{t('integrations.bigcommerce.steps.account.text')}</p>
          <div className="setup-actions">
            <ExternalLinkButton
              href={integration.api_accounts_url}
              variant="secondary"
              testId="bigcommerce-api-accounts"
            >
              {t('integrations.bigcommerce.steps.account.link')}
            </ExternalLinkButton>
          </div>
        </SetupStep>
        <SetupStep number={2} title={t('integrations.bigcommerce.steps.scopes.title')} testId="bigcommerce-step-2">
          <p>{t('integrations.bigcommerce.steps.scopes.text')}</p>
          <ul className="scope-list" data-testid="bigcommerce-scopes">
            {SCOPES.map((scope) => (
              <li key={scope}>{t(`integrations.bigcommerce.steps.scopes.${scope}`)}</li>
            ))}
          </ul>
        </SetupStep>
        <SetupStep
          number={3}
          title={t('integrations.bigcommerce.steps.credentials.title')}
          done={connected}
          testId="bigcommerce-step-3"
        >
          <p>{t('integrations.bigcommerce.steps.credentials.text')}</p>
          <StoreHashIllustration />
          {canConnect ? (
            <BigCommerceConnectForm isConnected={connected} storeHash={store_hash} />
          ) : (
            <p className="field-description">{t('integrations.bigcommerce.ownerOnly')}</p>
          )}
        </SetupStep>
      </ol>
      {connected && (
        <section className="card setup-note" data-testid="bigcommerce-status" aria-labelledby={statusId}>
          <h2 className="section-title" id={statusId}>
            {t('integrations.bigcommerce.status.title')}
          </h2>
          <ul className="status-list">
            <li data-testid="bigcommerce-script" data-state={integration.script_installed ? 'done' : 'todo'}>
              {integration.script_installed
                ? t('integrations.bigcommerce.status.scriptOn')
                : t('integrations.bigcommerce.status.scriptPending')}
            </li>
            <li data-testid="bigcommerce-products">
              {t('integrations.bigcommerce.status.products', {
                products: numberFormat(language).format(integration.products),
              })}{' '}
              {integration.catalog_synced_at
                ? t('integrations.bigcommerce.status.syncedAt', { date: formatDate(integration.catalog_synced_at) })
                : t('integrations.bigcommerce.status.notSynced')}
            </li>
          </ul>
          <BigCommerceNativeReviews
            enabled={integration.native_reviews}
            refused={integration.native_reviews_refused}
            canChange={canConnect}
          />
          {canConnect && <BigCommerceDisconnect storeName={store_name || store_hash || ''} />}
        </section>
      )}
    </>
  );
}
