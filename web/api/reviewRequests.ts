import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { REQUESTS_PAGE_SIZE, type TRequestFunnelPeriod } from '../../shared/review-request-options.js';
import type {
  TReviewRequest,
  TReviewRequestCreate,
  TReviewRequestFunnel,
  TReviewRequestImport,
  TReviewRequestMailPreview,
  TReviewRequestPage,
  TReviewRequestPreview,
  TReviewRequestSettings,
  TReviewRequestSettingsPatch,
  TSuppression,
  TSuppressionPage,
} from '../../shared/review-requests.js';
import type { TReviewRequestsRead } from '../../shared/server-api.js';
import { apiFetch } from './client';

// Types only from shared/review-requests.ts: its values would bring zod into the page's first JavaScript.

const BASE = '/api/review-requests/';
const REQUESTS_QUERY_PREFIX = ['review-requests'] as const;
// The server render (pages/(app)/review-requests/+data.ts) fills the cache under these same keys.
export const REQUESTS_LIST_QUERY_KEY = ['review-requests', 'list'] as const;
export const REQUESTS_SETTINGS_QUERY_KEY = ['review-requests', 'settings'] as const;
export const SUPPRESSIONS_QUERY_KEY = ['review-requests', 'suppressions'] as const;
export const funnelQueryKey = (days: TRequestFunnelPeriod) => ['review-requests', 'funnel', days] as const;

export type TRequestAction = 'send-now' | 'cancel' | 'resend';

export function fetchReviewRequests({ page, search, status }: TReviewRequestsRead): Promise<TReviewRequestPage> {
  const query = new URLSearchParams({ page: String(page), page_size: String(REQUESTS_PAGE_SIZE) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  return apiFetch<TReviewRequestPage>(`${BASE}?${query}`);
}

/** The previous page stays on screen while the next one loads. */
export function useReviewRequests(params: TReviewRequestsRead) {
  return useQuery({
    queryKey: [...REQUESTS_LIST_QUERY_KEY, params],
    queryFn: () => fetchReviewRequests(params),
    placeholderData: keepPreviousData,
  });
}

export function funnelQuery(days: TRequestFunnelPeriod) {
  return {
    queryKey: funnelQueryKey(days),
    queryFn: () => apiFetch<TReviewRequestFunnel>(`${BASE}funnel/?${new URLSearchParams({ days: String(days) })}`),
  };
}

export function useRequestFunnel(days: TRequestFunnelPeriod) {
  return useQuery({ ...funnelQuery(days), placeholderData: keepPreviousData });
}

export function useRequestSettings() {
  return useQuery({
    queryKey: REQUESTS_SETTINGS_QUERY_KEY,
    queryFn: () => apiFetch<TReviewRequestSettings>(`${BASE}settings/`),
  });
}

/** Any subset of the settings; the answer is every saved field. */
export function saveRequestSettings(body: TReviewRequestSettingsPatch): Promise<TReviewRequestSettings> {
  return apiFetch<TReviewRequestSettings>(`${BASE}settings/`, { method: 'PUT', body });
}

export function previewRequestMail(body: TReviewRequestPreview, signal?: AbortSignal) {
  return apiFetch<TReviewRequestMailPreview>(`${BASE}preview/`, { method: 'POST', body, signal });
}

export function sendTestMail(body: TReviewRequestPreview): Promise<{ sent_to: string }> {
  return apiFetch<{ sent_to: string }>(`${BASE}test-mail/`, { method: 'POST', body });
}

export function createReviewRequest(body: TReviewRequestCreate): Promise<TReviewRequest> {
  return apiFetch<TReviewRequest>(BASE, { method: 'POST', body });
}

export function importReviewRequests(file: File): Promise<TReviewRequestImport> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<TReviewRequestImport>(`${BASE}import/`, { method: 'POST', body });
}

export function runRequestAction(id: string, action: TRequestAction): Promise<TReviewRequest> {
  return apiFetch<TReviewRequest>(`${BASE}${encodeURIComponent(id)}/${action}/`, { method: 'POST' });
}

export function useSuppressions(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...SUPPRESSIONS_QUERY_KEY, params],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(params.page), page_size: String(REQUESTS_PAGE_SIZE) });
      if (params.search) query.set('search', params.search);
      return apiFetch<TSuppressionPage>(`${BASE}suppressions/?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function addSuppression(email: string): Promise<TSuppression> {
  return apiFetch<TSuppression>(`${BASE}suppressions/`, { method: 'POST', body: { email } });
}

export function removeSuppression(id: string): Promise<void> {
  return apiFetch<void>(`${BASE}suppressions/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

/** A new, cancelled or resent request changes the history and the funnel; a suppression can change both too. */
export function invalidateRequestQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: REQUESTS_QUERY_PREFIX });
}
