import { useQuery } from '@tanstack/react-query';
import type { TMerchant } from '../../shared/accounts.js';
import type { TBigCommerceConnect, TBigCommerceIntegration } from '../../shared/integrations.js';
import { apiFetch } from './client';

export const BIGCOMMERCE_INTEGRATION_QUERY_KEY = ['integrations', 'bigcommerce'] as const;

/** The BigCommerce page's state for the current store (connection, the widget's script, catalogue). */
export function useBigCommerceIntegration() {
  return useQuery({
    queryKey: BIGCOMMERCE_INTEGRATION_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<TBigCommerceIntegration>('/api/integrations/bigcommerce/', { signal }),
  });
}

/** Connects (or reconnects) the current store with a Store API account; answers the updated merchant. */
export function connectBigCommerce(body: TBigCommerceConnect): Promise<TMerchant> {
  return apiFetch<TMerchant>('/api/auth/bigcommerce/connect/', { method: 'POST', body });
}

/** Takes the widget's script and the webhooks off the store and drops its credentials. */
export function disconnectBigCommerce(): Promise<TMerchant> {
  return apiFetch<TMerchant>('/api/integrations/bigcommerce/disconnect/', { method: 'POST' });
}

/** Copies published reviews into the store's own product reviews, or stops (and removes the copies). */
export function chooseBigCommerceNativeReviews(enabled: boolean): Promise<TBigCommerceIntegration> {
  return apiFetch<TBigCommerceIntegration>('/api/integrations/bigcommerce/native-reviews/', {
    method: 'PUT',
    body: { enabled },
  });
}
