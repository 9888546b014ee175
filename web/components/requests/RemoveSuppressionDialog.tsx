import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TSuppression } from '../../../shared/review-requests.js';
import { invalidateRequestQueries, removeSuppression } from '../../api/reviewRequests';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';

/** Asks before an address may be mailed again. */
export function RemoveSuppressionDialog({
  suppression,
  onClose,
}: {
  suppression: TSuppression | null;
  onClose: () => void;
}) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: TSuppression) => removeSuppression(target.id),
    onSuccess: async () => {
      showToast(t('requests.toasts.suppressionRemoved'), 'success');
      onClose();
      await invalidateRequestQueries(queryClient);
    },
    onError: (error) => {
      showToast(apiDetail(error) ?? t('requests.toasts.suppressionError'), 'error');
      onClose();
    },
  });
  const email = suppression?.email ?? t('requests.suppressions.erased');

  return (
    <ModalDialog
      title={t('requests.suppressions.confirmTitle')}
      isOpen={suppression !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      role="alertdialog"
      testId="suppression-remove-dialog"
      isDismissable={!remove.isPending}
    >
      {suppression && (
        <>
          <p className="modal-text">{t('requests.suppressions.confirmText', { email })}</p>
          <div className="modal-actions">
            <ActionButton variant="secondary" isDisabled={remove.isPending} onPress={onClose}>
              {t('requests.suppressions.cancel')}
            </ActionButton>
            <ActionButton
              variant="danger"
              testId="suppression-confirm-remove"
              isPending={remove.isPending}
              onPress={() => remove.mutate(suppression)}
            >
              {t('requests.suppressions.confirm')}
            </ActionButton>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
