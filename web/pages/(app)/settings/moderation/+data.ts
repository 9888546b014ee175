import { dehydrate } from '@tanstack/react-query';
import type { PageContextServer } from 'vike/types';
import { MODERATION_SETTINGS_QUERY_KEY } from '../../../../api/moderation';
import { makeQueryClient, type TDehydratedData } from '../../../../api/queryClient';

/**
 * The store's moderation settings, read in process on the server under the key the page's query uses, so the form
 * arrives filled. Without a reader or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { moderationSettings } = pageContext.serverApi ?? {};
  if (!moderationSettings) return undefined;
  const queryClient = makeQueryClient();
  // No retries: a failed read is the browser's to try again, not a reason to hold the page back.
  await queryClient.prefetchQuery({
    queryKey: MODERATION_SETTINGS_QUERY_KEY,
    queryFn: () => moderationSettings(),
    retry: false,
  });
  return { dehydratedState: dehydrate(queryClient) };
}
