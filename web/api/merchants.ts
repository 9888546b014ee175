import { useQuery } from '@tanstack/react-query';
import type { TMerchantDetails } from '../../shared/accounts.js';
import { ApiError, apiFetch } from './client';

export const merchantDetailsQueryKey = (id: string) => ['merchants', 'details', id] as const;

export function fetchMerchantDetails(id: string, signal?: AbortSignal): Promise<TMerchantDetails> {
  return apiFetch<TMerchantDetails>(`/api/merchants/${encodeURIComponent(id)}/`, { signal });
}

/**
 * The store an install created, which install-mode sign-up is about to claim; idle without an id. The server
 * answers only the browser that made the install, so a 4xx is final; anything else is tried once more.
 */
export function useMerchantDetails(id: string | undefined) {
  return useQuery({
    queryKey: merchantDetailsQueryKey(id ?? ''),
    queryFn: ({ signal }) => fetchMerchantDetails(id ?? '', signal),
    enabled: !!id,
    staleTime: Infinity,
    retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status < 500),
  });
}
