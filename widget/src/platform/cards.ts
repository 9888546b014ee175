/**
 * Product cards of a listing page (a collection, search results, a home page's featured products): any element with
 * `data-vr-product-id` (the Shopify app block's, or a merchant's own), BigCommerce Cornerstone's `.card` and Tienda
 * Nube's `.js-item-product`, which name their product by `data-product-id` on the card or inside it.
 */
export const CARDS = '[data-vr-product-id],.card [data-product-id],.card[data-product-id],.js-item-product';
