import { useT } from '../../i18n/useT';
import type { TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import { EndpointCard, type EndpointActions } from './EndpointCard';

/** The store's endpoints, newest first, one card each; a placeholder card while they load. */
export function EndpointList({
  endpoints,
  isLoading,
  ...actions
}: { endpoints: readonly TWebhookEndpoint[]; isLoading: boolean } & EndpointActions) {
  const t = useT();
  if (isLoading) {
    return (
      <div className="card webhook-endpoint" aria-busy="true" data-testid="webhooks-loading">
        <span className="visually-hidden">{t('settingsPages.webhooks.loading')}</span>
        <span className="skeleton" aria-hidden="true" />
        <span className="skeleton" aria-hidden="true" />
      </div>
    );
  }
  if (endpoints.length === 0) {
    return (
      <p className="card settings-section webhooks-empty" data-testid="webhooks-empty">
        {t('settingsPages.webhooks.empty')}
      </p>
    );
  }
  return (
    <ul className="webhook-endpoints" aria-label={t('settingsPages.webhooks.listLabel')} data-testid="webhooks-list">
      {endpoints.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} {...actions} />
      ))}
    </ul>
  );
}
