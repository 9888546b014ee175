import type { TInvitation, TListOf, TTeamMember } from '../../shared/accounts.js';
import { apiFetch } from './client';

export const TEAM_MEMBERS_QUERY_KEY = ['team', 'members'] as const;
export const INVITATIONS_QUERY_KEY = ['team', 'invitations'] as const;

export async function fetchTeamMembers(): Promise<TTeamMember[]> {
  return (await apiFetch<TListOf<TTeamMember>>('/api/auth/users/')).results;
}

export async function fetchInvitations(): Promise<TInvitation[]> {
  return (await apiFetch<TListOf<TInvitation>>('/api/auth/invitations/')).results;
}

export function inviteMember(email: string): Promise<TInvitation> {
  return apiFetch<TInvitation>('/api/auth/invitations/', { method: 'POST', body: { email } });
}

export function cancelInvitation(id: string): Promise<void> {
  return apiFetch<void>(`/api/auth/invitations/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function removeMember(id: string): Promise<void> {
  return apiFetch<void>(`/api/auth/users/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}
