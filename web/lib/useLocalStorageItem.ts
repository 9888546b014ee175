import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
// Used when the storage is unavailable (e.g. blocked by privacy settings), so a choice lasts the page's life.
const fallback = new Map<string, string>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? fallback.get(key) ?? null;
  } catch {
    return fallback.get(key) ?? null;
  }
}

/** One local storage item, kept in this browser across sessions; null in the server render and during hydration. */
export function useLocalStorageItem(key: string): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const setValue = useCallback(
    (next: string) => {
      fallback.set(key, next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // The in-memory fallback holds it.
      }
      listeners.forEach((listener) => listener());
    },
    [key],
  );
  return [value, setValue];
}
