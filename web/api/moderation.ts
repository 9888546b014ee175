import { useQuery } from '@tanstack/react-query';
import type { TModerationSettings, TModerationSettingsPatch } from '../../shared/moderation.js';
import { apiFetch } from './client';

// Types only from shared/moderation.ts: its values would bring zod into the page's first JavaScript.

const BASE = '/api/moderation/settings/';
// The server render (pages/(app)/settings/moderation/+data.ts) fills the cache under this same key.
export const MODERATION_SETTINGS_QUERY_KEY = ['moderation', 'settings'] as const;

export function useModerationSettings() {
  return useQuery({
    queryKey: MODERATION_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<TModerationSettings>(BASE, { signal }),
  });
}

/** Any subset of the settings; the answer is every saved field. */
export function saveModerationSettings(body: TModerationSettingsPatch): Promise<TModerationSettings> {
  return apiFetch<TModerationSettings>(BASE, { method: 'PUT', body });
}
