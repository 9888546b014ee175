import type { TModerationAction } from '../../shared/reviews.js';
import type { ModerationTarget, ReviewChange } from './reviews.repository.js';

/** What one action does to one review (DESIGN §6.1–§6.2), decided from the review alone; plan limits come after. */
export type Decision =
  | {
      kind: 'change';
      change: ReviewChange;
      /** Room the change takes in the plan: active (approved, not deleted) and total (not deleted) reviews. */
      needs: { active: number; total: number };
    }
  /** Already where the action leads. */
  | { kind: 'unchanged'; detail: string }
  /** A move the status machine does not allow. */
  | { kind: 'not_allowed'; detail: string; code: string };

const RESTORE_FIRST = 'Restore the deleted review first.';
const NO_ROOM = { active: 0, total: 0 };

type Rule = (review: ModerationTarget, now: Date) => Decision;

const RULES: Record<TModerationAction, Rule> = {
  approve: (review) => {
    if (review.deletedAt) return { kind: 'not_allowed', detail: RESTORE_FIRST, code: 'invalid_transition' };
    if (review.status === 'approved') return { kind: 'unchanged', detail: 'The review is already approved.' };
    return {
      kind: 'change',
      change: { status: 'approved', event: { from: review.status, to: 'approved' } },
      needs: { active: 1, total: 0 },
    };
  },
  reject: (review) => {
    if (review.deletedAt) return { kind: 'not_allowed', detail: RESTORE_FIRST, code: 'invalid_transition' };
    if (review.status === 'rejected') return { kind: 'unchanged', detail: 'The review is already rejected.' };
    return {
      kind: 'change',
      change: { status: 'rejected', event: { from: review.status, to: 'rejected' } },
      needs: NO_ROOM,
    };
  },
  // A deleted review comes back as it was (within the plan); a rejected one goes back to pending.
  restore: (review) => {
    if (review.deletedAt) {
      return {
        kind: 'change',
        change: { deletedAt: null, event: { from: 'deleted', to: review.status } },
        needs: { active: review.status === 'approved' ? 1 : 0, total: 1 },
      };
    }
    if (review.status === 'approved') {
      return { kind: 'not_allowed', detail: 'Setting to pending is not supported', code: 'pending_not_supported' };
    }
    if (review.status === 'pending') return { kind: 'unchanged', detail: 'The review is already pending.' };
    return {
      kind: 'change',
      change: { status: 'pending', event: { from: 'rejected', to: 'pending' } },
      needs: NO_ROOM,
    };
  },
  // Soft delete (DESIGN §6.2): off the store at once, purged for good after 30 days.
  delete: (review, now) => {
    if (review.deletedAt) return { kind: 'unchanged', detail: 'The review is already deleted.' };
    return {
      kind: 'change',
      change: { deletedAt: now, event: { from: review.status, to: 'deleted' } },
      needs: NO_ROOM,
    };
  },
};

export function decideModeration(action: TModerationAction, review: ModerationTarget, now: Date): Decision {
  return RULES[action](review, now);
}
