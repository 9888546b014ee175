import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';

/** GET /api/auth/invitations/verify/{token}/ */
export interface TInvitationCheck {
  email: string;
  workspace_name: string | null;
  store_name: string | null;
}

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
