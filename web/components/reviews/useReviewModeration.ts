import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TModerationAction, TReview, TReviewStatus } from '../../../shared/reviews.js';
import { ApiError } from '../../api/client';
import {
  approveReview,
  deleteReview,
  invalidateReviewQueries,
  planLimitOf,
  rejectReview,
  restoreReview,
  type TPlanLimit,
} from '../../api/reviews';
import { useToast, type TToastSeverity } from '../toast/ToastProvider';
import { DELETED_RETENTION_DAYS } from '../../../shared/constants.js';

export type { TModerationAction };

export interface TModerationRequest {
  action: TModerationAction;
  review: TReview;
  /** From the change-status dialog: its own success and error messages (SPEC §8 updateStatus). */
  fromStatusDialog?: boolean;
}

const REQUESTS = {
  approve: approveReview,
  reject: rejectReview,
  delete: deleteReview,
} satisfies Record<Exclude<TModerationAction, 'restore'>, (id: string) => Promise<unknown>>;

const SUCCESS = {
  approve: ['reviews.toasts.approved', 'success'],
  reject: ['reviews.toasts.rejected', 'warning'],
  delete: ['reviews.toasts.deleted', 'success'],
} as const satisfies Record<Exclude<TModerationAction, 'restore'>, readonly [string, TToastSeverity]>;

const ERRORS = {
  approve: 'reviews.toasts.approveError',
  reject: 'reviews.toasts.rejectError',
  restore: 'reviews.toasts.restoreError',
  delete: 'reviews.toasts.deleteError',
} as const satisfies Record<TModerationAction, string>;

/** One moderation outcome on screen at a time: the latest. */
const MODERATION_TOAST = { kind: 'reviews.moderation' };

const LIMIT_DEFAULTS = {
  approve: 'reviews.limit.approveDefault',
  restore: 'reviews.limit.restoreDefault',
} as const;

/**
 * Approve, reject, restore and delete with SPEC §8's toasts. A plan-limit refusal goes to `onPlanLimit`
 * (the limit modal) instead of a toast. Every outcome refreshes the list, the counts and the plan usage.
 */
export function useReviewModeration(onPlanLimit: (limit: TPlanLimit) => void) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    /** The status a restored review came back to (DESIGN §6.2: a deleted one keeps the one it had). */
    mutationFn: async ({ action, review }: TModerationRequest): Promise<TReviewStatus | undefined> => {
      if (action === 'restore') return (await restoreReview(review.id)).status;
      await REQUESTS[action](review.id);
      return undefined;
    },
    onSuccess: (restoredTo, { action, fromStatusDialog }) => {
      if (fromStatusDialog) {
        showToast(t('reviews.toasts.statusUpdated'), 'success', MODERATION_TOAST);
        return;
      }
      if (action === 'restore') {
        showToast(t(`reviews.toasts.restored.${restoredTo ?? 'pending'}`), 'success', MODERATION_TOAST);
        return;
      }
      const [key, severity] = SUCCESS[action];
      showToast(t(key, { days: DELETED_RETENTION_DAYS }), severity, MODERATION_TOAST);
    },
    onError: (error, { action, fromStatusDialog }) => {
      const limitDefault = action === 'approve' || action === 'restore' ? LIMIT_DEFAULTS[action] : undefined;
      const limit = limitDefault && planLimitOf(error);
      if (limitDefault && limit) {
        onPlanLimit({ ...limit, detail: limit.detail || t(limitDefault) });
        return;
      }
      if (error instanceof ApiError && error.code === 'pending_not_supported') {
        showToast(t('reviews.toasts.pendingNotSupported'), 'error', MODERATION_TOAST);
        return;
      }
      const fallback = fromStatusDialog ? 'reviews.toasts.updateStatusError' : ERRORS[action];
      // The translated message: the server's detail is English and, for a 500, says nothing useful.
      showToast(t(fallback), 'error', MODERATION_TOAST);
    },
    onSettled: () => invalidateReviewQueries(queryClient),
  });

  return {
    moderate: mutation.mutate,
    isPending: mutation.isPending,
    /** The review whose request is in flight. */
    busyId: mutation.isPending ? mutation.variables.review.id : undefined,
  };
}
