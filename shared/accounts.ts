import { z } from 'zod';
import { LANGUAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH } from './constants.js';

// The API contract of accounts, sessions, team and workspaces (SPEC §3, §5, §7). The server validates
// request bodies with these schemas and the dashboard forms reuse them.

export const PLATFORMS = ['shopify', 'bigcommerce', 'tiendanube'] as const;
export type TPlatform = (typeof PLATFORMS)[number];
export const ROLES = ['owner', 'member'] as const;
export type TRole = (typeof ROLES)[number];

const required = 'This field is required.';

export const ZEmail = z
  .string({ error: required })
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(254, 'Enter a valid email address.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const ZNewPassword = z
  .string({ error: required })
  .min(1, required)
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

const ZName = z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH);
const ZPhone = z.string().trim().max(PHONE_MAX_LENGTH).optional();

/** POST /api/auth/token-obtain/ — `username` may hold the email (SPEC §7). */
export const ZLoginBody = z
  .object({
    email: z.string().optional(),
    username: z.string().optional(),
    password: z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH),
    /** An invitation an existing account accepts by signing in. */
    token: z.string().trim().max(200).optional(),
  })
  .transform(({ email, username, password, token }) => ({
    email: (email || username || '').trim().toLowerCase(),
    password,
    token: token || undefined,
  }))
  .refine(({ email }) => email.length > 0, { path: ['email'], message: required });
export type TLoginBody = z.input<typeof ZLoginBody>;

/** POST /api/auth/register/ — email is required unless `token` (an invitation) is given. */
export const ZRegisterBody = z
  .object({
    email: z.string().optional(),
    password: ZNewPassword,
    first_name: ZName,
    last_name: ZName,
    phone: ZPhone,
    token: z.string().trim().max(200).optional(),
    platform: z.enum(PLATFORMS).optional(),
    /**
     * Install mode: the store a platform install created (GET /api/merchants/{id}/), which this sign-up becomes the
     * owner of. Only the browser that made the install (its claim cookie) may claim it.
     */
    merchant_id: z.uuid({ error: 'Not a store id.' }).optional(),
  })
  // `when`: check the email even when other fields already failed, so the form shows every error at once.
  .superRefine(
    (body, ctx) => {
      if (body.token) return;
      const email = ZEmail.safeParse(body.email ?? '');
      if (!email.success) ctx.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0].message });
    },
    { when: () => true },
  )
  .transform((body) => ({ ...body, email: body.email?.trim().toLowerCase() }));
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export const ZResetPasswordBody = z.object({
  code: z.string({ error: required }).trim().min(1, required).max(200),
  password: ZNewPassword,
});
export const ZChangePasswordBody = z
  .object({
    current_password: z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH),
    new_password: ZNewPassword,
    confirm_password: z.string().optional(),
  })
  .refine((body) => body.confirm_password === undefined || body.confirm_password === body.new_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match.',
  });
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

/** PATCH /api/auth/users/me/ — every field optional. */
export const ZProfileUpdate = z
  .object({
    email: ZEmail.optional(),
    first_name: ZName.optional(),
    last_name: ZName.optional(),
    phone: ZPhone,
  })
  .strict();
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZInviteBody = z.object({ email: ZEmail });
export const ZRefreshBody = z.object({ refresh: z.string().max(200).optional() }).optional();
export const ZStoreUpdate = z.object({ main_language: z.enum(LANGUAGES, { error: 'Choose en, es or pt.' }) }).strict();

// ---- Answers ----

export interface TMerchant {
  id: string;
  platform: TPlatform;
  store_name: string;
  store_id: string;
  main_language: (typeof LANGUAGES)[number];
  shopify_setup_complete: boolean;
  metadata: { shopify_setup_complete: boolean } & Record<string, unknown>;
  /** Whether a platform access token is stored; the token itself never leaves the server. */
  access_token: null;
  has_access_token: boolean;
  /** The store's platform app is installed and its token held (false once uninstalled). */
  connected: boolean;
  /** The storefront's domain, as the platform reports it. */
  store_domain: string | null;
}

/** GET /api/merchants/{id}/ — what install-mode sign-up shows of the store it is about to claim. */
export interface TMerchantDetails {
  id: string;
  platform: TPlatform;
  store_name: string;
  store_id: string;
  store_domain: string | null;
}

/** SPEC §3 User. `permissions` are `app.codename` strings here; the dashboard keeps only the codenames. */
export interface TUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  profile_photo: string | null;
  /** The first group is the role in the current workspace. */
  groups: TRole[];
  date_joined: string;
  permissions: string[];
  merchant: TMerchant | null;
  workspace_id: string | null;
}

export interface TAuthResponse extends TUser {
  access: string;
  refresh: string;
}

export interface TWorkspace {
  id: string;
  name: string;
  role: TRole;
  merchant: Pick<TMerchant, 'id' | 'platform' | 'store_name' | 'store_id'> | null;
}

export interface TTeamMember {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  name: string;
  profile_photo: string | null;
  role: TRole;
  status: 'active';
  date_joined: string;
}

export interface TInvitation {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
  status: 'pending';
}

/** GET /api/auth/invitations/verify/{token}/ */
export interface TInvitationCheck {
  email: string;
  workspace_name: string;
  store_name: string;
  /** The invited email already has an account: it accepts by signing in (token-obtain with `token`). */
  user_exists: boolean;
}

export interface TListOf<T> {
  results: T[];
}
