import { dehydrate } from '@tanstack/react-query';
import type { PageContextServer } from 'vike/types';
import { API_KEYS_QUERY_KEY } from '../../../../api/apiKeys';
import { makeQueryClient, type TDehydratedData } from '../../../../api/queryClient';

/**
 * The store's keys, read in process on the server under the key the page's query uses: the table is drawn with its
 * rows. A member has no reader (the API refuses them the list) and sees why instead; after a failed read, the
 * browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { apiKeys } = pageContext.serverApi ?? {};
  if (!apiKeys) return undefined;
  const queryClient = makeQueryClient();
  // No retries: a failed read is the browser's to try again, not a reason to hold the page back.
  await queryClient.prefetchQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: async () => (await apiKeys()).results,
    retry: false,
  });
  return { dehydratedState: dehydrate(queryClient) };
}
