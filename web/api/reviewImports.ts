import { useQuery } from '@tanstack/react-query';
import type { TReviewImport, TReviewImportPreview } from '../../shared/review-imports.js';
import { apiFetch } from './client';

// Types only from shared/review-imports.ts: its values would bring zod into the page's first JavaScript.

const BASE = '/api/review-imports/';
export const REVIEW_IMPORTS_QUERY_KEY = ['review-imports'] as const;
/** How often a running import's progress is asked for. */
const PROGRESS_EVERY_MS = 2_000;

export function useReviewImports() {
  return useQuery({
    queryKey: REVIEW_IMPORTS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<{ results: TReviewImport[] }>(BASE, { signal }),
  });
}

/** One import, asked for again every 2 s while it runs. */
export function useReviewImport(id: string | null) {
  return useQuery({
    queryKey: [...REVIEW_IMPORTS_QUERY_KEY, id],
    queryFn: ({ signal }) => apiFetch<TReviewImport>(`${BASE}${id}/`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PROGRESS_EVERY_MS : false),
  });
}

export function uploadReviewImport(file: File): Promise<TReviewImportPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<TReviewImportPreview>(BASE, { method: 'POST', body });
}

export function startReviewImport(id: string): Promise<TReviewImport> {
  return apiFetch<TReviewImport>(`${BASE}${id}/start/`, { method: 'POST' });
}

export function cancelReviewImport(id: string): Promise<TReviewImport> {
  return apiFetch<TReviewImport>(`${BASE}${id}/cancel/`, { method: 'POST' });
}
