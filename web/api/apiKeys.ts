import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TApiKeyList } from '../../shared/api-keys.js';
import { apiFetch } from './client';

// Types only from shared/api-keys.ts: its values would bring zod into the page's first JavaScript.

const BASE = '/api/api-keys/';
// The server render (pages/(app)/settings/api-keys/+data.ts) fills the cache under this same key.
export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

export async function fetchApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<TApiKey[]> {
  return (await apiFetch<TApiKeyList>(BASE, { signal })).results;
}

/** The answer holds the key itself, in `key`: the only time it is shown. */
export function createApiKey(body: TApiKeyCreate): Promise<TApiKeyCreated> {
  return apiFetch<TApiKeyCreated>(BASE, { method: 'POST', body });
}

export function revokeApiKey(id: string): Promise<void> {
  return apiFetch<void>(`${BASE}${encodeURIComponent(id)}/`, { method: 'DELETE' });
}
