import { dehydrate } from '@tanstack/react-query';
import type { PageContextServer } from 'vike/types';
import { makeQueryClient, type TDehydratedData } from '../../../api/queryClient';
import { WIDGET_SETTINGS_QUERY_KEY } from '../../../api/widgets';

/**
 * The saved settings behind the forms and the preview, read in process on the server under the key the page's query
 * uses: the page arrives whole instead of growing once hydrated. Without a reader or after a failed read, the
 * browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const widgetSettings = pageContext.serverApi?.widgetSettings;
  if (!widgetSettings) return undefined;
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({ queryKey: WIDGET_SETTINGS_QUERY_KEY, queryFn: widgetSettings, retry: false });
  return { dehydratedState: dehydrate(queryClient) };
}
