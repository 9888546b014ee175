import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import { deleteWebhookEndpoint, forgetEndpoint } from '../../api/webhookEndpoints';
import { ConfirmDialog } from '../ConfirmDialog';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';

/** Asks before deleting `endpoint` and its delivery log; closed while `endpoint` is null. */
export function DeleteEndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
}) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (target: TWebhookEndpoint) => deleteWebhookEndpoint(target.id),
    onSuccess: async (_, target) => {
      showToast(t('settingsPages.webhooks.toasts.deleted'), 'success');
      onClose();
      await forgetEndpoint(queryClient, target.id);
    },
    onError: (error) => {
      showToast(apiDetail(error) ?? t('settingsPages.webhooks.toasts.deleteError'), 'error');
      onClose();
    },
  });

  return (
    <ConfirmDialog
      title={t('settingsPages.webhooks.delete.title')}
      isOpen={endpoint !== null}
      onClose={onClose}
      confirmLabel={t('settingsPages.webhooks.delete.confirm')}
      onConfirm={() => endpoint && remove.mutate(endpoint)}
      isPending={remove.isPending}
      testId="webhook-delete-dialog"
      confirmTestId="webhook-delete-confirm"
    >
      {endpoint && <p className="modal-text">{t('settingsPages.webhooks.delete.body', { url: endpoint.url })}</p>}
    </ConfirmDialog>
  );
}
