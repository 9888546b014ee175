import type { PageContextServer } from 'vike/types';
import { OTHER_APPS_QUERY_KEY } from '../../../../api/otherApps';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';

/** The apps and their listings, read in process on the server: the cards arrive with the page. */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { otherApps } = pageContext.serverApi ?? {};
  if (!otherApps) return undefined;
  return prefetched([{ queryKey: OTHER_APPS_QUERY_KEY, queryFn: otherApps }]);
}
