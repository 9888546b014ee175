import type { PageContextServer } from 'vike/types';
import { prefetched, type TDehydratedData } from '../../../api/queryClient';
import { INSTALLATION_SNIPPET_QUERY_KEY, WIDGET_SETTINGS_QUERY_KEY } from '../../../api/widgets';

/**
 * The saved settings behind the forms and the preview, and the installation script, read in process on the server:
 * the page arrives whole instead of growing once hydrated. Without a reader or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { widgetSettings, installationSnippet } = pageContext.serverApi ?? {};
  if (!widgetSettings) return undefined;
  return prefetched([
    { queryKey: WIDGET_SETTINGS_QUERY_KEY, queryFn: widgetSettings },
    ...(installationSnippet ? [{ queryKey: INSTALLATION_SNIPPET_QUERY_KEY, queryFn: installationSnippet }] : []),
  ]);
}
