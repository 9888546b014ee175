import { useQuery } from '@tanstack/react-query';
import type { TTiendaNubeIntegration } from '../../shared/integrations.js';
import { apiFetch } from './client';

export const TIENDANUBE_INTEGRATION_QUERY_KEY = ['integrations', 'tiendanube'] as const;

/** The Tienda Nube page's state for the current store (connection, script, catalogue, how to install). */
export function useTiendaNubeIntegration() {
  return useQuery({
    queryKey: TIENDANUBE_INTEGRATION_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<TTiendaNubeIntegration>('/api/integrations/tiendanube/', { signal }),
  });
}
