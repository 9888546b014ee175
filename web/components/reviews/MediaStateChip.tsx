import { useTranslation } from 'react-i18next';
import type { TReview } from '../../../shared/reviews.js';

/**
 * Where a review's uploaded media stand when they are not ready: being re-encoded (the store waits for them), or
 * refused by the processing with its reason. Nothing for ready media.
 */
export function MediaStateChip({ review, detailed = false }: { review: TReview; detailed?: boolean }) {
  const { t } = useTranslation();
  if (review.media_state === 'ready') return null;
  const failed = review.media_state === 'failed';
  const hint = failed
    ? t('reviews.mediaFailedHint', { reason: review.media_error ?? '' })
    : t('reviews.mediaProcessingHint');
  return (
    <span className="media-state" data-testid="media-state" data-state={review.media_state}>
      <span className={`chip chip-tint ${failed ? 'chip-media-failed' : 'chip-media-processing'}`} title={hint}>
        {t(failed ? 'reviews.mediaFailed' : 'reviews.mediaProcessing')}
      </span>
      {detailed ? <span className="review-note">{hint}</span> : <span className="visually-hidden">{hint}</span>}
    </span>
  );
}
