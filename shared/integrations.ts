import { z } from 'zod';
import { normalizeShopDomain } from './shopify.js';

// The API contract of store platform integrations (SPEC §2 Integrations, §7 Auth install calls). Constants and
// helpers the dashboard needs at run time live in shopify.ts, which pulls no zod into the page.

/** POST /api/integrations/shopify/connect/ — a signed-in owner connects the workspace's store. */
export const ZShopifyConnect = z.object({
  shop: z.string({ error: 'Enter your store’s myshopify.com address.' }).transform((value, ctx) => {
    const shop = normalizeShopDomain(value);
    if (!shop) ctx.addIssue({ code: 'custom', message: 'Enter your store’s myshopify.com address.' });
    return shop ?? '';
  }),
});
export type TShopifyConnect = z.input<typeof ZShopifyConnect>;

/** Answer of POST /api/integrations/shopify/connect/: where to send the browser to approve the app. */
export interface TShopifyAuthorize {
  authorize_url: string;
}

/**
 * POST /api/auth/shopify/install/ — the OAuth return posted by a page instead of landing on the callback: `code`
 * and the rest of the query Shopify signed (`shop`, `hmac`, `timestamp`, `state`, `host`…), as strings.
 */
export const ZShopifyInstallBody = z
  .object({
    code: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(512),
  })
  .catchall(z.string().max(2048));
export type TShopifyInstallBody = z.input<typeof ZShopifyInstallBody>;

/**
 * Answer of POST /api/auth/shopify/install/ (SPEC §7: store_id, name). `new`: the store waits for its owner's
 * sign-up (install-mode register with `merchant_id`); `signed_in`: a known store, its owner is now signed in.
 */
export interface TShopifyInstallResult {
  status: 'new' | 'signed_in';
  store_id: string;
  name: string;
  merchant_id: string;
  shop: string;
}

/** GET /api/integrations/shopify/ — the Shopify page's state for the current store. */
export interface TShopifyIntegration {
  /** The app is installed and its token held. */
  connected: boolean;
  shop: string | null;
  store_name: string;
  /** Where a merchant installs the app (the app's listing, when the operator configured one). */
  install_url: string | null;
  /** Opens the theme editor with the app embed switched on (null until connected). */
  theme_editor_url: string | null;
  /** Whether the live theme has the app embed on: null when it could not be checked. */
  embed_enabled: boolean | null;
  setup_complete: boolean;
  /** What the widget prints in the browser console on a storefront page when it runs. */
  console_message: string;
  products: number;
  catalog_synced_at: string | null;
  connected_at: string | null;
  disconnected_at: string | null;
  /** The Shopify app is configured on this server (SHOPIFY_API_KEY and SHOPIFY_API_SECRET). */
  available: boolean;
}
