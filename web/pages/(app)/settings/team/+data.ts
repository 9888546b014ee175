import type { PageContextServer } from 'vike/types';
import { prefetched, type TDehydratedData } from '../../../../api/queryClient';
import { INVITATIONS_QUERY_KEY, TEAM_MEMBERS_QUERY_KEY } from '../../../../api/team';

/**
 * The members and pending invitations, read in process on the server under the keys the page's queries use: the
 * table is drawn with its rows (its columns do not resize once they arrive). Without a reader or after a failed
 * read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { teamMembers, invitations } = pageContext.serverApi ?? {};
  if (!teamMembers) return undefined;
  return prefetched([
    {
      queryKey: TEAM_MEMBERS_QUERY_KEY,
      queryFn: async () => (await teamMembers()).results,
    },
    invitations && {
      queryKey: INVITATIONS_QUERY_KEY,
      queryFn: async () => (await invitations()).results,
    },
  ]);
}
