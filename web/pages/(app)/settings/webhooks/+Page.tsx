import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../../styles/developer-settings.css';
import '../../../../styles/webhooks.css';
import { WEBHOOK_ENDPOINTS_MAX } from '../../../../../shared/webhook-endpoint-options.js';
import type { TWebhookEndpoint } from '../../../../../shared/webhook-endpoints.js';
import { can } from '../../../../../shared/session.js';
import { WEBHOOK_ENDPOINTS_QUERY_KEY, fetchWebhookEndpoints } from '../../../../api/webhookEndpoints';
import { ActionButton } from '../../../../components/ActionButton';
import { FormAlert } from '../../../../components/form/FormAlert';
import { PageTitle } from '../../../../components/PageTitle';
import { DeleteEndpointDialog } from '../../../../components/webhooks/DeleteEndpointDialog';
import { EndpointDialog, type TEndpointDialogTarget } from '../../../../components/webhooks/EndpointDialog';
import { EndpointList } from '../../../../components/webhooks/EndpointList';
import { RotateSecretDialog } from '../../../../components/webhooks/RotateSecretDialog';
import { SigningHelp } from '../../../../components/webhooks/SigningHelp';

export default function Page() {
  const t = useT();
  const { user } = usePageContext();
  const canManage = can(user, 'manage_integrations');
  const [editing, setEditing] = useState<TEndpointDialogTarget | null>(null);
  const [rotating, setRotating] = useState<TWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  // Members may not list the endpoints (the server answers 403): they never ask.
  const endpoints = useQuery({
    queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY,
    queryFn: fetchWebhookEndpoints,
    enabled: canManage,
  });
  const count = endpoints.data?.length ?? 0;
  const full = count >= WEBHOOK_ENDPOINTS_MAX;

  return (
    <>
      <div className="page-heading">
        <div>
          <PageTitle page="webhooks" />
          <p className="page-lead">{t('pages.webhooks.description')}</p>
        </div>
        {canManage && (
          <button
            type="button"
            className="button"
            data-testid="webhook-create-open"
            disabled={full}
            aria-describedby={full ? 'webhooks-count' : undefined}
            onClick={() => setEditing({ mode: 'create' })}
          >
            {t('settingsPages.webhooks.add')}
          </button>
        )}
      </div>

      {!canManage ? (
        <FormAlert severity="info" testId="webhooks-owner-only">
          <p>{t('settingsPages.webhooks.ownerOnly')}</p>
        </FormAlert>
      ) : (
        <div className="settings-sections">
          {endpoints.isError ? (
            <FormAlert severity="error" testId="webhooks-load-error">
              <p>{t('settingsPages.webhooks.loadError')}</p>
              <ActionButton
                variant="secondary"
                isPending={endpoints.isFetching}
                onPress={() => void endpoints.refetch()}
              >
                {t('common.retry')}
              </ActionButton>
            </FormAlert>
          ) : (
            <>
              {endpoints.data && (
                <p id="webhooks-count" className="webhooks-count" data-testid="webhooks-count">
                  {t(full ? 'settingsPages.webhooks.countFull' : 'settingsPages.webhooks.count', {
                    number: count,
                    max: WEBHOOK_ENDPOINTS_MAX,
                  })}
                </p>
              )}
              <EndpointList
                endpoints={endpoints.data ?? []}
                isLoading={endpoints.isPending}
                onEdit={(endpoint) => setEditing({ mode: 'edit', endpoint })}
                onRotate={setRotating}
                onDelete={setDeleting}
              />
            </>
          )}

          <SigningHelp />

          <EndpointDialog target={editing} onClose={() => setEditing(null)} />
          <RotateSecretDialog endpoint={rotating} onClose={() => setRotating(null)} />
          <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
        </div>
      )}
    </>
  );
}
