import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * What a `+data` hook returns to prefill the cache: the dehydrated queries as JSON text. vike's serializer visits
 * every value it sends along (0.4 ms for the reviews page's 14 kB of queries) where JSON.stringify takes 0.05 ms, and
 * the queries hold what the API answers, which is JSON already: the browser gets what its own fetch would have read.
 */
export interface TDehydratedData {
  dehydratedJson: string;
}

export function dehydratedData(queryClient: QueryClient): TDehydratedData {
  return { dehydratedJson: JSON.stringify(dehydrate(queryClient)) };
}

/** Parsed once per page's data: the wrapper renders again on every navigation and state change. */
const parsed = new WeakMap<object, DehydratedState>();

export function getDehydratedState(data: unknown): DehydratedState | undefined {
  if (typeof data !== 'object' || data === null || !('dehydratedJson' in data)) return undefined;
  let state = parsed.get(data);
  if (state === undefined) {
    state = JSON.parse((data as TDehydratedData).dehydratedJson) as DehydratedState;
    parsed.set(data, state);
  }
  return state;
}
