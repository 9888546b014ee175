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
  /**
   * The store's access lets the app keep its products' rating metafields (scope write_products): false for a store
   * installed before the app asked for it, until it is reconnected.
   */
  ratings_synced: boolean;
  connected_at: string | null;
  disconnected_at: string | null;
  /** The Shopify app is configured on this server (SHOPIFY_API_KEY and SHOPIFY_API_SECRET). */
  available: boolean;
}

// ---- Installs every OAuth platform shares ----

/**
 * Answer of the install calls (SPEC §7: store_id, name). `new`: the store waits for its owner's sign-up
 * (install-mode register with `merchant_id`); `signed_in`: a known store, its owner is now signed in.
 */
export const ZInstallResult = z
  .object({
    status: z.enum(['new', 'signed_in']),
    platform: z.enum(['shopify', 'tiendanube']),
    store_id: z.string(),
    name: z.string(),
    merchant_id: z.uuid(),
    /** The store's domain as its platform names it (a myshopify.com domain, a Tienda Nube store's address). */
    shop: z.string(),
  })
  .meta({ id: 'InstallResult' });
export type TInstallResult = z.output<typeof ZInstallResult>;

/** POST /api/auth/install/ — Tienda Nube's app redirect brought `code` to /register, which posts it here. */
export const ZInstallBody = z.object({
  code: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(512),
});
export type TInstallBody = z.input<typeof ZInstallBody>;

// ---- BigCommerce (SPEC §2 BigCommerce page, §3 connect payload, §5 validation) ----

const bcRequired = (max: number) =>
  z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(max);

/** Credentials travel in HTTP headers, which hold only ASCII: anything else was not copied from BigCommerce. */
const bcCredential = (max: number) =>
  bcRequired(max).regex(/^[\x21-\x7e]*$/, 'Paste the value exactly as BigCommerce shows it.');

/** POST /api/auth/bigcommerce/connect/ — a Store API account's credentials; answers the updated TMerchant. */
export const ZBigCommerceConnect = z.object({
  client_id: bcCredential(200),
  store_hash: bcRequired(64)
    .transform((value) => value.replace(/^.*\/stores\//, '').replace(/\/.*$/, ''))
    .pipe(z.string().regex(/^[a-z0-9]+$/i, 'Use the part after “stores/” of the API path.')),
  access_token: bcCredential(512),
});
export type TBigCommerceConnect = z.input<typeof ZBigCommerceConnect>;

/** GET /api/integrations/bigcommerce/ — the BigCommerce page's state for the current store. */
export interface TBigCommerceIntegration {
  /** A BigCommerce store is connected and its token held. */
  connected: boolean;
  store_name: string;
  store_hash: string | null;
  /** The storefront's address, as BigCommerce reports it. */
  store_url: string | null;
  /** The widget's loader is registered through the Scripts API (nothing to paste). */
  script_installed: boolean;
  products: number;
  catalog_synced_at: string | null;
  connected_at: string | null;
  /** Where the merchant creates a Store API account (the store's own control panel once its hash is known). */
  api_accounts_url: string;
  /** Published reviews are copied into the store's own product reviews (the theme's stars read those). */
  native_reviews: boolean;
  /**
   * BigCommerce refused the copies (its API account's Products scope is read-only) since the last one it took: the
   * merchant gives the account Products "modify" and reconnects.
   */
  native_reviews_refused: boolean;
}

/** PUT /api/integrations/bigcommerce/native-reviews/ — copy published reviews into BigCommerce's own, or stop. */
export const ZBigCommerceNativeReviews = z.object({ enabled: z.boolean() });
export type TBigCommerceNativeReviews = z.infer<typeof ZBigCommerceNativeReviews>;

// ---- Tienda Nube (SPEC §2 Tienda Nube page) ----

/** GET /api/integrations/tiendanube/ — the Tienda Nube page's state for the current store. */
export interface TTiendaNubeIntegration {
  /** The Tienda Nube app is installed for this store and its token held. */
  connected: boolean;
  store_name: string;
  store_url: string | null;
  script_installed: boolean;
  products: number;
  catalog_synced_at: string | null;
  connected_at: string | null;
  /** Option 1: the app's page in Tienda Nube's app store (null when the app is not configured here). */
  install_url: string | null;
  /** Option 2: where merchants who registered directly write to be connected; null (no option 2) unless set. */
  support_email: string | null;
  /** The Tienda Nube app is configured on this server (TIENDANUBE_CLIENT_ID and TIENDANUBE_CLIENT_SECRET). */
  available: boolean;
  /**
   * Products' ratings could not be written since the last one that was (an install from before the app asked for
   * `write_products`): installing the app again grants it.
   */
  ratings_refused: boolean;
}
