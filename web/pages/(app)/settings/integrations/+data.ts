import type { PageContextServer } from 'vike/types';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';
import { INSTALLATION_SNIPPET_QUERY_KEY } from '../../../../api/widgets';

/**
 * The Google feed's address, read in process on the server (the platforms' cards come with the signed-in user); each
 * platform's page below has its own. After a failed read the browser asks; a user who may not edit the widget has
 * no reader and no card.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { installationSnippet } = pageContext.serverApi ?? {};
  if (!installationSnippet) return undefined;
  return prefetched([{ queryKey: INSTALLATION_SNIPPET_QUERY_KEY, queryFn: installationSnippet }]);
}
