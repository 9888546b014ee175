import type { TModerationAction, TReview, TReviewFilter } from '../../../../shared/reviews.js';

const ORDER: readonly TModerationAction[] = ['approve', 'reject', 'restore', 'delete'];

/** What a review in each state can go through (DESIGN §6.1–§6.2): an approved one back to pending cannot. */
const BY_STATE = {
  pending: ['approve', 'reject', 'delete'],
  approved: ['reject', 'delete'],
  rejected: ['approve', 'restore', 'delete'],
  deleted: ['restore'],
} as const satisfies Record<TReviewFilter, readonly TModerationAction[]>;

export function stateOf(review: TReview): TReviewFilter {
  return review.deleted ? 'deleted' : review.status;
}

export function moderationActionsFor(state: TReviewFilter): readonly TModerationAction[] {
  return BY_STATE[state];
}

/** The actions at least one of these states takes, in a fixed order. */
export function actionsForStates(states: Iterable<TReviewFilter>): TModerationAction[] {
  const offered = new Set<TModerationAction>();
  for (const state of states) for (const action of BY_STATE[state]) offered.add(action);
  return ORDER.filter((action) => offered.has(action));
}

/** The button style of each action, in the bulk bar and the review drawer. */
export const ACTION_VARIANTS = {
  approve: 'primary',
  reject: 'secondary',
  restore: 'secondary',
  delete: 'danger',
} as const satisfies Record<TModerationAction, 'primary' | 'secondary' | 'danger'>;
