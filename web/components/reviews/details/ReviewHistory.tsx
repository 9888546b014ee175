import { useT } from '../../../i18n/useT';
import type { TReview, TReviewStatusChange } from '../../../../shared/reviews.js';
import { useReviewHistory } from '../../../api/reviewDetails';
import { useDateFormat } from '../../../lib/useDateFormat';

type TChangeLabel = 'approved' | 'rejected' | 'deleted' | 'restored' | 'pending';

function labelOf(change: TReviewStatusChange): TChangeLabel {
  if (change.from === 'deleted') return 'restored';
  return change.to === 'deleted' || change.to === 'approved' || change.to === 'rejected' ? change.to : 'pending';
}

/** When the review arrived, then every moderation (the audit rows), oldest first, with who made it. */
export function ReviewHistory({ review }: { review: TReview }) {
  const t = useT();
  const formatDate = useDateFormat(true);
  const history = useReviewHistory(review.id);

  return (
    <section className="review-history" aria-labelledby="review-history-title" aria-busy={history.isPending}>
      <h3 id="review-history-title" className="review-drawer-subtitle">
        {t('moderation.details.history.title')}
      </h3>
      <ol className="review-history-list" data-testid="review-history">
        <li className="review-history-item" data-change="received">
          <span className="review-history-label">{t('moderation.details.history.received')}</span>
          <time className="review-note" dateTime={review.created_at}>
            {formatDate(review.created_at)}
          </time>
        </li>
        {history.data?.results.map((change) => (
          <li key={change.id} className="review-history-item" data-change={labelOf(change)}>
            <span className="review-history-label">{t(`moderation.details.history.${labelOf(change)}`)}</span>
            <span className="review-note">
              <time dateTime={change.at}>{formatDate(change.at)}</time>
              {change.actor && ` · ${t('moderation.details.history.by', { name: change.actor.name })}`}
              {change.automatic && ` · ${t('moderation.details.history.automatic')}`}
            </span>
          </li>
        ))}
      </ol>
      {history.isPending && <p className="review-note">{t('moderation.details.history.loading')}</p>}
      {history.isError && (
        <p className="review-note">
          {t('moderation.details.history.error')}{' '}
          <button type="button" className="text-button" onClick={() => void history.refetch()}>
            {t('moderation.details.history.retry')}
          </button>
        </p>
      )}
    </section>
  );
}
