import { useQuery } from '@tanstack/react-query';
import type { TInvitationCheck } from '../../../shared/accounts.js';
import { apiFetch } from '../../api/client';

/** Checks an invitation token in the browser; idle (never fetched) without a token. */
export function useInvitation(token: string | undefined) {
  return useQuery({
    queryKey: ['invitation-check', token],
    queryFn: ({ signal }) =>
      apiFetch<TInvitationCheck>(`/api/auth/invitations/verify/${encodeURIComponent(token ?? '')}/`, { signal }),
    enabled: !!token,
    staleTime: Infinity,
  });
}
