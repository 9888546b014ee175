import { useQuery } from '@tanstack/react-query';
import type { TNotificationPreferences, TNotificationPreferencesBody } from '../../shared/notifications.js';
import { apiFetch } from './client';

// Types only from shared/notifications.ts: its values would bring zod into the page's first JavaScript.

const BASE = '/api/notifications/preferences/';
export const NOTIFICATION_PREFERENCES_QUERY_KEY = ['notifications', 'preferences'] as const;

/** The signed-in member's own team notification preferences for the current store. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<TNotificationPreferences>(BASE, { signal }),
  });
}

export function saveNotificationPreferences(body: TNotificationPreferencesBody): Promise<TNotificationPreferences> {
  return apiFetch<TNotificationPreferences>(BASE, { method: 'PUT', body });
}
