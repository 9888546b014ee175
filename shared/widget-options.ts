import { LANGUAGES } from './constants.js';

// The widget's choices and limits, without zod: the dashboard's forms import these, not the schemas.

export const WIDGET_POSITIONS = [
  'after_description',
  'before_description',
  'after_gallery',
  'inside_product_info',
  'custom',
] as const;
export type TWidgetPosition = (typeof WIDGET_POSITIONS)[number];

/** How the storefront widget lays out its reviews: a grid filling the width, a swipeable carousel, or a list. */
export const WIDGET_LAYOUTS = ['grid', 'carousel', 'list'] as const;
export type TWidgetLayout = (typeof WIDGET_LAYOUTS)[number];

/**
 * The language shoppers see the widget in: `auto` (the shopper's browser language among ours, else the store's main
 * language) or a fixed one. The store's main language is the dashboard's and the mails'; this is the widget's own.
 */
export const WIDGET_LANGUAGES = ['auto', ...LANGUAGES] as const;
export type TWidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

export const OVERRIDE_POSITIONS = [
  'global',
  'after_description',
  'before_description',
  'after_gallery',
  'custom',
] as const;
export type TOverridePosition = (typeof OVERRIDE_POSITIONS)[number];

/**
 * Where a product's name, image and link come from: the store platform's catalogue (synced), the merchant (edited in
 * the dashboard), or the storefront page the widget ran on, as the first shopper's browser sent it — unverified.
 * A platform's sync replaces any of them; a review submission never changes a product.
 */
export const PRODUCT_SOURCES = ['platform', 'merchant', 'storefront'] as const;
export type TProductSource = (typeof PRODUCT_SOURCES)[number];

/** 0 means all (SPEC §9). */
export const INITIAL_VIDEOS_CHOICES = [3, 5, 10, 0] as const;
export const WIDGET_TITLE_MAX_LENGTH = 100;
export const CUSTOM_SELECTOR_MAX_LENGTH = 200;

/**
 * Whether a review must carry a video or a photo: the one rule the server's upload, the widget's form and any page
 * reusing that form follow. Settings without the field (a configuration cached before it existed) keep media required.
 */
export function mediaRequired(settings: { accept_text_reviews?: boolean }): boolean {
  return settings.accept_text_reviews !== true;
}
