import type { PageContextServer } from 'vike/types';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';
import { REVIEW_IMPORTS_QUERY_KEY } from '../../../../api/reviewImports';

/**
 * The store's imports, read in process on the server: the history arrives with the page, and an import still running
 * with its progress (the list holds it as its own route answers it). Without a reader or after a failed read, the
 * browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { reviewImports } = pageContext.serverApi ?? {};
  if (!reviewImports) return undefined;
  const history = await reviewImports().catch(() => undefined);
  if (!history) return undefined;
  const running = history.results.find((item) => item.status === 'running');
  return prefetched([
    { queryKey: REVIEW_IMPORTS_QUERY_KEY, queryFn: async () => history },
    ...(running ? [{ queryKey: [...REVIEW_IMPORTS_QUERY_KEY, running.id], queryFn: async () => running }] : []),
  ]);
}
