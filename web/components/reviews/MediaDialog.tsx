import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { customerName, productName } from './reviewDisplay';
import { ReviewMediaPlayer } from './ReviewMediaPlayer';

/** Plays the review's video at once (its thumbnail as the poster) or shows its photo; closed while `review` is null. */
export function MediaDialog({ review, onClose }: { review: TReview | null; onClose: () => void }) {
  const t = useT();
  const customer = review ? customerName(review, t('reviews.anonymous')) : '';

  return (
    <ModalDialog
      title={t('reviews.media.title', { customer })}
      isOpen={review !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="media-dialog"
      wide
    >
      {review && (
        <>
          <div className="media-frame">
            <ReviewMediaPlayer review={review} autoPlay />
          </div>
          <p className="media-caption">{productName(review)}</p>
          <div className="modal-actions">
            <ActionButton variant="secondary" onPress={onClose}>
              {t('reviews.media.close')}
            </ActionButton>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
