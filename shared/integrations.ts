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
export const ZShopifyAuthorize = z.object({ authorize_url: z.url() }).meta({ id: 'ShopifyAuthorize' });
export type TShopifyAuthorize = z.output<typeof ZShopifyAuthorize>;

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

const timestamp = z.iso.datetime({ offset: true });
const count = z.int().nonnegative();

/** GET /api/integrations/shopify/ — the Shopify page's state for the current store. */
export const ZShopifyIntegration = z
  .object({
    /** The app is installed and its token held. */
    connected: z.boolean(),
    /** The store's myshopify.com domain; null unless the store is a Shopify one. */
    shop: z.string().nullable(),
    store_name: z.string(),
    /** Where a merchant installs the app (the app's listing, when the operator configured one). */
    install_url: z.url().nullable(),
    /** Opens the theme editor with the app embed switched on (null until connected). */
    theme_editor_url: z.url().nullable(),
    /** Whether the live theme has the app embed on: null when it could not be checked. */
    embed_enabled: z.boolean().nullable(),
    setup_complete: z.boolean(),
    /** What the widget prints in the browser console on a storefront page when it runs. */
    console_message: z.string(),
    /** Products synced from the store's catalogue. */
    products: count,
    catalog_synced_at: timestamp.nullable(),
    /**
     * The store's access lets the app keep its products' rating metafields (scope write_products): false for a store
     * installed before the app asked for it, until it is reconnected.
     */
    ratings_synced: z.boolean(),
    connected_at: timestamp.nullable(),
    disconnected_at: timestamp.nullable(),
    /** The Shopify app is configured on this server (SHOPIFY_API_KEY and SHOPIFY_API_SECRET). */
    available: z.boolean(),
  })
  .meta({ id: 'ShopifyIntegration' });
export type TShopifyIntegration = z.output<typeof ZShopifyIntegration>;

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
export const ZBigCommerceIntegration = z
  .object({
    /** A BigCommerce store is connected and its token held. */
    connected: z.boolean(),
    store_name: z.string(),
    store_hash: z.string().nullable(),
    /** The storefront's address, as BigCommerce reports it. */
    store_url: z.url().nullable(),
    /** The widget's loader is registered through the Scripts API (nothing to paste). */
    script_installed: z.boolean(),
    /** Products synced from the store's catalogue. */
    products: count,
    catalog_synced_at: timestamp.nullable(),
    connected_at: timestamp.nullable(),
    /** Where the merchant creates a Store API account (the store's own control panel once its hash is known). */
    api_accounts_url: z.url(),
    /** Published reviews are copied into the store's own product reviews (the theme's stars read those). */
    native_reviews: z.boolean(),
    /**
     * BigCommerce refused the copies (its API account's Products scope is read-only) since the last one it took: the
     * merchant gives the account Products "modify" and reconnects.
     */
    native_reviews_refused: z.boolean(),
  })
  .meta({ id: 'BigCommerceIntegration' });
export type TBigCommerceIntegration = z.output<typeof ZBigCommerceIntegration>;

/** PUT /api/integrations/bigcommerce/native-reviews/ — copy published reviews into BigCommerce's own, or stop. */
export const ZBigCommerceNativeReviews = z.object({ enabled: z.boolean() });
export type TBigCommerceNativeReviews = z.infer<typeof ZBigCommerceNativeReviews>;

// ---- Tienda Nube (SPEC §2 Tienda Nube page) ----

/** GET /api/integrations/tiendanube/ — the Tienda Nube page's state for the current store. */
export const ZTiendaNubeIntegration = z
  .object({
    /** The Tienda Nube app is installed for this store and its token held. */
    connected: z.boolean(),
    store_name: z.string(),
    store_url: z.url().nullable(),
    script_installed: z.boolean(),
    /** Products synced from the store's catalogue. */
    products: count,
    catalog_synced_at: timestamp.nullable(),
    connected_at: timestamp.nullable(),
    /** Option 1: the app's page in Tienda Nube's app store (null when the app is not configured here). */
    install_url: z.url().nullable(),
    /** Option 2: where merchants who registered directly write to be connected; null (no option 2) unless set. */
    support_email: z.email().nullable(),
    /** The Tienda Nube app is configured on this server (TIENDANUBE_CLIENT_ID and TIENDANUBE_CLIENT_SECRET). */
    available: z.boolean(),
    /**
     * Products' ratings could not be written since the last one that was (an install from before the app asked for
     * `write_products`): installing the app again grants it.
     */
    ratings_refused: z.boolean(),
  })
  .meta({ id: 'TiendaNubeIntegration' });
export type TTiendaNubeIntegration = z.output<typeof ZTiendaNubeIntegration>;
