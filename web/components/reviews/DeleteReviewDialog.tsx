import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { DELETED_RETENTION_DAYS } from '../../../shared/constants.js';
import { customerName } from './reviewDisplay';

export interface DeleteReviewDialogProps {
  /** The review to delete; the dialog is closed while it is null. */
  review: TReview | null;
  isPending: boolean;
  onConfirm: (review: TReview) => void;
  onClose: () => void;
}

/** DESIGN §6.2: says what a soft delete does before doing it. */
export function DeleteReviewDialog({ review, isPending, onConfirm, onClose }: DeleteReviewDialogProps) {
  const t = useT();
  return (
    <ModalDialog
      title={t('reviews.deleteDialog.title')}
      isOpen={review !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="delete-dialog"
      role="alertdialog"
      isDismissable={!isPending}
    >
      {review && (
        <>
          <p className="modal-text">
            {t('reviews.deleteDialog.body', {
              customer: customerName(review, t('reviews.anonymous')),
              days: DELETED_RETENTION_DAYS,
            })}
          </p>
          <div className="modal-actions">
            <ActionButton variant="secondary" isDisabled={isPending} onPress={onClose}>
              {t('reviews.deleteDialog.cancel')}
            </ActionButton>
            <ActionButton
              variant="danger"
              testId="confirm-delete"
              isPending={isPending}
              onPress={() => onConfirm(review)}
            >
              {t('reviews.deleteDialog.confirm')}
            </ActionButton>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
