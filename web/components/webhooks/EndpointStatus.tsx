import { useT } from '../../i18n/useT';
import { WEBHOOK_DISABLE_AFTER_DAYS } from '../../../shared/webhook-endpoint-options.js';
import type { TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import { useDateFormat } from '../../lib/useDateFormat';

export type TEndpointState = 'enabled' | 'failing' | 'off' | 'disabled';

/** Enabled, enabled but failing every delivery, turned off by the merchant, or disabled after days of failures. */
export function endpointState(endpoint: TWebhookEndpoint): TEndpointState {
  if (!endpoint.enabled) return endpoint.disabled_reason === 'failing' ? 'disabled' : 'off';
  return endpoint.failing_since ? 'failing' : 'enabled';
}

/** The endpoint's state as a chip, with since when and what follows when it is not simply enabled. */
export function EndpointStatus({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const t = useT();
  const formatDate = useDateFormat();
  const formatTime = useDateFormat(true);
  const state = endpointState(endpoint);
  const days = WEBHOOK_DISABLE_AFTER_DAYS;
  const note = {
    enabled: null,
    failing: t('settingsPages.webhooks.failingSince', { time: formatTime(endpoint.failing_since ?? ''), days }),
    off: t('settingsPages.webhooks.turnedOffOn', { date: formatDate(endpoint.disabled_at ?? '') }),
    disabled: t('settingsPages.webhooks.disabledAfterFailures', { date: formatDate(endpoint.disabled_at ?? ''), days }),
  }[state];

  return (
    <div className="webhook-status">
      <span className="chip chip-tint webhook-state" data-state={state} data-testid="webhook-endpoint-state">
        {t(`settingsPages.webhooks.states.${state}`)}
      </span>
      {note && (
        <p className="webhook-status-note" data-testid="webhook-endpoint-note">
          {note}
        </p>
      )}
    </div>
  );
}
