import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants.js';
import { useDebouncedValue } from './useDebouncedValue';

/** A search box's text and the term to query with: typing waits for a pause, clearing applies at once. */
export function useSearchInput(): { searchInput: string; setSearchInput: (value: string) => void; search: string } {
  const [searchInput, setSearchInput] = useState('');
  const debounced = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  return { searchInput, setSearchInput, search: searchInput.trim() === '' ? '' : debounced };
}

/**
 * The page of a filtered list: a new filter (search, status…) starts again at page 1, reset while rendering
 * rather than in an effect so no request goes out for the stale page.
 */
export function usePageFor(filterKey: string): { page: number; goToPage: (page: number) => void } {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  return {
    page: paging.filterKey === filterKey ? paging.page : 1,
    goToPage: (page) => setPaging({ filterKey, page }),
  };
}
