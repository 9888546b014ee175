import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { purgeDateOf } from './reviewDisplay';

/** The review's status; a deleted review shows that instead, with the day it goes for good. */
export function ReviewStatusChip({ review }: { review: TReview }) {
  const t = useT();
  const formatDate = useDateFormat();
  const purgeDate = purgeDateOf(review);

  if (review.deleted) {
    return (
      <span className="review-status">
        <span className="chip chip-status" data-status="deleted">
          {t('reviews.status.deleted')}
        </span>
        {purgeDate && <span className="review-note">{t('reviews.purgeDate', { date: formatDate(purgeDate) })}</span>}
      </span>
    );
  }
  return (
    <span className="chip chip-tint chip-status" data-status={review.status}>
      {t(`reviews.status.${review.status}`)}
    </span>
  );
}
