import { useRef, useState } from 'react';
import type { TReview, TReviewBulk, TReviewFilter, TReviewListFilter } from '../../../../shared/reviews.js';
import { actionsForStates, stateOf } from './moderationActions';

interface SelectionState {
  /** The list filter the selection belongs to: another filter starts afresh. */
  scope: string;
  /** Every review matching the filter, or the picked ones. */
  matching: boolean;
  picked: ReadonlyMap<string, TReview>;
}

export type TPageSelection = 'none' | 'some' | 'all';

export interface ReviewSelectionOptions {
  filter: TReviewListFilter;
  /** The rows on screen. */
  pageReviews: readonly TReview[];
  /** How many reviews match the filter. */
  total: number;
}

const NOTHING: ReadonlyMap<string, TReview> = new Map();

/**
 * Rows picked one by one (kept across pages of the same filter), or every review matching the filter. The bulk call
 * names the picked ids, or sends the filter itself so reviews on other pages count without being loaded.
 */
export function useReviewSelection({ filter, pageReviews, total }: ReviewSelectionOptions) {
  const scope = `${filter.status ?? ''}\n${filter.search ?? ''}\n${String(filter.flagged ?? '')}`;
  const [state, setState] = useState<SelectionState>({ scope, matching: false, picked: NOTHING });
  const current = state.scope === scope ? state : { scope, matching: false, picked: NOTHING };
  /** The header checkbox, where focus goes when the selection it was in disappears. */
  const pageCheckboxRef = useRef<HTMLInputElement>(null);

  const pick = (picked: ReadonlyMap<string, TReview>) => setState({ scope, matching: false, picked });
  const onPage = pageReviews.filter((review) => current.picked.has(review.id)).length;
  const page: TPageSelection = current.matching
    ? 'all'
    : onPage === 0
      ? 'none'
      : onPage === pageReviews.length
        ? 'all'
        : 'some';
  // The picked reviews as the list shows them now (their status may have changed since).
  const fresh = new Map(pageReviews.map((review) => [review.id, review]));
  const states: TReviewFilter[] = current.matching
    ? filter.status
      ? [filter.status]
      : ['pending', 'approved', 'rejected']
    : [...current.picked.values()].map((review) => stateOf(fresh.get(review.id) ?? review));

  return {
    pageCheckboxRef,
    count: current.matching ? total : current.picked.size,
    total,
    isMatching: current.matching,
    page,
    /** The whole page is picked and more reviews match: offer them all. */
    canSelectMatching: !current.matching && page === 'all' && total > current.picked.size,
    actions: actionsForStates(states),
    isSelected: (id: string) => current.matching || current.picked.has(id),
    toggle(review: TReview, selected: boolean) {
      // Leaving "every review matching" by unticking one: the rest of this page stays picked.
      const base = current.matching ? new Map(pageReviews.map((row) => [row.id, row])) : new Map(current.picked);
      if (selected) base.set(review.id, review);
      else base.delete(review.id);
      pick(base);
    },
    togglePage(selected: boolean) {
      if (!selected && current.matching) {
        pick(NOTHING);
        return;
      }
      const next = new Map(current.picked);
      for (const review of pageReviews) {
        if (selected) next.set(review.id, review);
        else next.delete(review.id);
      }
      pick(next);
    },
    selectMatching: () => setState({ scope, matching: true, picked: current.picked }),
    deselect(id: string) {
      if (current.matching || !current.picked.has(id)) return;
      const next = new Map(current.picked);
      next.delete(id);
      pick(next);
    },
    clear: () => pick(NOTHING),
    /** What a bulk call acts on. */
    target: (): Pick<TReviewBulk, 'ids' | 'filter'> =>
      current.matching ? { filter } : { ids: [...current.picked.keys()] },
  };
}

export type TReviewSelection = ReturnType<typeof useReviewSelection>;
