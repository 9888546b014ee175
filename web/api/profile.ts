import { useQuery, type QueryClient } from '@tanstack/react-query';
import { usePageContext } from 'vike-react/usePageContext';
import type {
  TChangePasswordBody,
  TEmailChangeState,
  TMerchant,
  TProfileUpdate,
  TStoreUpdate,
  TUser,
} from '../../shared/accounts.js';
import { toSessionUser, type TSessionUser } from '../../shared/session.js';
import { storeUser } from '../session/session';
import { apiFetch } from './client';

const ME_PATH = '/api/auth/users/me/';
export const PROFILE_QUERY_KEY = ['auth', 'me'] as const;

async function fetchProfile(): Promise<TSessionUser> {
  return toSessionUser(await apiFetch<TUser>(ME_PATH));
}

/**
 * The signed-in user, seeded with the one the server rendered so SSR and hydration agree. The sidebar and
 * the account page share it, so a saved name or photo shows everywhere at once.
 */
export function useProfile({ refresh = false }: { refresh?: boolean } = {}) {
  const { user } = usePageContext();
  return useQuery<TSessionUser | null>({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: fetchProfile,
    initialData: user,
    enabled: user !== null,
    refetchOnMount: refresh ? 'always' : undefined,
  });
}

/** Keeps the cache and local storage (SPEC §3 `user`) in step with what the server answered. */
export function setProfile(queryClient: QueryClient, user: TUser | TSessionUser): TSessionUser {
  const session = storeUser(user);
  queryClient.setQueryData(PROFILE_QUERY_KEY, session);
  return session;
}

/** A store update (e.g. its language) answered with the merchant: the cached user carries it. */
export function setProfileMerchant(queryClient: QueryClient, merchant: TMerchant): void {
  const user = queryClient.getQueryData<TSessionUser | null>(PROFILE_QUERY_KEY);
  if (user) setProfile(queryClient, { ...user, merchant });
}

export function updateProfile(body: TProfileUpdate): Promise<TUser> {
  return apiFetch<TUser>(ME_PATH, { method: 'PATCH', body });
}

const EMAIL_CHANGE_PATH = '/api/auth/users/email-change/';
export const EMAIL_CHANGE_QUERY_KEY = ['auth', 'email-change'] as const;

/** The sign-in email change waiting for its mailed link, if any (read in the browser only). */
export function useEmailChange() {
  return useQuery({
    queryKey: EMAIL_CHANGE_QUERY_KEY,
    queryFn: () => apiFetch<TEmailChangeState>(EMAIL_CHANGE_PATH),
  });
}

export function resendEmailChange(): Promise<TEmailChangeState> {
  return apiFetch<TEmailChangeState>(`${EMAIL_CHANGE_PATH}resend/`, { method: 'POST' });
}

export function cancelEmailChange(): Promise<void> {
  return apiFetch<void>(EMAIL_CHANGE_PATH, { method: 'DELETE' });
}

export function changePassword(body: TChangePasswordBody): Promise<{ detail: string }> {
  return apiFetch<{ detail: string }>('/api/auth/users/change-password/', { method: 'POST', body });
}

export function updateStore(merchantId: string, body: TStoreUpdate): Promise<TMerchant> {
  return apiFetch<TMerchant>(`/api/stores/${encodeURIComponent(merchantId)}/`, { method: 'PATCH', body });
}

export function updateStoreLanguage(merchantId: string, mainLanguage: TMerchant['main_language']): Promise<TMerchant> {
  return updateStore(merchantId, { main_language: mainLanguage });
}
