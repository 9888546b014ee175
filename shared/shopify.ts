// Shopify constants and shop-domain handling, without zod: the dashboard's pages import them.

/**
 * Access the Shopify app asks for: the catalogue, orders (verified purchases, review requests), themes (app-embed
 * status), locales (the store's language for the widget), discounts (review incentives' single-use codes) and
 * products' write access for the ratings the app keeps in their rating and rating-count metafields (the standard reviews namespace).
 */
export const SHOPIFY_SCOPES = [
  'read_products',
  'write_products',
  'read_orders',
  'read_themes',
  'read_locales',
  'write_discounts',
] as const;
/** The theme app embed block's file name in `extensions/video-reviews/blocks/` (its handle in deep links). */
export const SHOPIFY_EMBED_HANDLE = 'video-reviews';
/** Where the widget keeps its session id in a Shopify cart, so the order says which widget session bought. */
export const SHOPIFY_SESSION_ATTRIBUTE = '_vr_session';

/** `*.myshopify.com` only (EXTERNAL_APIS §1.1: accepting only that suffix is our choice). */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** A shop as a merchant types it: `my-store`, `my-store.myshopify.com` or an admin URL, normalised to the domain. */
export function normalizeShopDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  const admin = value.match(/admin\.shopify\.com\/store\/([a-z0-9][a-z0-9-]*)/);
  if (admin) value = `${admin[1]}.myshopify.com`;
  value = value.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  if (/^[a-z0-9][a-z0-9-]*$/.test(value)) value = `${value}.myshopify.com`;
  return SHOP_DOMAIN.test(value) && value.length <= 255 ? value : null;
}
