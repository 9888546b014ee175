import type { Product, TPlatform } from '../types.js';

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

/** The product id and where it came from, in DESIGN §7's order: placeholder, Shopify, Tienda Nube, BigCommerce. */
function productId(): [string, TPlatform, HTMLElement | null] | null {
  const placeholder = document.querySelector<HTMLElement>('[data-video-reviews][data-product-id]');
  const own = text(placeholder?.dataset.productId);
  if (placeholder && own) return [own, 'generic', placeholder];
  const shopify = text(window.ShopifyAnalytics?.meta?.product?.id);
  if (shopify) return [shopify, 'shopify', null];
  const nube = text(window.LS?.product?.id);
  if (nube) return [nube, 'tiendanube', null];
  const bigcommerce =
    attribute('.productView[data-entity-id]', 'data-entity-id') ||
    attribute('[data-entity-id]', 'data-entity-id') ||
    attribute('input[name=product_id]', 'value');
  return bigcommerce ? [bigcommerce, 'bigcommerce', null] : null;
}

export function detectProduct(): Product | null {
  const found = productId();
  if (!found) return null;
  const canonical = absolute(attribute('link[rel=canonical]', 'href'));
  return {
    id: found[0],
    platform: found[1],
    placeholder: found[2],
    name:
      attribute('meta[property="og:title"]', 'content') ||
      text(document.querySelector('h1')?.textContent) ||
      text(document.title),
    image: absolute(attribute('meta[property="og:image"]', 'content')),
    url: canonical || location.origin + location.pathname,
  };
}
