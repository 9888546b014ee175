// Business constants of SPEC.md §9, shared by server, dashboard and widget.
// (Theme colours, radius, sidebar and content widths live in web/styles/theme.css as CSS variables.)

export const LANGUAGES = ['en', 'es', 'pt'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: TLanguage = 'en';

export const THEMES = ['light', 'dark'] as const;
export type TTheme = (typeof THEMES)[number];
export const DEFAULT_THEME: TTheme = 'light';

export const COOKIES = {
  access: 'access_token',
  refresh: 'refresh_token',
  theme: 'theme',
  language: 'lang',
  /** Mirrors the selected workspace (local storage) so server renders use the same one. */
  workspace: 'workspace_id',
  /** Notices dismissed for the browser session (a session cookie, so server renders leave them out too). */
  dismissed: 'dismissed',
} as const;

/** The dashboard page's element holding its texts as JSON, read by the browser to hydrate (server/ssr/page-texts.ts). */
export const PAGE_TEXTS_ELEMENT_ID = 'page-texts';

/** Any path starting with one of these skips the session check (SPEC §2). */
export const PUBLIC_PREFIXES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
] as const;

export const TOKEN_COOKIE_MAX_AGE_S = 2 * 24 * 60 * 60;
export const REQUEST_TIMEOUT_MS = 50_000;
export const LOGIN_REDIRECT_DELAY_MS = 1_000;
export const TOAST_AUTO_HIDE_MS = 6_000;

// Accounts (issue 3). Kept here, not beside the zod schemas, so dashboard pages can use them without zod.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 150;
export const STORE_NAME_MAX_LENGTH = 150;
export const PHONE_MAX_LENGTH = 40;
export const INVITATION_TTL_DAYS = 7;
export const RESET_CODE_TTL_MINUTES = 60;
/** How long a sign-up's confirmation link works (issue 16). */
export const SIGNUP_TTL_HOURS = 48;
/** How long the link confirming a new sign-in email works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const REVIEWS_PAGE_SIZE = 10;
/** DESIGN §6.2: a deleted review is purged for good this long after deletion. */
export const DELETED_RETENTION_DAYS = 30;
export const SEARCH_DEBOUNCE_MS = 500;
/** Bulk moderation by ids (a selection of rows); more at once go by the list filter instead. */
export const BULK_MODERATION_MAX_IDS = 1000;
/** The longest public reply a store gives a review (issue 25). */
export const REPLY_MAX_LENGTH = 2000;

export const DASHBOARD_PERIODS = [7, 30, 90, 365] as const;
export type TDashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: TDashboardPeriod = 30;
/** Above this many days review activity is bucketed by month. */
export const DAILY_ACTIVITY_MAX_DAYS = 90;
export const TOP_PRODUCTS_LIMIT = 10;
export const TOP_PRODUCTS_MAX_LIMIT = 50;

export const UPGRADE_THRESHOLDS = { warning: 70, error: 90 } as const;
/** An owner who hides the upgrade card does not see it again for this long, unless a plan limit is reached. */
export const UPGRADE_PROMPT_HIDE_DAYS = 7;

/** SPEC §9: Shopify merchants get a free trial of this many days, then the chosen plan. */
export const SHOPIFY_TRIAL_DAYS = 14;

/** Keys of dismissible notices in COOKIES.dismissed, joined by DISMISSED_SEPARATOR. */
export const DISMISSED_KEY = /^[a-z][a-z0-9_:-]{0,63}$/;
export const DISMISSED_SEPARATOR = '.';
const DISMISSED_MAX = 20;

/** The valid keys of a COOKIES.dismissed value, at most DISMISSED_MAX (the cookie stays small). */
export function parseDismissed(value: string | undefined): string[] {
  return (value ?? '')
    .split(DISMISSED_SEPARATOR)
    .filter((key) => DISMISSED_KEY.test(key))
    .slice(-DISMISSED_MAX);
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The dashboard's media links are signed for this long at least (and at most twice as long): the same link all
 * through one such period, so the browser reuses what it loaded. Lists holding them refresh well before.
 */
export const SIGNED_MEDIA_PERIOD_S = 30 * 60;
