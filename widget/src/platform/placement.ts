import type { TWidgetConfiguration } from '../../../shared/storefront.js';
import type { TPlatform } from '../types.js';

type TAnchor = 'description' | 'gallery' | 'info';
type Where = 'after' | 'before' | 'append';

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
  description: [
    '[itemprop=description]',
    '.product-description',
    '#product-description',
    '.product__description',
    '.woocommerce-product-details__short-description',
  ],
  gallery: ['.product-gallery', '.product-images', '[data-product-gallery]'],
  info: ['form[action*="/cart"]', '.product-info', '.product-details'],
};

/** Without a description: after the product form, else at the end of the product's own block, else of `main`. */
const LAST: Array<[string[], Where]> = [
  [['form[action*="/cart/add"]', 'form.cart', '.product-form', 'form[action*="/cart"]'], 'after'],
  [['[itemtype*="schema.org/Product"]', '.product-single', '.summary.entry-summary', 'main'], 'append'],
];

function query(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    // A merchant's custom selector may not be valid CSS.
    return null;
  }
}

/**
 * Inserts the host by the position setting (the platform's selectors, then common theme markup), falling back to
 * after the description, the product form, the product's block or `main`. Says where, for the console; null when
 * the page has no place for it.
 */
export function place(host: HTMLElement, platform: TPlatform, configuration: TWidgetConfiguration): string | null {
  const position = configuration.position;
  const own = (anchor: TAnchor) => SELECTORS[platform][anchor].concat(FALLBACKS[anchor]);
  const steps: Array<[string[], Where]> =
    position === 'custom'
      ? [[[configuration.custom_selector || ''], 'append']]
      : position === 'after_gallery'
        ? [[own('gallery'), 'after']]
        : position === 'inside_product_info'
          ? [[own('info'), 'append']]
          : [];
  steps.push([own('description'), position === 'before_description' ? 'before' : 'after'], ...LAST);
  for (const [selectors, where] of steps) {
    for (const selector of selectors) {
      const anchor = query(selector);
      if (anchor) {
        anchor[where](host);
        return (where === 'append' ? 'inside ' : where + ' ') + selector;
      }
    }
  }
  return null;
}
