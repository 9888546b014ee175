import { z } from 'zod';
import { ZPage } from './reviews.js';
import {
  CUSTOM_SELECTOR_MAX_LENGTH,
  INITIAL_VIDEOS_CHOICES,
  OVERRIDE_POSITIONS,
  PRODUCT_SOURCES,
  WIDGET_LANGUAGES,
  WIDGET_LAYOUTS,
  WIDGET_POSITIONS,
  WIDGET_TITLE_MAX_LENGTH,
} from './widget-options.js';
export * from './widget-options.js';

// The API contract of widget settings, per-product overrides, products and installation (SPEC §3, §7 Widgets,
// §9 widget defaults; issue 5).

/** SPEC §9 widget defaults, for a merchant who never saved. */
export const WIDGET_DEFAULTS = {
  show_rating: true,
  show_date: true,
  autoplay_videos: false,
  compact_mode: false,
  primary_color: '#3498db',
  secondary_color: '#2c3e50',
  text_color: '#333333',
  background_color: '#ffffff',
  initial_videos_count: 3,
  widget_title: 'Customer Video Reviews',
  position: 'after_description',
  custom_selector: null,
  layout: 'grid',
  language: 'auto',
  accept_text_reviews: true,
} as const satisfies TWidgetSettings;

const ZColor = z
  .string({ error: 'A colour like #7C3AED.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #7C3AED.')
  .toLowerCase();

/**
 * A CSS selector the widget places itself by: bounded, and nothing that could close a tag or a rule. Empty is none
 * (null), which the pipe states so the API document describes the answer's field.
 */
const ZCustomSelector = z
  .string()
  .trim()
  .max(CUSTOM_SELECTOR_MAX_LENGTH, `At most ${CUSTOM_SELECTOR_MAX_LENGTH} characters.`)
  .refine((value) => !/[<{};]/.test(value), 'A CSS selector cannot contain <, {, } or ;.')
  .nullish()
  .transform((value) => value || null)
  .pipe(z.string().nullable());

const ZWidgetSettingsFields = z.object({
  show_rating: z.boolean(),
  show_date: z.boolean(),
  autoplay_videos: z.boolean(),
  compact_mode: z.boolean(),
  primary_color: ZColor,
  secondary_color: ZColor,
  text_color: ZColor,
  background_color: ZColor,
  initial_videos_count: z.union(
    INITIAL_VIDEOS_CHOICES.map((n) => z.literal(n)),
    {
      error: 'One of 3, 5, 10 or 0 (all).',
    },
  ),
  widget_title: z.string().trim().max(WIDGET_TITLE_MAX_LENGTH, `At most ${WIDGET_TITLE_MAX_LENGTH} characters.`),
  position: z.enum(WIDGET_POSITIONS, { error: 'Choose one of the positions.' }),
  custom_selector: ZCustomSelector,
  layout: z.enum(WIDGET_LAYOUTS, { error: 'One of grid, carousel or list.' }),
  language: z.enum(WIDGET_LANGUAGES, { error: 'One of auto, en, es or pt.' }),
  /** Reviews with only stars and text are taken (issue 24); off, every review needs a video or a photo. */
  accept_text_reviews: z.boolean(),
});

/**
 * The saved settings: every field, and a selector whenever the position is custom. What the settings routes answer
 * (SPEC §9's defaults until the first save).
 */
export const ZWidgetSettings = ZWidgetSettingsFields.superRefine((body, ctx) => {
  if (body.position === 'custom' && !body.custom_selector) {
    ctx.addIssue({ code: 'custom', path: ['custom_selector'], message: 'A custom position needs a CSS selector.' });
  }
}).meta({ id: 'WidgetSettings' });

/** The settings a storefront's configuration carries besides the placement and language, which it resolves. */
export const ZWidgetAppearance = ZWidgetSettingsFields.omit({
  position: true,
  custom_selector: true,
  language: true,
}).meta({ id: 'WidgetAppearance' });

/** POST /api/widgets/global-settings/ takes any subset; missing fields keep their saved (or default) value. */
export const ZWidgetSettingsPatch = ZWidgetSettingsFields.partial();
export type TWidgetSettings = z.output<typeof ZWidgetSettings>;
export type TWidgetSettingsInput = z.input<typeof ZWidgetSettingsPatch>;

/** POST /api/widgets/product-overrides/ (and set_override/), PUT /api/widgets/product-overrides/{id}/ */
export const ZProductOverrideInput = z
  .object({
    product_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
    position: z.enum(OVERRIDE_POSITIONS, { error: 'Choose one of the positions.' }).default('global'),
    custom_selector: ZCustomSelector,
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.position === 'custom' && !body.custom_selector) {
      ctx.addIssue({ code: 'custom', path: ['custom_selector'], message: 'A custom position needs a CSS selector.' });
    }
  });
export type TProductOverrideInput = z.input<typeof ZProductOverrideInput>;

export const ZProduct = z
  .object({
    id: z.uuid(),
    /** The store platform's product id. */
    external_id: z.string(),
    name: z.string(),
    sku: z.string().nullable(),
    image: z.string().nullable(),
    /** Integer minor units, with `currency`; null when unknown. */
    price: z.int().nullable(),
    currency: z.string().nullable(),
    url: z.string().nullable(),
    source: z.enum(PRODUCT_SOURCES),
  })
  .meta({ id: 'Product' });
export type TProduct = z.output<typeof ZProduct>;

export const ZProductOverride = z
  .object({
    id: z.uuid(),
    /** The product's external id (what the widget and the per-product tab use). */
    product_id: z.string(),
    product: ZProduct,
    position: z.enum(OVERRIDE_POSITIONS),
    custom_selector: z.string().nullable(),
    enabled: z.boolean(),
  })
  .meta({ id: 'ProductOverride' });
export type TProductOverride = z.output<typeof ZProductOverride>;

/** GET /api/widgets/product-overrides/ — every override of the store, by product name. */
export const ZProductOverrideList = z
  .object({ results: z.array(ZProductOverride) })
  .meta({ id: 'ProductOverrideList' });

/** GET /api/products/ — the store's products for the per-product setup, each with its override if it has one. */
export const ZProductWithOverride = ZProduct.extend({ override: ZProductOverride.nullable() }).meta({
  id: 'ProductWithOverride',
});
export type TProductWithOverride = z.output<typeof ZProductWithOverride>;
export const ZProductPage = ZPage(ZProductWithOverride).meta({ id: 'ProductPage' });

/** GET /api/installation/snippet/ */
export const ZInstallationSnippet = z
  .object({
    store_id: z.string(),
    /** The store's loader, `/widget/v1/{store_id}.js` on this server. */
    script_url: z.url(),
    /** The `<script>` tag to paste into the store's `<head>`. */
    snippet: z.string(),
    /** The store's Google product reviews feed, for Merchant Center. */
    google_feed_url: z.url(),
  })
  .meta({ id: 'InstallationSnippet' });
export type TInstallationSnippet = z.output<typeof ZInstallationSnippet>;
