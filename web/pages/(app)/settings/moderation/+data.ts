import type { PageContextServer } from 'vike/types';
import { MODERATION_SETTINGS_QUERY_KEY } from '../../../../api/moderation';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';

/**
 * The store's moderation settings, read in process on the server under the key the page's query uses, so the form
 * arrives filled. Without a reader or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { moderationSettings } = pageContext.serverApi ?? {};
  if (!moderationSettings) return undefined;
  return prefetched([{ queryKey: MODERATION_SETTINGS_QUERY_KEY, queryFn: () => moderationSettings() }]);
}
