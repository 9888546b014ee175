import { dehydrate } from '@tanstack/react-query';
import type { PageContextServer } from 'vike/types';
import { makeQueryClient, type TDehydratedData } from '../../../api/queryClient';
import { USAGE_DETAILS_QUERY_KEY } from '../../../api/reviews';

/**
 * The plan usage behind the upgrade card and the payment banner above the table, read in process on the server under
 * the key the page's query uses, so both are drawn with the page instead of pushing the table down once hydrated.
 * Without a reader (no store, no permission) or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const usageDetails = pageContext.serverApi?.usageDetails;
  if (!usageDetails) return undefined;
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({ queryKey: USAGE_DETAILS_QUERY_KEY, queryFn: usageDetails, retry: false });
  return { dehydratedState: dehydrate(queryClient) };
}
