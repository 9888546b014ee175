/** Platforms a regular signup may name; Tienda Nube arrives through its install flow instead. */
const SIGNUP_PLATFORMS = ['shopify', 'bigcommerce'] as const;
export type TSignupPlatform = (typeof SIGNUP_PLATFORMS)[number];

/** Platforms whose app install ends on the sign-up page. */
export type TInstallPlatform = 'shopify' | 'tiendanube';

/** How an install hands its store to the sign-up page. */
export type TInstallClaim =
  /** The server finished the install and names the store it created. */
  | { kind: 'merchant'; merchantId: string }
  /** The platform's OAuth return landed here: the page completes the install with the whole query. */
  | { kind: 'code'; query: Readonly<Record<string, string>> };

/** SPEC §2 /register: the mode sets the title, the submit label and what the page asks the server. */
export type TRegisterMode =
  | { kind: 'invite'; token: string }
  | { kind: 'install'; platform: TInstallPlatform; claim: TInstallClaim; shop: string | undefined }
  | { kind: 'regular'; platform: TSignupPlatform | undefined };

function isSignupPlatform(value: string | undefined): value is TSignupPlatform {
  return (SIGNUP_PLATFORMS as readonly (string | undefined)[]).includes(value);
}

/** Install detection per platform: each returns its install mode, or null when the query is not its install. */
const INSTALLS: readonly ((search: Readonly<Record<string, string>>) => TRegisterMode | null)[] = [
  (search) => {
    if (search.platform !== 'shopify') return null;
    const claim: TInstallClaim | null = search.merchant_id
      ? { kind: 'merchant', merchantId: search.merchant_id }
      : search.code
        ? { kind: 'code', query: search }
        : null;
    return claim && { kind: 'install', platform: 'shopify', shop: search.shop || undefined, claim };
  },
  // Tienda Nube's app redirect brings only `code` (SPEC §2); once installed, the page names the store instead.
  (search) => {
    const claim: TInstallClaim | null =
      search.platform === 'tiendanube' && search.merchant_id
        ? { kind: 'merchant', merchantId: search.merchant_id }
        : !search.platform && search.code
          ? { kind: 'code', query: { code: search.code } }
          : null;
    return claim && { kind: 'install', platform: 'tiendanube', shop: undefined, claim };
  },
];

export function registerModeOf(search: Readonly<Record<string, string>>): TRegisterMode {
  if (search.token) return { kind: 'invite', token: search.token };
  for (const install of INSTALLS) {
    const mode = install(search);
    if (mode) return mode;
  }
  return { kind: 'regular', platform: isSignupPlatform(search.platform) ? search.platform : undefined };
}
