import type { TPage } from '../../shared/reviews.js';

/** A dashboard list's query: its page, its size, and the filters a page link keeps. */
export type ListQuery = { page: number; page_size: number } & Record<string, string | number | boolean | undefined>;

/**
 * One page of a dashboard list, linking the pages beside it with the same filters. The previous page is clamped to
 * the last one that has rows (a list that shrank under a client still leads back to something).
 */
export function listPage<T>(path: string, query: ListQuery, count: number, results: T[]): TPage<T> {
  const { page, page_size, ...filters } = query;
  const link = (to: number) => {
    const params = new URLSearchParams({ page: String(to), page_size: String(page_size) });
    for (const [name, value] of Object.entries(filters)) {
      if (value !== undefined && value !== '') params.set(name, String(value));
    }
    return `${path}?${params}`;
  };
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, Math.ceil(count / page_size) || 1)) : null,
    results,
  };
}
