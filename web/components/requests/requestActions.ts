import type { TRequestAction } from '../../api/reviewRequests';
import type { TReviewRequest } from '../../../shared/review-requests.js';

/**
 * What a request offers (the API's rules): while a mail is due (the first or a reminder) it can go now or the request
 * be cancelled; a sent one can be sent again with the same link. Failed, reviewed, skipped, unsubscribed and
 * cancelled ones are done.
 */
export function actionsFor(request: TReviewRequest): TRequestAction[] {
  const due: TRequestAction[] = request.scheduled_for === null ? [] : ['send-now', 'cancel'];
  const byStatus = {
    scheduled: due,
    sent: ['resend', ...due],
    opened: ['resend', ...due],
    failed: [],
    reviewed: [],
    skipped: [],
    unsubscribed: [],
    cancelled: [],
  } as const satisfies Record<TReviewRequest['status'], readonly TRequestAction[]>;
  return [...byStatus[request.status]];
}
