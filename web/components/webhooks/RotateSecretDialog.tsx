import { useMutation } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import { rotateWebhookSecret } from '../../api/webhookEndpoints';
import { useShownOnce } from '../../lib/useShownOnce';
import { ConfirmActions } from '../ConfirmDialog';
import { apiDetail } from '../form/apiErrors';
import { ModalDialog } from '../ModalDialog';
import { useToast } from '../toast/ToastProvider';
import { WebhookSecret } from './WebhookSecret';

/**
 * Asks before giving `endpoint` a new signing secret (the old one stops at once), then shows the new one this once
 * until Done; closed while `endpoint` is null.
 */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: TWebhookEndpoint | null; onClose: () => void }) {
  const t = useT();
  const { showToast } = useToast();
  const [secret, setSecret] = useShownOnce<string>(endpoint !== null);

  const rotate = useMutation({
    mutationFn: (target: TWebhookEndpoint) => rotateWebhookSecret(target.id),
    onSuccess: (rotated) => setSecret(rotated.secret),
    onError: (error) => {
      showToast(apiDetail(error) ?? t('settingsPages.webhooks.toasts.rotateError'), 'error');
      onClose();
    },
  });

  return (
    <ModalDialog
      title={t(secret ? 'settingsPages.webhooks.secret.rotatedTitle' : 'settingsPages.webhooks.rotate.title')}
      isOpen={endpoint !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role={secret ? 'dialog' : 'alertdialog'}
      testId="webhook-rotate-dialog"
      isDismissable={!rotate.isPending && !secret}
    >
      {secret ? (
        <WebhookSecret secret={secret} onDone={onClose} />
      ) : (
        endpoint && (
          <>
            <p className="modal-text">{t('settingsPages.webhooks.rotate.body', { url: endpoint.url })}</p>
            <ConfirmActions
              onCancel={onClose}
              confirmLabel={t('settingsPages.webhooks.rotate.confirm')}
              onConfirm={() => rotate.mutate(endpoint)}
              isPending={rotate.isPending}
              confirmTestId="webhook-rotate-confirm"
            />
          </>
        )
      )}
    </ModalDialog>
  );
}
