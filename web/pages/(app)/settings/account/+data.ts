import type { PageContextServer } from 'vike/types';
import { NOTIFICATION_PREFERENCES_QUERY_KEY } from '../../../../api/notifications';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';

/**
 * The member's own notification preferences, read in process on the server (the profile comes with the signed-in
 * user): the form arrives filled. Without a store or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { notificationPreferences } = pageContext.serverApi ?? {};
  if (!notificationPreferences) return undefined;
  return prefetched([{ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY, queryFn: notificationPreferences }]);
}
