import { useT } from '../../../i18n/useT';
import { DELETED_RETENTION_DAYS } from '../../../../shared/constants.js';
import { ActionButton } from '../../ActionButton';
import { ModalDialog } from '../../ModalDialog';

export interface BulkDeleteDialogProps {
  /** How many reviews would go; the dialog is closed while it is null. */
  count: number | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** DESIGN §6.2, for a selection: says what a soft delete does before doing it. */
export function BulkDeleteDialog({ count, isPending, onConfirm, onClose }: BulkDeleteDialogProps) {
  const t = useT();
  return (
    <ModalDialog
      title={t('moderation.bulk.deleteDialog.title', { count: count ?? 0 })}
      isOpen={count !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="bulk-delete-dialog"
      role="alertdialog"
      isDismissable={!isPending}
    >
      <p className="modal-text">{t('moderation.bulk.deleteDialog.body', { days: DELETED_RETENTION_DAYS })}</p>
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={isPending} onPress={onClose}>
          {t('moderation.bulk.deleteDialog.cancel')}
        </ActionButton>
        <ActionButton variant="danger" testId="confirm-bulk-delete" isPending={isPending} onPress={onConfirm}>
          {t('moderation.bulk.deleteDialog.confirm')}
        </ActionButton>
      </div>
    </ModalDialog>
  );
}
