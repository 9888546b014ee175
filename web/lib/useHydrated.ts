import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false in the server render and during hydration, true once React has taken over in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
