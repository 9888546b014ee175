import type { PageContextServer } from 'vike/types';
import { TIENDANUBE_INTEGRATION_QUERY_KEY } from '../../../../../api/tiendanube';
import { outsideRead } from '../../../../../api/outsideRead';
import { prefetched, type TDehydratedData } from '../../../../../api/queryClient';

/**
 * The store's Tienda Nube connection, read in process on the server: the page arrives with its state, not a skeleton.
 * Without a reader, after a failed read, or while Tienda Nube is slow to answer (a connected store's state asks it about
 * the widget), the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { tiendanubeIntegration } = pageContext.serverApi ?? {};
  if (!tiendanubeIntegration) return undefined;
  return prefetched([
    { queryKey: TIENDANUBE_INTEGRATION_QUERY_KEY, queryFn: () => outsideRead(tiendanubeIntegration()) },
  ]);
}
