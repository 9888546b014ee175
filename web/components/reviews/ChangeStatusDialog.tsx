import { useState, type FormEvent } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useT } from '../../i18n/useT';
import { REVIEW_STATUSES } from '../../../shared/review-statuses.js';
import type { TReview, TReviewStatus } from '../../../shared/reviews.js';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';

export interface ChangeStatusDialogProps {
  /** The review being edited; the dialog is closed while it is null. */
  review: TReview | null;
  isPending: boolean;
  onSubmit: (review: TReview, status: TReviewStatus) => void;
  onClose: () => void;
}

export function ChangeStatusDialog({ review, isPending, onSubmit, onClose }: ChangeStatusDialogProps) {
  const t = useT();
  return (
    <ModalDialog
      title={t('reviews.statusDialog.title')}
      isOpen={review !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="status-dialog"
      isDismissable={!isPending}
    >
      {review && (
        <StatusForm key={review.id} review={review} isPending={isPending} onSubmit={onSubmit} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

/** Keyed by review, so each opening starts from that review's current status. */
function StatusForm({ review, isPending, onSubmit, onClose }: ChangeStatusDialogProps & { review: TReview }) {
  const t = useT();
  const [status, setStatus] = useState<TReviewStatus>(review.status);
  const unchanged = status === review.status;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unchanged && !isPending) onSubmit(review, status);
  };

  return (
    <form className="modal-form" onSubmit={submit}>
      <p className="modal-text">{t('reviews.statusDialog.lead')}</p>
      <RadioGroup
        className="radio-group"
        value={status}
        onChange={(value) => setStatus(value as TReviewStatus)}
        isDisabled={isPending}
      >
        <Label className="field-label">{t('reviews.statusDialog.label')}</Label>
        {REVIEW_STATUSES.map((option) => (
          <Radio key={option} value={option} className="radio">
            {t(`reviews.status.${option}`)}
          </Radio>
        ))}
      </RadioGroup>
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={isPending} onPress={onClose}>
          {t('reviews.statusDialog.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="status-submit" isDisabled={unchanged} isPending={isPending}>
          {t('reviews.statusDialog.submit')}
        </ActionButton>
      </div>
    </form>
  );
}
