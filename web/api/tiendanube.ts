import { useQuery } from '@tanstack/react-query';
import type { TTiendaNubeIntegration } from '../../shared/integrations.js';
import { apiFetch } from './client';

/** The Tienda Nube page's state for the current store (connection, script, catalogue, how to install). */
export function useTiendaNubeIntegration() {
  return useQuery({
    queryKey: ['integrations', 'tiendanube'] as const,
    queryFn: ({ signal }) => apiFetch<TTiendaNubeIntegration>('/api/integrations/tiendanube/', { signal }),
  });
}
