import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TPage } from '../../shared/reviews.js';
import type {
  TInstallationSnippet,
  TProduct,
  TProductOverride,
  TProductOverrideInput,
  TWidgetSettings,
  TWidgetSettingsInput,
} from '../../shared/widgets.js';
import { apiFetch } from './client';

export const WIDGET_SETTINGS_QUERY_KEY = ['widgets', 'global-settings'] as const;
export const PRODUCTS_QUERY_KEY = ['widgets', 'products'] as const;
export const INSTALLATION_SNIPPET_QUERY_KEY = ['installation', 'snippet'] as const;

export const PRODUCTS_PAGE_SIZE = 10;

/** A row of the per-product tab: the product and its override, if it has one. */
export type TProductWithOverride = TProduct & { override: TProductOverride | null };

export interface TProductListParams {
  page: number;
  search: string;
}

export function useWidgetSettings() {
  return useQuery({
    queryKey: WIDGET_SETTINGS_QUERY_KEY,
    queryFn: () => apiFetch<TWidgetSettings>('/api/widgets/global-settings/current/'),
  });
}

/** Any subset of the settings; the answer is every saved field. */
export function saveWidgetSettings(body: TWidgetSettingsInput): Promise<TWidgetSettings> {
  return apiFetch<TWidgetSettings>('/api/widgets/global-settings/', { method: 'POST', body });
}

export function fetchProducts({ page, search }: TProductListParams): Promise<TPage<TProductWithOverride>> {
  const query = new URLSearchParams({ page: String(page), page_size: String(PRODUCTS_PAGE_SIZE) });
  if (search) query.set('search', search);
  return apiFetch<TPage<TProductWithOverride>>(`/api/products/?${query}`);
}

/** The previous page stays on screen while the next one loads. */
export function useProducts(params: TProductListParams) {
  return useQuery({
    queryKey: [...PRODUCTS_QUERY_KEY, params],
    queryFn: () => fetchProducts(params),
    placeholderData: keepPreviousData,
  });
}

/** Creates or replaces the product's override. */
export function setProductOverride(body: TProductOverrideInput): Promise<TProductOverride> {
  return apiFetch<TProductOverride>('/api/widgets/product-overrides/set_override/', { method: 'POST', body });
}

export function deleteProductOverride(id: string): Promise<void> {
  return apiFetch<void>(`/api/widgets/product-overrides/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function invalidateProducts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
}

export function useInstallationSnippet() {
  return useQuery({
    queryKey: INSTALLATION_SNIPPET_QUERY_KEY,
    queryFn: () => apiFetch<TInstallationSnippet>('/api/installation/snippet/'),
  });
}
