import { createContext, use } from 'react';
import type { TReviewSelection } from './useReviewSelection';

/** The page's row selection; null where rows cannot be selected (the table then has no checkbox column). */
export const ReviewSelectionContext = createContext<TReviewSelection | null>(null);

export function useSelectionContext(): TReviewSelection | null {
  return use(ReviewSelectionContext);
}
