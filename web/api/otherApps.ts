import { useQuery } from '@tanstack/react-query';
import type { TOtherApps } from '../../shared/other-apps.js';
import { apiFetch } from './client';

export const OTHER_APPS_QUERY_KEY = ['other-apps'] as const;

/** The sibling apps with their listing addresses (they change only with the server's configuration). */
export function useOtherApps() {
  return useQuery({
    queryKey: OTHER_APPS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<TOtherApps>('/api/other-apps/', { signal }),
    staleTime: Infinity,
  });
}
