import { useCallback, useSyncExternalStore } from 'react';

type TStorageKind = 'localStorage' | 'sessionStorage';

const listeners = new Set<() => void>();
// Used when the storage is unavailable (e.g. blocked by privacy settings), so a choice lasts the page's life.
const fallback = new Map<string, string>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(kind: TStorageKind, key: string): string | null {
  const remembered = fallback.get(`${kind}:${key}`) ?? null;
  try {
    return window[kind].getItem(key) ?? remembered;
  } catch {
    return remembered;
  }
}

/** One storage item; null in the server render and during hydration, so both agree. */
function useStorageItem(kind: TStorageKind, key: string): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(kind, key),
    () => null,
  );
  const setValue = useCallback(
    (next: string) => {
      fallback.set(`${kind}:${key}`, next);
      try {
        window[kind].setItem(key, next);
      } catch {
        // The in-memory fallback holds it.
      }
      listeners.forEach((listener) => listener());
    },
    [kind, key],
  );
  return [value, setValue];
}

/** Kept for the browser session (this tab). */
export function useSessionStorageItem(key: string): [string | null, (value: string) => void] {
  return useStorageItem('sessionStorage', key);
}

/** Kept in this browser across sessions. */
export function useLocalStorageItem(key: string): [string | null, (value: string) => void] {
  return useStorageItem('localStorage', key);
}
