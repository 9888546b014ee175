import type { PageContextServer } from 'vike/types';
import { BIGCOMMERCE_INTEGRATION_QUERY_KEY } from '../../../../../api/bigcommerce';
import { outsideRead } from '../../../../../api/outsideRead';
import { prefetched, type TDehydratedData } from '../../../../../api/queryClient';

/**
 * The store's BigCommerce connection, read in process on the server: the page arrives with its state, not a skeleton.
 * Without a reader, after a failed read, or while BigCommerce is slow to answer (a connected store's state asks it about
 * the widget), the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { bigcommerceIntegration } = pageContext.serverApi ?? {};
  if (!bigcommerceIntegration) return undefined;
  return prefetched([
    { queryKey: BIGCOMMERCE_INTEGRATION_QUERY_KEY, queryFn: () => outsideRead(bigcommerceIntegration()) },
  ]);
}
