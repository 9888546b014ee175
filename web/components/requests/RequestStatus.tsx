import { useT } from '../../i18n/useT';
import type { TReviewRequest } from '../../../shared/review-requests.js';
import { useDateFormat } from '../../lib/useDateFormat';

const DATES = [
  ['scheduled_for', 'scheduledFor'],
  ['sent_at', 'sentAt'],
  ['opened_at', 'openedAt'],
  ['reviewed_at', 'reviewedAt'],
] as const;

/** The request's status (a skipped one with its reason) and, under it, when it was or will be sent, opened, reviewed. */
export function RequestStatus({ request }: { request: TReviewRequest }) {
  const t = useT();
  const formatDate = useDateFormat(true);
  const label = t(`requests.status.${request.status}`);
  return (
    <span className="review-status">
      <span className="chip chip-tint chip-status" data-testid="request-status" data-status={request.status}>
        {request.skip_reason ? `${label}: ${t(`requests.skip.${request.skip_reason}`)}` : label}
      </span>
      {DATES.map(([field, key]) => {
        const value = request[field];
        return value ? (
          <span key={field} className="review-note" data-date={field}>
            {t(`requests.table.${key}`, { date: formatDate(value) })}
          </span>
        ) : null;
      })}
      {request.status === 'failed' && request.last_error && <span className="review-note">{request.last_error}</span>}
    </span>
  );
}
