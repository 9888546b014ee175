import type { TRequestAction } from '../../api/reviewRequests';
import type { TReviewRequest } from '../../../shared/review-requests.js';

/**
 * What a request offers: one still waiting can go now or be cancelled; a sent one can be sent again (and its
 * reminders cancelled while one is due); a failed one sent again. Reviewed, skipped, unsubscribed and cancelled
 * ones are done.
 */
export function actionsFor(request: TReviewRequest): TRequestAction[] {
  const pending = request.scheduled_for !== null;
  const byStatus = {
    scheduled: ['send-now', 'cancel'],
    sent: pending ? ['resend', 'cancel'] : ['resend'],
    opened: pending ? ['resend', 'cancel'] : ['resend'],
    failed: ['resend'],
    reviewed: [],
    skipped: [],
    unsubscribed: [],
    cancelled: [],
  } as const satisfies Record<TReviewRequest['status'], readonly TRequestAction[]>;
  return [...byStatus[request.status]];
}
