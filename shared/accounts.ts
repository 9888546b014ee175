import { z } from 'zod';
import {
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
} from './constants.js';
import { ZApiError } from './errors.js';
import { PERMISSIONS } from './permissions.js';

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

const ZTimestamp = z.iso.datetime({ offset: true });
/**
 * An email as ZEmail took it: zod's pattern, not JSON Schema's `email` format, which refuses some addresses zod takes
 * (a domain label ending in a hyphen).
 */
const ZEmailAnswer = z.string().regex(z.regexes.email);

export const ZMerchant = z
  .object({
    id: z.uuid(),
    platform: z.enum(PLATFORMS),
    store_name: z.string(),
    store_id: z.string(),
    main_language: z.enum(LANGUAGES),
    shopify_setup_complete: z.boolean(),
    /** What the platforms noted on the store (once per connection), beside the setup banner's state. */
    metadata: z.object({ shopify_setup_complete: z.boolean() }).catchall(z.unknown()),
    /** Whether a platform access token is stored; the token itself never leaves the server. */
    access_token: z.null(),
    has_access_token: z.boolean(),
    /** The store's platform app is installed and its token held (false once uninstalled). */
    connected: z.boolean(),
    /** The storefront's domain, as the platform reports it. */
    store_domain: z.string().nullable(),
    /** The store's currency (ISO 4217) as its platform reports it; null until one did. */
    currency: z.string().nullable(),
  })
  .meta({ id: 'Merchant' });
export type TMerchant = z.output<typeof ZMerchant>;

/** GET /api/merchants/{id}/ — what install-mode sign-up shows of the store it is about to claim. */
export const ZMerchantDetails = ZMerchant.pick({
  id: true,
  platform: true,
  store_name: true,
  store_id: true,
  store_domain: true,
}).meta({ id: 'MerchantDetails' });
export type TMerchantDetails = z.output<typeof ZMerchantDetails>;

/** SPEC §3 User. `permissions` are `app.codename` strings here; the dashboard keeps only the codenames. */
export const ZUser = z
  .object({
    id: z.uuid(),
    email: ZEmailAnswer,
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    profile_photo: z.string().nullable(),
    /** The first group is the role in the current workspace. */
    groups: z.array(z.enum(ROLES)),
    date_joined: ZTimestamp,
    permissions: z.array(z.enum(Object.values(PERMISSIONS))),
    merchant: ZMerchant.nullable(),
    workspace_id: z.uuid().nullable(),
    /** Until when this user has hidden the upgrade card (ISO time), or null. */
    upgrade_prompt_hidden_until: ZTimestamp.nullable(),
  })
  .meta({ id: 'User' });
export type TUser = z.output<typeof ZUser>;

/** A session: a short-lived access token (a JWT) and the opaque refresh token that renews it. */
export const ZSessionTokens = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'SessionTokens' });
export type TSessionTokens = z.output<typeof ZSessionTokens>;

/** A sign-in: the user, as GET /api/auth/users/me/ shows them, with the session's tokens. */
export const ZAuthResponse = ZUser.extend(ZSessionTokens.shape).meta({ id: 'AuthResponse' });
export type TAuthResponse = z.output<typeof ZAuthResponse>;

/**
 * The body of a `proof_required` refusal of POST /api/auth/token-obtain/ carries one: find a `nonce` such that
 * SHA-256(`token` + ':' + nonce) starts with `difficulty` zero bits, then sign in again with `proof`. Single-use.
 */
export const ZLoginChallenge = z
  .object({ token: z.string(), difficulty: z.int().positive(), expires_at: ZTimestamp })
  .meta({ id: 'LoginChallenge' });
export type TLoginChallenge = z.output<typeof ZLoginChallenge>;

/** A sign-in refused for its rate (`throttled`), or until a check is solved (`proof_required`, with `challenge`). */
export const ZLoginThrottled = ZApiError.extend({ challenge: ZLoginChallenge.optional() }).meta({
  id: 'LoginThrottled',
});

