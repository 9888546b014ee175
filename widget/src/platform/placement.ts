import type { TWidgetConfiguration } from '../../../shared/storefront.js';
import type { TPlatform } from '../types.js';

type TAnchor = 'description' | 'gallery' | 'info';

/** Per platform and anchor, most specific first: the first match wins. Generic theme fallbacks follow. */
const SELECTORS: Record<TPlatform, Record<TAnchor, string[]>> = {
  shopify: {
    description: ['.product__description', '.product-single__description'],
    gallery: ['.product__media-wrapper', '.product-single__media-group', '.product__media'],
    info: ['.product__info-container', '.product-single__meta', '.product__info'],
  },
  bigcommerce: {
    description: ['.productView-description'],
    gallery: ['.productView-images'],
    info: ['.productView-details'],
  },
  tiendanube: {
    description: ['.product-description', '.js-product-description'],
    gallery: ['.js-product-slider', '.js-swiper-product'],
    info: ['.js-product-form', '.js-product-detail'],
  },
  generic: { description: [], gallery: [], info: [] },
};

const FALLBACKS: Record<TAnchor, string[]> = {
  description: ['[itemprop=description]', '.product-description', '#product-description'],
  gallery: ['.product-gallery', '.product-images', '[data-product-gallery]'],
  info: ['form[action*="/cart"]', '.product-info', '.product-details'],
};

function find(platform: TPlatform, anchor: TAnchor): Element | null {
  for (const selector of SELECTORS[platform][anchor].concat(FALLBACKS[anchor])) {
    const element = document.querySelector(selector);
    if (element) return element;
  }
  return null;
}

function custom(selector: string | null): Element | null {
  try {
    return selector ? document.querySelector(selector) : null;
  } catch {
    return null;
  }
}

/** Inserts the host by the position setting; false when the page has no place for it. */
export function place(host: HTMLElement, platform: TPlatform, configuration: TWidgetConfiguration): boolean {
  const position = configuration.position;
  let anchor: Element | null = null;
  if (position === 'custom') anchor = custom(configuration.custom_selector);
  else if (position === 'after_gallery') anchor = find(platform, 'gallery');
  else if (position === 'inside_product_info') anchor = find(platform, 'info');
  if (anchor) {
    if (position === 'after_gallery') anchor.after(host);
    else anchor.append(host);
    return true;
  }
  anchor = find(platform, 'description');
  if (anchor) {
    if (position === 'before_description') anchor.before(host);
    else anchor.after(host);
    return true;
  }
  anchor = document.querySelector('main');
  anchor?.append(host);
  return !!anchor;
}
