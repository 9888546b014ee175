import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import {
  refreshDeliveries,
  refreshEndpoints,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '../../api/webhookEndpoints';
import { useDateFormat } from '../../lib/useDateFormat';
import { ActionButton } from '../ActionButton';
import { apiDetail } from '../form/apiErrors';
import { ChevronIcon } from '../icons';
import { useToast } from '../toast/ToastProvider';
import { DeliveryLog } from './DeliveryLog';
import { EndpointStatus, endpointState } from './EndpointStatus';

export interface EndpointActions {
  onEdit: (endpoint: TWebhookEndpoint) => void;
  onRotate: (endpoint: TWebhookEndpoint) => void;
  onDelete: (endpoint: TWebhookEndpoint) => void;
}

/**
 * One endpoint: its URL, description, state and events; a test event, edit, turn off or on, a new secret, delete;
 * and its delivery log, folded until asked for (a test event opens it).
 */
export function EndpointCard({
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: { endpoint: TWebhookEndpoint } & EndpointActions) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const formatDate = useDateFormat();
  const id = useId();
  const [logOpen, setLogOpen] = useState(false);

  const sendTest = useMutation({
    mutationFn: () => sendWebhookTest(endpoint.id),
    onSuccess: async () => {
      showToast(t('settingsPages.webhooks.toasts.testSent', { url: endpoint.url }), 'success');
      setLogOpen(true);
      await refreshDeliveries(queryClient, endpoint.id);
    },
    onError: (error) => showToast(apiDetail(error) ?? t('settingsPages.webhooks.toasts.testError'), 'error'),
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateWebhookEndpoint(endpoint.id, { enabled }),
    onSuccess: async (_, enabled) => {
      showToast(
        t(enabled ? 'settingsPages.webhooks.toasts.turnedOn' : 'settingsPages.webhooks.toasts.turnedOff'),
        'success',
      );
      await refreshEndpoints(queryClient);
    },
    onError: (error) => showToast(apiDetail(error) ?? t('settingsPages.webhooks.toasts.toggleError'), 'error'),
  });

  return (
    <li
      className="card webhook-endpoint"
      data-testid="webhook-endpoint"
      data-id={endpoint.id}
      data-state={endpointState(endpoint)}
    >
      <div className="webhook-endpoint-head">
        <div className="webhook-endpoint-title">
          <h2 className="webhook-endpoint-url mono-text" data-testid="webhook-endpoint-url">
            {endpoint.url}
          </h2>
          {endpoint.description && (
            <p className="webhook-endpoint-description" data-testid="webhook-endpoint-description">
              {endpoint.description}
            </p>
          )}
        </div>
        <EndpointStatus endpoint={endpoint} />
      </div>

      <dl className="webhook-endpoint-facts">
        <div>
          <dt>{t('settingsPages.webhooks.eventsLabel')}</dt>
          <dd>
            <ul className="code-tags" data-testid="webhook-endpoint-events">
              {endpoint.events.map((type) => (
                <li key={type}>
                  <code>{type}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('settingsPages.webhooks.added')}</dt>
          <dd>{formatDate(endpoint.created_at)}</dd>
        </div>
      </dl>

      <div
        className="webhook-endpoint-actions"
        role="group"
        aria-label={t('settingsPages.webhooks.actionsLabel', { url: endpoint.url })}
      >
        <ActionButton
          variant="secondary"
          isSmall
          testId="webhook-send-test"
          isPending={sendTest.isPending}
          isDisabled={!endpoint.enabled}
          onPress={() => sendTest.mutate()}
        >
          {t('settingsPages.webhooks.actions.sendTest')}
        </ActionButton>
        <ActionButton variant="secondary" isSmall testId="webhook-edit" onPress={() => onEdit(endpoint)}>
          {t('settingsPages.webhooks.actions.edit')}
        </ActionButton>
        <ActionButton
          variant="secondary"
          isSmall
          testId="webhook-toggle"
          isPending={toggle.isPending}
          onPress={() => toggle.mutate(!endpoint.enabled)}
        >
          {t(endpoint.enabled ? 'settingsPages.webhooks.actions.turnOff' : 'settingsPages.webhooks.actions.turnOn')}
        </ActionButton>
        <ActionButton variant="secondary" isSmall testId="webhook-rotate" onPress={() => onRotate(endpoint)}>
          {t('settingsPages.webhooks.actions.rotate')}
        </ActionButton>
        <ActionButton variant="secondary" isSmall testId="webhook-delete" onPress={() => onDelete(endpoint)}>
          {t('settingsPages.webhooks.actions.delete')}
        </ActionButton>
      </div>

      <button
        type="button"
        className="webhook-disclosure webhook-log-toggle"
        data-testid="webhook-log-toggle"
        aria-expanded={logOpen}
        aria-controls={`${id}-log`}
        onClick={() => setLogOpen((open) => !open)}
      >
        <ChevronIcon />
        {t('settingsPages.webhooks.deliveries.title')}
      </button>
      <div id={`${id}-log`} className="webhook-log" data-testid="webhook-log" hidden={!logOpen}>
        {logOpen && <DeliveryLog endpoint={endpoint} />}
      </div>
    </li>
  );
}
