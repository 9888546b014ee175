import type { TApiKeyScope } from '../../shared/api-keys.js';
import type { TPermission } from '../../shared/permissions.js';
import type { MerchantRow, UserRow, WorkspaceMembership } from '../accounts/accounts.repository.js';
import { ApiError } from '../common/api-error.js';

/** Metadata key of the permission a route requires. */
export const REQUIRED_PERMISSION = 'requiredPermission';
/** Metadata key of the scope an API key needs for a route; a route without one refuses keys. */
export const KEY_SCOPE = 'apiKeyScope';

/** Who is calling and in which workspace; set on the request by SessionGuard. */
export interface AuthContext {
  user: UserRow;
  /** The workspace selected by X-Workspace-ID (or the user's first); null for a user in no workspace. */
  workspace: WorkspaceMembership | null;
  permissions: TPermission[];
  /** Set when the caller is an API key (issue 28): it acts as its store's owner, within its scopes only. */
  apiKey?: { id: string; scopes: TApiKeyScope[] };
}

export interface WorkspaceContext extends AuthContext {
  workspace: WorkspaceMembership;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function requireWorkspace(auth: AuthContext): WorkspaceContext {
  if (!auth.workspace) throw ApiError.forbidden('You are not a member of any workspace.', 'no_workspace');
  return auth as WorkspaceContext;
}

/** The current workspace's store (merchant); a workspace without one cannot have reviews or a widget. */
export function storeOf(auth: WorkspaceContext): MerchantRow {
  const merchant = auth.workspace.merchant;
  if (!merchant) throw ApiError.forbidden('This workspace has no store yet.', 'no_store');
  return merchant;
}
