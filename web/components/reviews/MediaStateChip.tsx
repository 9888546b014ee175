import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';

/**
 * Where a review's uploaded media stand when they are not ready: being re-encoded (the store waits for them), waiting
 * for the server (no ffmpeg there yet, with the server's words), or refused by the processing with its reason.
 * Nothing for ready media.
 */
export function MediaStateChip({ review, detailed = false }: { review: TReview; detailed?: boolean }) {
  const t = useT();
  if (review.media_state === 'ready') return null;
  const failed = review.media_state === 'failed';
  const waiting = !failed && !!review.media_error;
  const hint = failed
    ? t('reviews.mediaFailedHint', { reason: review.media_error ?? '' })
    : (review.media_error ?? t('reviews.mediaProcessingHint'));
  const label = failed ? 'reviews.mediaFailed' : waiting ? 'reviews.mediaWaiting' : 'reviews.mediaProcessing';
  return (
    <span className="media-state" data-testid="media-state" data-state={waiting ? 'waiting' : review.media_state}>
      <span className={`chip chip-tint ${failed ? 'chip-media-failed' : 'chip-media-processing'}`} title={hint}>
        {t(label)}
      </span>
      {detailed ? <span className="review-note">{hint}</span> : <span className="visually-hidden">{hint}</span>}
    </span>
  );
}
