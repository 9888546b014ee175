import type { TRole, TUser } from './accounts.js';
import { codenameOf } from './permissions.js';

/**
 * The signed-in user as the dashboard holds it (SSR page context and local storage key `user`): SPEC §3's
 * User with permissions reduced to their codenames, plus the role in the current workspace.
 */
export interface TSessionUser extends Omit<TUser, 'permissions'> {
  /** The codenames alone (`manage_team`). */
  permissions: string[];
  role: TRole | null;
}

/** Local storage keys of SPEC §3 "Session data". */
export const USER_STORAGE_KEY = 'user';
export const WORKSPACE_STORAGE_KEY = 'currentWorkspaceId';

export function toSessionUser(user: TUser): TSessionUser {
  const { access: _access, refresh: _refresh, ...rest } = user as TUser & { access?: string; refresh?: string };
  return { ...rest, permissions: user.permissions.map(codenameOf), role: user.groups[0] ?? null };
}

export function can(user: Pick<TSessionUser, 'permissions'> | null | undefined, codename: string): boolean {
  return !!user?.permissions.includes(codename);
}
