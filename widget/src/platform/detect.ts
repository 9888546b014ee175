import type { Product, TPlatform } from '../types.js';
import { meta, pageProduct } from './page-product.js';

const text = (value: unknown): string => (value == null ? '' : String(value).trim());

function attribute(selector: string, name: string): string {
  return text(document.querySelector(selector)?.getAttribute(name));
}

function absolute(url: string): string {
  try {
    return url ? new URL(url, location.href).href : '';
  } catch {
    return '';
  }
}

type Found = [id: string, platform: TPlatform, from: string];

/**
 * The product id and what gave it (said in the console), in DESIGN §7's order: the merchant's container, Shopify,
 * Tienda Nube, BigCommerce; then, on any site, the page's Product JSON-LD, its Open Graph product tags, and for a
 * page either calls a product but none names, its path.
 */
function productId(placeholder: HTMLElement | null, node: Record<string, unknown>, ld: boolean): Found | null {
  const own = text(placeholder?.dataset.productId);
  if (own) return [own, 'generic', 'data-video-reviews'];
  const shopify = text(window.ShopifyAnalytics?.meta?.product?.id);
  if (shopify) return [shopify, 'shopify', 'ShopifyAnalytics'];
  const nube = text(window.LS?.product?.id);
  if (nube) return [nube, 'tiendanube', 'LS.product'];
  const bigcommerce =
    attribute('.productView[data-entity-id]', 'data-entity-id') ||
    // Not a listing's product card (Cornerstone's carry one): that page has no product of its own.
    attribute('[data-entity-id]:not(.card)', 'data-entity-id') ||
    attribute('input[name=product_id]', 'value');
  if (bigcommerce) return [bigcommerce, 'bigcommerce', 'data-entity-id'];
  const named = text(node.productID || node.productGroupID || node.sku);
  if (named) return [named, 'generic', 'JSON-LD'];
  const og = meta('og:type').startsWith('product');
  const retailer = og && meta('product:retailer_item_id');
  if (retailer) return [retailer, 'generic', 'Open Graph'];
  return ld || og ? [location.pathname, 'generic', 'the URL path'] : null;
}

/** What the page says of its product: the widget's JSON-LD and a new review's product come from the page itself. */
export function detectProduct(): Product | null {
  // The merchant's container: where the widget goes, and with `data-product-id`, which product it shows.
  const placeholder = document.querySelector<HTMLElement>('[data-video-reviews]');
  const ld = pageProduct();
  const node = ld ? ld[2] : {};
  const found = productId(placeholder, node, !!ld);
  if (!found) return null;
  // A URL, an ImageObject, or a list of either.
  const image = ([] as unknown[]).concat(node.image)[0] as { url?: unknown } | undefined;
  return {
    id: found[0],
    platform: found[1],
    from: found[2],
    placeholder,
    name:
      text(node.name) || meta('og:title') || text(document.querySelector('h1')?.textContent) || text(document.title),
    image: absolute(text(image?.url ?? image) || meta('og:image:secure_url') || meta('og:image')),
    url: absolute(attribute('link[rel=canonical]', 'href')) || location.origin + location.pathname,
  };
}
