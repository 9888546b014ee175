// The API keys' plain constants, without zod: the dashboard's page imports these, and zod would weigh on its first
// load. shared/api-keys.ts re-exports them beside its schemas.

/** What a key may do; each route that takes keys names the one it needs (account routes take none). */
export const API_KEY_SCOPES = [
  'reviews:read',
  'reviews:write',
  'requests:write',
  'analytics:read',
  'webhooks:write',
] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts so (`vr_` and 43 characters of base64url), so a leaked one is easy to recognise. */
export const API_KEY_PREFIX = 'vr_';
/** How much of a key stays visible in lists: enough to tell keys apart, far too little to use. */
export const API_KEY_VISIBLE = 11;
export const API_KEY_NAME_MAX = 80;
