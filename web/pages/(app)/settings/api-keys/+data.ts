import type { PageContextServer } from 'vike/types';
import { API_KEYS_QUERY_KEY } from '../../../../api/apiKeys';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';

/**
 * The store's keys, read in process on the server: the table is drawn with its rows. A member has no reader (the API
 * refuses them the list) and sees why instead; after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { apiKeys } = pageContext.serverApi ?? {};
  if (!apiKeys) return undefined;
  return prefetched([{ queryKey: API_KEYS_QUERY_KEY, queryFn: async () => (await apiKeys()).results }]);
}
