import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../i18n/useT';
import { DELETED_RETENTION_DAYS } from '../../../../shared/constants.js';
import type { TReviewBulk, TReviewBulkResult } from '../../../../shared/reviews.js';
import { bulkModerate } from '../../../api/reviewBulk';
import { invalidateReviewQueries, type TPlanLimit } from '../../../api/reviews';
import { useToast, type TToastSeverity } from '../../toast/ToastProvider';

const OUTCOMES = ['unchanged', 'not_allowed', 'skipped_limit', 'not_found'] as const;

function severityOf(result: TReviewBulkResult): TToastSeverity {
  if (!result.changed || result.not_allowed + result.skipped_limit + result.not_found > 0) return 'warning';
  // SPEC §8: a rejection's toast is a warning.
  return result.action === 'reject' ? 'warning' : 'success';
}

/**
 * One bulk call, then one toast with the counts; the reviews the plan had no room for go to `onPlanLimit` (the limit
 * modal). Every outcome refreshes the list, the counts and the plan usage.
 */
export function useBulkModeration({
  onDone,
  onPlanLimit,
}: {
  onDone: () => void;
  onPlanLimit: (limit: TPlanLimit) => void;
}) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: (body: TReviewBulk) => bulkModerate(body),
    onSuccess: (result) => {
      const parts = [
        t(`moderation.bulk.done.${result.action}`, { count: result.changed, days: DELETED_RETENTION_DAYS }),
        ...OUTCOMES.filter((outcome) => result[outcome] > 0).map((outcome) =>
          t(`moderation.bulk.outcomes.${outcome}`, { count: result[outcome] }),
        ),
      ];
      showToast(parts.join(' '), severityOf(result));
      if (result.limit && result.skipped_limit > 0) {
        const { limit_info: limitInfo } = result.limit;
        const reason =
          result.action === 'restore' && limitInfo.total_reviews.reached_limit
            ? t('reviews.limit.restoreDefault')
            : t('reviews.limit.approveDefault');
        onPlanLimit({
          detail: t('moderation.bulk.limitDetail', { count: result.skipped_limit, detail: reason }),
          limitInfo,
        });
      }
      onDone();
    },
    onError: () => showToast(t('moderation.bulk.error'), 'error'),
    onSettled: () => invalidateReviewQueries(queryClient),
  });

  return {
    run: mutation.mutate,
    /** The action in flight, if any. */
    pendingAction: mutation.isPending ? mutation.variables.action : undefined,
  };
}
