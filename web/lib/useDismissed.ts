import { useCallback, useSyncExternalStore } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { COOKIES, DISMISSED_SEPARATOR, parseDismissed } from '../../shared/constants.js';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dismissedInBrowser(): string[] {
  const prefix = `${COOKIES.dismissed}=`;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return parseDismissed(cookie ? decodeURIComponent(cookie.slice(prefix.length)) : undefined);
}

/**
 * A notice dismissed for the browser session. Kept in a session cookie the server reads too, so a page rendered
 * after the dismissal leaves the notice out instead of drawing it and removing it once hydrated.
 */
export function useDismissed(key: string): [boolean, () => void] {
  const { dismissed: dismissedOnServer } = usePageContext();
  const dismissed = useSyncExternalStore(
    subscribe,
    () => dismissedInBrowser().includes(key),
    () => dismissedOnServer.includes(key),
  );
  const dismiss = useCallback(() => {
    const keys = [...dismissedInBrowser().filter((other) => other !== key), key];
    // No Max-Age: the cookie ends with the browser session.
    document.cookie = `${COOKIES.dismissed}=${encodeURIComponent(keys.join(DISMISSED_SEPARATOR))}; Path=/; SameSite=Lax`;
    listeners.forEach((listener) => listener());
  }, [key]);
  return [dismissed, dismiss];
}
