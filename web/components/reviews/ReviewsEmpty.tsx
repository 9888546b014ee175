import { useT } from '../../i18n/useT';
import { DELETED_RETENTION_DAYS } from '../../../shared/constants.js';
import type { TStatusOption } from './StatusFilter';

/** No rows: a first-run message, or what the search or filter found nothing for, with a way back. */
export function ReviewsEmpty({
  search,
  status,
  flagged = false,
  onClear,
}: {
  search: string;
  status: TStatusOption;
  flagged?: boolean;
  onClear: () => void;
}) {
  const t = useT();
  const filtered = search !== '' || status !== 'all' || flagged;
  let message = t('reviews.empty.all');
  if (search) message = t('reviews.empty.search', { search });
  else if (flagged) message = t('reviews.empty.flagged');
  else if (status !== 'all') message = t(`reviews.empty.${status}`, { days: DELETED_RETENTION_DAYS });

  return (
    <div className="reviews-empty" data-testid="reviews-empty" data-filtered={filtered}>
      <p>{message}</p>
      {filtered && (
        <button type="button" className="button button-secondary button-small" onClick={onClear}>
          {t('reviews.empty.clear')}
        </button>
      )}
    </div>
  );
}

export function ReviewsLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="reviews-empty" data-testid="reviews-load-error">
      <p>{t('reviews.toasts.loadError')}</p>
      <button type="button" className="button button-secondary button-small" onClick={onRetry}>
        {t('reviews.retry')}
      </button>
    </div>
  );
}
