import type { TMerchant, TMerchantDetails, TTeamMember, TUser, TWorkspace } from '../../shared/accounts.js';
import { PERMISSIONS, permissionsOf } from '../../shared/permissions.js';
import type { MerchantRow, UserRow, WorkspaceMembership } from './accounts.repository.js';

export type PhotoUrl = (key: string) => string;

export function mapMerchant(merchant: MerchantRow): TMerchant {
  return {
    id: merchant.id,
    platform: merchant.platform,
    store_name: merchant.storeName,
    store_id: merchant.storeId,
    main_language: merchant.mainLanguage,
    shopify_setup_complete: merchant.shopifySetupComplete,
    metadata: { ...merchant.metadata, shopify_setup_complete: merchant.shopifySetupComplete },
    access_token: null,
    has_access_token: merchant.accessTokenEncrypted !== null,
    connected: isConnected(merchant),
    store_domain: merchant.storeDomain,
    currency: merchant.currency,
  };
}

/** The platform's app is installed and its token held. */
export function isConnected(merchant: Pick<MerchantRow, 'accessTokenEncrypted' | 'disconnectedAt'>): boolean {
  return merchant.accessTokenEncrypted !== null && merchant.disconnectedAt === null;
}

export function mapMerchantDetails(merchant: MerchantRow): TMerchantDetails {
  return {
    id: merchant.id,
    platform: merchant.platform,
    store_name: merchant.storeName,
    store_id: merchant.storeId,
    store_domain: merchant.storeDomain,
  };
}

/** SPEC §3 User, as seen in one workspace (its role, permissions and merchant). */
export function mapUser(user: UserRow, workspace: WorkspaceMembership | null, photoUrl: PhotoUrl): TUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    profile_photo: user.profilePhotoKey ? photoUrl(user.profilePhotoKey) : null,
    groups: workspace ? [workspace.role] : [],
    date_joined: user.dateJoined.toISOString(),
    permissions: permissionsOf(workspace?.role ?? null).map((codename) => PERMISSIONS[codename]),
    merchant: workspace?.merchant ? mapMerchant(workspace.merchant) : null,
    workspace_id: workspace?.workspaceId ?? null,
    upgrade_prompt_hidden_until: user.upgradePromptHiddenUntil?.toISOString() ?? null,
  };
}

export function mapWorkspace(workspace: WorkspaceMembership): TWorkspace {
  const { merchant } = workspace;
  return {
    id: workspace.workspaceId,
    // The workspace row keeps its owner's name from sign-up: a named store names it.
    name: merchant?.storeName || workspace.workspaceName,
    role: workspace.role,
    merchant: merchant
      ? { id: merchant.id, platform: merchant.platform, store_name: merchant.storeName, store_id: merchant.storeId }
      : null,
  };
}

export function mapMember(
  member: { user: UserRow; role: TTeamMember['role']; joinedAt: Date },
  photoUrl: PhotoUrl,
): TTeamMember {
  const { user } = member;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    profile_photo: user.profilePhotoKey ? photoUrl(user.profilePhotoKey) : null,
    role: member.role,
    status: 'active',
    date_joined: member.joinedAt.toISOString(),
  };
}
