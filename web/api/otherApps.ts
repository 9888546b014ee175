import { useQuery } from '@tanstack/react-query';
import type { TOtherApps } from '../../shared/other-apps.js';
import { apiFetch } from './client';

/** The sibling apps with their listing addresses (they change only with the server's configuration). */
export function useOtherApps() {
  return useQuery({
    queryKey: ['other-apps'] as const,
    queryFn: ({ signal }) => apiFetch<TOtherApps>('/api/other-apps/', { signal }),
    staleTime: Infinity,
  });
}
