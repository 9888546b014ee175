import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TApiKey } from '../../../shared/api-keys.js';
import { API_KEYS_QUERY_KEY, revokeApiKey } from '../../api/apiKeys';
import { ConfirmDialog } from '../ConfirmDialog';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';

/** Asks before revoking `apiKey`, which cannot be undone; closed while `apiKey` is null. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: TApiKey | null; onClose: () => void }) {
  const t = useT();
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
    <ConfirmDialog
      title={t('settingsPages.apiKeys.revokeTitle')}
      isOpen={apiKey !== null}
      onClose={onClose}
      confirmLabel={t('settingsPages.apiKeys.revokeConfirm')}
      onConfirm={() => apiKey && revoke.mutate(apiKey)}
      isPending={revoke.isPending}
      testId="api-key-revoke-dialog"
      confirmTestId="api-key-revoke-confirm"
    >
      {apiKey && (
        <p className="modal-text">
          {t('settingsPages.apiKeys.revokeBody', { name: apiKey.name, prefix: apiKey.prefix })}
        </p>
      )}
    </ConfirmDialog>
  );
}
