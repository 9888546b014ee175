import type { PageContextServer } from 'vike/types';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '../../../../api/webhookEndpoints';

/**
 * The store's endpoints, read in process on the server: the list is drawn with its cards. A member has no reader (the
 * API refuses them the list) and sees why instead; after a failed read, the browser asks. Delivery logs load in the
 * browser, when one is opened.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { webhookEndpoints } = pageContext.serverApi ?? {};
  if (!webhookEndpoints) return undefined;
  return prefetched([
    { queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY, queryFn: async () => (await webhookEndpoints()).results },
  ]);
}
