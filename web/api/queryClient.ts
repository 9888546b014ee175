import { QueryClient, dehydrate, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './client';

const STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/** A 4xx will answer the same way again; only network failures and 5xx are worth retrying. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** What a `+data` hook returns to prefill the cache: `{ dehydratedState: dehydrate(queryClient) }`. */
export interface TDehydratedData {
  dehydratedState: DehydratedState;
}

/**
 * A `+data` hook's answer: each query read on the server under the key the page's own query uses. No retries: a failed
 * read is the browser's to try again, not a reason to hold the page back.
 */
export async function prefetched(
  queries: ReadonlyArray<{ queryKey: QueryKey; queryFn: () => Promise<unknown> }>,
): Promise<TDehydratedData> {
  const queryClient = makeQueryClient();
  await Promise.all(queries.map((query) => queryClient.prefetchQuery({ ...query, retry: false })));
  return { dehydratedState: dehydrate(queryClient) };
}

export function getDehydratedState(data: unknown): DehydratedState | undefined {
  if (typeof data === 'object' && data !== null && 'dehydratedState' in data) {
    return (data as TDehydratedData).dehydratedState;
  }
  return undefined;
}
