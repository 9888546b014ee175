import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './client';
import { dehydratedData, type TDehydratedData } from './dehydrated';

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

export type { TDehydratedData } from './dehydrated';

type TPrefetch = { queryKey: QueryKey; queryFn: () => Promise<unknown> };

/**
 * A `+data` hook's answer: each query read on the server under the key the page's own query uses (a falsy entry is
 * one the page cannot read there). No retries: a failed read is the browser's to try again, not a reason to hold
 * the page back.
 */
export async function prefetched(
  queries: ReadonlyArray<TPrefetch | false | null | undefined>,
): Promise<TDehydratedData> {
  const queryClient = makeQueryClient();
  await Promise.all(queries.map((query) => query && queryClient.prefetchQuery({ ...query, retry: false })));
  return dehydratedData(queryClient);
}
