/**
 * Product cards of a listing page (a collection, search results, a home page's featured products): any element with
 * `data-vr-product-id` (the Shopify app block's, or a merchant's own), BigCommerce Cornerstone's `.card` (its
 * `data-entity-id`; older Cornerstones only a `data-product-id` inside, on the quick-view button) and Tienda Nube's
 * `.js-item-product` (`data-product-id`).
 */
export const CARDS =
  '[data-vr-product-id],.card[data-entity-id],.card [data-product-id],.card[data-product-id],.js-item-product';
