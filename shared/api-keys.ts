import { z } from 'zod';
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from './api-key-options.js';

// Issue 28: keys an integrator's program uses instead of a merchant's password, one store each, with scopes.

export * from './api-key-options.js';

/** `POST /api/api-keys/` */
export const ZApiKeyCreate = z.object({
  name: z.string().trim().min(1, 'Name the key.').max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters.`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Each one of ${API_KEY_SCOPES.join(', ')}.` }))
    .min(1, 'Choose at least one scope.')
    .transform((scopes) => [...new Set(scopes)]),
});
export type TApiKeyCreate = z.output<typeof ZApiKeyCreate>;

export const ZApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters, as shown in lists (`vr_AbC123xy`). */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    created_at: z.string(),
    /** When and from which address the key was last used (kept to the minute); null before its first use. */
    last_used_at: z.string().nullable(),
    last_used_ip: z.string().nullable(),
    /** Set once revoked: the key is refused from then on. */
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type TApiKey = z.output<typeof ZApiKey>;

/** The answer to a creation: the key itself, shown this once (only its hash is stored). */
export const ZApiKeyCreated = ZApiKey.extend({ key: z.string() }).meta({ id: 'ApiKeyCreated' });
export type TApiKeyCreated = z.output<typeof ZApiKeyCreated>;

export const ZApiKeyList = z.object({ results: z.array(ZApiKey) }).meta({ id: 'ApiKeyList' });
export type TApiKeyList = z.output<typeof ZApiKeyList>;
