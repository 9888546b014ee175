import { z } from 'zod';
import {
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
} from './constants.js';

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
const ZStoreName = z
  .string({ error: 'Enter the store name as text.' })
  .trim()
  .max(STORE_NAME_MAX_LENGTH, `Store name must be at most ${STORE_NAME_MAX_LENGTH} characters.`);

/** A solved sign-in check: the server's challenge and the nonce the client found for it (see TLoginChallenge). */
export const ZLoginProof = z.object({
  challenge: z.string({ error: required }).max(1000),
  nonce: z.string({ error: required }).max(64),
});
export type TLoginProof = z.input<typeof ZLoginProof>;

/** POST /api/auth/token-obtain/ — `username` may hold the email (SPEC §7). */
export const ZLoginBody = z
  .object({
    email: z.string().optional(),
    username: z.string().optional(),
    password: z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH),
    /** An invitation an existing account accepts by signing in. */
    token: z.string().trim().max(200).optional(),
    /** Required once an account has seen too many sign-in attempts: the answer to the last `proof_required`. */
    proof: ZLoginProof.optional(),
  })
  .transform(({ email, username, password, token, proof }) => ({
    email: (email || username || '').trim().toLowerCase(),
    password,
    token: token || undefined,
    proof,
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
    /** Regular sign-up only (optional): invitations join a store, installs bring the platform's name. */
    store_name: ZStoreName.optional(),
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

/** POST /api/auth/register/confirm/ and POST /api/auth/users/confirm-email/: the token a mailed link carries. */
export const ZTokenBody = z.object({ token: z.string({ error: required }).trim().min(1, required).max(200) });

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

/**
 * PATCH /api/auth/users/me/ — every field optional. A new `email` needs `current_password` and only takes effect
 * once the link mailed to it is confirmed.
 */
export const ZProfileUpdate = z
  .object({
    email: ZEmail.optional(),
    first_name: ZName.optional(),
    last_name: ZName.optional(),
    phone: ZPhone,
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    /** true hides the upgrade card from this user for UPGRADE_PROMPT_HIDE_DAYS (a reached limit still shows it). */
    hide_upgrade_prompt: z.boolean({ error: 'Send true or false.' }).optional(),
  })
  .strict();
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZInviteBody = z.object({ email: ZEmail });
export const ZRefreshBody = z.object({ refresh: z.string().max(200).optional() }).optional();
/** PATCH /api/stores/{id}/ — the store's language (SPEC §7, the sidebar) and/or its name (store settings). */
export const ZStoreUpdate = z
  .object({
    main_language: z.enum(LANGUAGES, { error: 'Choose en, es or pt.' }).optional(),
    store_name: ZStoreName.pipe(z.string().min(1, required)).optional(),
  })
  .strict()
  .refine((body) => body.main_language !== undefined || body.store_name !== undefined, {
    message: 'Send main_language or store_name.',
  });
export type TStoreUpdate = z.input<typeof ZStoreUpdate>;

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
  /** The store's currency (ISO 4217) as its platform reports it; null until one did. */
  currency: string | null;
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
  /** Until when this user has hidden the upgrade card (ISO time), or null. */
  upgrade_prompt_hidden_until: string | null;
}

export interface TAuthResponse extends TUser {
  access: string;
  refresh: string;
}

/**
 * The body of a `proof_required` refusal of POST /api/auth/token-obtain/ carries one: find a `nonce` such that
 * SHA-256(`token` + ':' + nonce) starts with `difficulty` zero bits, then sign in again with `proof`. Single-use.
 */
export interface TLoginChallenge {
  token: string;
  difficulty: number;
  expires_at: string;
}

/** POST /api/auth/register/ (regular sign-up): the same answer whether or not the email has an account. */
export interface TSignupPending {
  detail: string;
  email: string;
}

/** GET /api/auth/users/email-change/: the sign-in email change waiting for its confirmation link, if any. */
export interface TEmailChange {
  new_email: string;
  expires_at: string;
}

export interface TEmailChangeState {
  pending: TEmailChange | null;
}

/**
 * POST /api/auth/users/confirm-email/. Every session of the account ends, except the caller's when it is one of
 * them: it gets new tokens (and cookies) and `signed_in`.
 */
export type TEmailConfirmed = { detail: string; email: string } & (
  { signed_in: false } | { signed_in: true; access: string; refresh: string }
);

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
