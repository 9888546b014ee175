import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TApiKey } from '../../../shared/api-keys.js';
import { API_KEYS_QUERY_KEY, revokeApiKey } from '../../api/apiKeys';
import { ActionButton } from '../ActionButton';
import { apiDetail } from '../form/apiErrors';
import { ModalDialog } from '../ModalDialog';
import { useToast } from '../toast/ToastProvider';

/** Asks before revoking `apiKey`, which cannot be undone; closed while `apiKey` is null. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: TApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const revoke = useMutation({
    mutationFn: (target: TApiKey) => revokeApiKey(target.id),
    onSuccess: async (_, target) => {
      showToast(t('settingsPages.apiKeys.revoked', { name: target.name }), 'success');
      onClose();
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) => {
      showToast(apiDetail(error) ?? t('settingsPages.apiKeys.revokeError'), 'error');
      onClose();
    },
  });

  return (
    <ModalDialog
      title={t('settingsPages.apiKeys.revokeTitle')}
      isOpen={apiKey !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      role="alertdialog"
      testId="api-key-revoke-dialog"
      isDismissable={!revoke.isPending}
    >
      {apiKey && (
        <>
          <p className="modal-text">
            {t('settingsPages.apiKeys.revokeBody', { name: apiKey.name, prefix: apiKey.prefix })}
          </p>
          <div className="modal-actions">
            <ActionButton variant="secondary" isDisabled={revoke.isPending} onPress={onClose}>
              {t('settingsPages.common.cancel')}
            </ActionButton>
            <ActionButton
              variant="danger"
              testId="api-key-revoke-confirm"
              isPending={revoke.isPending}
              onPress={() => revoke.mutate(apiKey)}
            >
              {t('settingsPages.apiKeys.revokeConfirm')}
            </ActionButton>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
