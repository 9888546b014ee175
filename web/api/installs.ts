import type { TInstallBody, TInstallResult, TShopifyInstallBody } from '../../shared/integrations.js';
import { apiFetch } from './client';

/** Completes a Shopify install whose OAuth return landed on a page (`code` and the rest of the signed query). */
export function installShopify(body: TShopifyInstallBody): Promise<TInstallResult> {
  return apiFetch<TInstallResult>('/api/auth/shopify/install/', { method: 'POST', body });
}

/** Completes a Tienda Nube install: the code its app redirect brought to /register (SPEC §7 POST /api/auth/install/). */
export function installTiendaNube(body: TInstallBody): Promise<TInstallResult> {
  return apiFetch<TInstallResult>('/api/auth/install/', { method: 'POST', body });
}
