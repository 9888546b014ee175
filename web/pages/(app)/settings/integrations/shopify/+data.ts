import type { PageContextServer } from 'vike/types';
import { SHOPIFY_INTEGRATION_QUERY_KEY } from '../../../../../api/shopify';
import { outsideRead } from '../../../../../api/outsideRead';
import { prefetched, type TDehydratedData } from '../../../../../api/queryClient';

/**
 * The store's Shopify connection, read in process on the server: the page arrives with its state, not a skeleton.
 * Without a reader, after a failed read, or while Shopify is slow to answer (a connected store's state asks it about
 * the widget), the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { shopifyIntegration } = pageContext.serverApi ?? {};
  if (!shopifyIntegration) return undefined;
  return prefetched([{ queryKey: SHOPIFY_INTEGRATION_QUERY_KEY, queryFn: () => outsideRead(shopifyIntegration()) }]);
}
