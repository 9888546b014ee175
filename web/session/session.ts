import type { TUser } from '../../shared/accounts.js';
import { COOKIES } from '../../shared/constants.js';
import { USER_STORAGE_KEY, WORKSPACE_STORAGE_KEY, toSessionUser, type TSessionUser } from '../../shared/session.js';
import { clearCookie, setPreferenceCookie } from '../lib/cookies';

// SPEC §3 "Session data" on the browser side. The tokens themselves are HttpOnly cookies the server sets
// and clears; what JavaScript keeps is the user record and the selected workspace.

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Unavailable in some privacy modes: the session still works from the cookies.
    return null;
  }
}

export function storeUser(user: TUser | TSessionUser): TSessionUser {
  const session = 'role' in user ? user : toSessionUser(user);
  storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(session));
  return session;
}

export function readWorkspaceId(): string | null {
  return storage()?.getItem(WORKSPACE_STORAGE_KEY) ?? null;
}

export function storeWorkspaceId(id: string): void {
  storage()?.setItem(WORKSPACE_STORAGE_KEY, id);
  setPreferenceCookie(COOKIES.workspace, id);
}

export function forgetWorkspace(): void {
  storage()?.removeItem(WORKSPACE_STORAGE_KEY);
  clearCookie(COOKIES.workspace);
}

/** Forgets the user, permissions and workspace selection (logout, failed refresh). */
export function clearSession(): void {
  storage()?.removeItem(USER_STORAGE_KEY);
  forgetWorkspace();
}

/** Asks the server to revoke the refresh token and clear the cookies, then forgets everything locally. */
export async function logout(): Promise<void> {
  try {
    await fetch('/api/auth/logout/', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // Offline or server down: still forget locally; the cookies expire on their own.
  }
  clearSession();
}
