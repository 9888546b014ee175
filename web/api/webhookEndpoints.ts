import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from '../../shared/webhook-endpoint-options.js';
import type {
  TWebhookDelivery,
  TWebhookDeliveryPage,
  TWebhookEndpoint,
  TWebhookEndpointCreate,
  TWebhookEndpointCreated,
  TWebhookEndpointList,
  TWebhookEndpointUpdate,
  TWebhookSecret,
} from '../../shared/webhook-endpoints.js';
import { apiFetch } from './client';

// Types only from shared/webhook-endpoints.ts: its values would bring zod into the page's first JavaScript.

const BASE = '/api/webhook-endpoints/';
// The server render (pages/(app)/settings/webhooks/+data.ts) fills the cache under this same key.
export const WEBHOOK_ENDPOINTS_QUERY_KEY = ['webhook-endpoints'] as const;
const deliveriesKey = (endpointId: string) => [...WEBHOOK_ENDPOINTS_QUERY_KEY, endpointId, 'deliveries'] as const;
/** While a delivery on the page shown is pending, the log asks again this often. */
const PENDING_POLL_MS = 2000;

const endpointPath = (id: string) => `${BASE}${encodeURIComponent(id)}/`;

export async function fetchWebhookEndpoints({ signal }: { signal?: AbortSignal } = {}): Promise<TWebhookEndpoint[]> {
  return (await apiFetch<TWebhookEndpointList>(BASE, { signal })).results;
}

/** The answer holds the signing secret, in `secret`: the only time it is shown until it is rotated. */
export function createWebhookEndpoint(body: TWebhookEndpointCreate): Promise<TWebhookEndpointCreated> {
  return apiFetch<TWebhookEndpointCreated>(BASE, { method: 'POST', body });
}

export function updateWebhookEndpoint(id: string, body: TWebhookEndpointUpdate): Promise<TWebhookEndpoint> {
  return apiFetch<TWebhookEndpoint>(endpointPath(id), { method: 'PATCH', body });
}

export function deleteWebhookEndpoint(id: string): Promise<void> {
  return apiFetch<void>(endpointPath(id), { method: 'DELETE' });
}

/** A new secret, shown this once; the old one signs nothing from now on. */
export function rotateWebhookSecret(id: string): Promise<TWebhookSecret> {
  return apiFetch<TWebhookSecret>(`${endpointPath(id)}secret/`, { method: 'POST' });
}

/** Queues a `webhook.test` event to this endpoint alone. */
export function sendWebhookTest(id: string): Promise<TWebhookDelivery> {
  return apiFetch<TWebhookDelivery>(`${endpointPath(id)}test/`, { method: 'POST' });
}

export function resendWebhookDelivery(endpointId: string, deliveryId: string): Promise<TWebhookDelivery> {
  return apiFetch<TWebhookDelivery>(`${endpointPath(endpointId)}deliveries/${encodeURIComponent(deliveryId)}/resend/`, {
    method: 'POST',
  });
}

/**
 * A page of an endpoint's delivery log, newest first, asked for only while `enabled` (the log is open). The previous
 * page stays on screen while the next one loads; while a delivery shown is pending, the page is asked for again.
 */
export function useWebhookDeliveries(endpointId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), page],
    queryFn: ({ signal }) =>
      apiFetch<TWebhookDeliveryPage>(
        `${endpointPath(endpointId)}deliveries/?${new URLSearchParams({
          page: String(page),
          page_size: String(WEBHOOK_DELIVERIES_PAGE_SIZE),
        })}`,
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false,
  });
}

/** The list asked for again (after an endpoint is added, changed, or its deliveries ended). */
export function refreshEndpoints(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY, exact: true });
}

/** After a test event or a resend: the endpoint's log asked for again, to show it. */
export function refreshDeliveries(queryClient: QueryClient, endpointId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
}

/** A deleted endpoint leaves the list at once, so its open log never asks for a log that is gone. */
export async function forgetEndpoint(queryClient: QueryClient, endpointId: string): Promise<void> {
  queryClient.setQueryData<TWebhookEndpoint[]>(WEBHOOK_ENDPOINTS_QUERY_KEY, (list) =>
    list?.filter((endpoint) => endpoint.id !== endpointId),
  );
  queryClient.removeQueries({ queryKey: deliveriesKey(endpointId) });
  await refreshEndpoints(queryClient);
}
