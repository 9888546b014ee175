import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TShopifyAuthorize, TShopifyConnect, TShopifyIntegration } from '../../shared/integrations.js';
import type { TSessionUser } from '../../shared/session.js';
import { apiFetch } from './client';
import { PROFILE_QUERY_KEY, setProfileMerchant } from './profile';

export const SHOPIFY_INTEGRATION_QUERY_KEY = ['integrations', 'shopify'] as const;

/**
 * The Shopify page's state for the current store (connection, app embed, catalogue), read by the server render or
 * the browser; the cached user follows it either way.
 */
export function useShopifyIntegration() {
  const queryClient = useQueryClient();
  const integration = useQuery({
    queryKey: SHOPIFY_INTEGRATION_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<TShopifyIntegration>('/api/integrations/shopify/', { signal }),
  });
  const { data } = integration;
  useEffect(() => {
    if (data) syncProfileMerchant(queryClient, data);
  }, [data, queryClient]);
  return integration;
}

/**
 * The integration is newer than the cached user: the server marks setup complete once it sees the app embed on,
 * and an uninstall disconnects the store. The cached merchant follows, so the dashboard banner and the
 * integrations cards agree with this page.
 */
function syncProfileMerchant(queryClient: QueryClient, integration: TShopifyIntegration): void {
  const merchant = queryClient.getQueryData<TSessionUser | null>(PROFILE_QUERY_KEY)?.merchant;
  if (!merchant || merchant.platform !== 'shopify') return;
  const setupComplete = merchant.shopify_setup_complete || integration.setup_complete;
  if (merchant.connected === integration.connected && merchant.shopify_setup_complete === setupComplete) return;
  setProfileMerchant(queryClient, {
    ...merchant,
    connected: integration.connected,
    shopify_setup_complete: setupComplete,
    metadata: { ...merchant.metadata, shopify_setup_complete: setupComplete },
  });
}

/** Starts connecting the current store: the browser is then sent to `authorize_url` to approve the app. */
export function connectShopify(body: TShopifyConnect): Promise<TShopifyAuthorize> {
  return apiFetch<TShopifyAuthorize>('/api/integrations/shopify/connect/', { method: 'POST', body });
}
