import type { TRole } from './accounts.js';

// DESIGN §6.5: roles map to permissions, sent as `app.codename` strings. The server enforces them;
// the dashboard keeps only the codenames (SPEC §3) to hide what a user may not do.

export const PERMISSIONS = {
  view_dashboard: 'analytics.view_dashboard',
  moderate_reviews: 'reviews.moderate_reviews',
  edit_widget: 'widgets.edit_widget',
  manage_team: 'accounts.manage_team',
  manage_billing: 'billing.manage_billing',
  manage_integrations: 'integrations.manage_integrations',
  manage_store: 'stores.manage_store',
} as const;

export type TPermission = keyof typeof PERMISSIONS;

const MEMBER: TPermission[] = ['view_dashboard', 'moderate_reviews', 'edit_widget'];
const OWNER: TPermission[] = [...MEMBER, 'manage_team', 'manage_billing', 'manage_integrations', 'manage_store'];

export const ROLE_PERMISSIONS: Record<TRole, readonly TPermission[]> = { owner: OWNER, member: MEMBER };

export function permissionsOf(role: TRole | null): TPermission[] {
  return role ? [...ROLE_PERMISSIONS[role]] : [];
}

/** `accounts.manage_team` → `manage_team`, as SPEC §3 stores them. */
export function codenameOf(permission: string): string {
  return permission.slice(permission.indexOf('.') + 1);
}