/** POST /api/auth/register/ (regular sign-up): the same answer whether or not the email has an account. */
export const ZSignupPending = z.object({ detail: z.string(), email: ZEmailAnswer }).meta({ id: 'SignupPending' });
export type TSignupPending = z.output<typeof ZSignupPending>;

/** What a call without other news says done, in words to show (the password reset calls). */
export const ZAuthNotice = z.object({ detail: z.string() }).meta({ id: 'AuthNotice' });
export type TAuthNotice = z.output<typeof ZAuthNotice>;

/** POST /api/auth/users/change-password/: every other session ended; this one goes on with new tokens. */
export const ZPasswordChanged = ZSessionTokens.extend(ZAuthNotice.shape).meta({ id: 'PasswordChanged' });
export type TPasswordChanged = z.output<typeof ZPasswordChanged>;

/** GET /api/auth/users/email-change/: the sign-in email change waiting for its confirmation link, if any. */
export const ZEmailChange = z.object({ new_email: ZEmailAnswer, expires_at: ZTimestamp }).meta({ id: 'EmailChange' });
export type TEmailChange = z.output<typeof ZEmailChange>;

export const ZEmailChangeState = z.object({ pending: ZEmailChange.nullable() }).meta({ id: 'EmailChangeState' });
export type TEmailChangeState = z.output<typeof ZEmailChangeState>;

const emailConfirmed = { detail: z.string(), email: ZEmailAnswer };

/**
 * POST /api/auth/users/confirm-email/. Every session of the account ends, except the caller's when it is one of
 * them: it gets new tokens (and cookies) and `signed_in`.
 */
export const ZEmailConfirmed = z
  .discriminatedUnion('signed_in', [
    z.object({ ...emailConfirmed, signed_in: z.literal(false) }),
    z.object({ ...emailConfirmed, signed_in: z.literal(true), ...ZSessionTokens.shape }),
  ])
  .meta({ id: 'EmailConfirmed' });
export type TEmailConfirmed = z.output<typeof ZEmailConfirmed>;

export const ZWorkspace = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(ROLES),
    merchant: ZMerchant.pick({ id: true, platform: true, store_name: true, store_id: true })
      .meta({ id: 'WorkspaceStore' })
      .nullable(),
  })
  .meta({ id: 'Workspace' });
export type TWorkspace = z.output<typeof ZWorkspace>;

export const ZTeamMember = z
  .object({
    id: z.uuid(),
    email: ZEmailAnswer,
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    profile_photo: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.literal('active'),
    date_joined: ZTimestamp,
  })
  .meta({ id: 'TeamMember' });
export type TTeamMember = z.output<typeof ZTeamMember>;

export const ZInvitation = z
  .object({
    id: z.uuid(),
    email: ZEmailAnswer,
    created_at: ZTimestamp,
    expires_at: ZTimestamp,
    status: z.literal('pending'),
  })
  .meta({ id: 'Invitation' });
export type TInvitation = z.output<typeof ZInvitation>;

/** GET /api/auth/invitations/verify/{token}/ */
export const ZInvitationCheck = z
  .object({
    email: ZEmailAnswer,
    workspace_name: z.string(),
    store_name: z.string(),
    /** The invited email already has an account: it accepts by signing in (token-obtain with `token`). */
    user_exists: z.boolean(),
  })
  .meta({ id: 'InvitationCheck' });
export type TInvitationCheck = z.output<typeof ZInvitationCheck>;

export interface TListOf<T> {
  results: T[];
}

/** The answer of a short list (TListOf) whose items are `item`. */
export function ZListOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}

export const ZWorkspaceList = ZListOf(ZWorkspace).meta({ id: 'WorkspaceList' });
export const ZTeamMemberList = ZListOf(ZTeamMember).meta({ id: 'TeamMemberList' });
export const ZInvitationList = ZListOf(ZInvitation).meta({ id: 'InvitationList' });
