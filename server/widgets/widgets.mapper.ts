import { WIDGET_DEFAULTS, type TProduct, type TProductOverride, type TWidgetSettings } from '../../shared/widgets.js';
import type { OverrideRow, ProductRow, SettingsRow } from './widgets.repository.js';

export function mapSettings(row: SettingsRow | null): TWidgetSettings {
  if (!row) return { ...WIDGET_DEFAULTS };
  return {
    show_rating: row.showRating,
    show_date: row.showDate,
    autoplay_videos: row.autoplayVideos,
    compact_mode: row.compactMode,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    text_color: row.textColor,
    background_color: row.backgroundColor,
    initial_videos_count: row.initialVideosCount as TWidgetSettings['initial_videos_count'],
    widget_title: row.widgetTitle,
    position: row.position,
    custom_selector: row.customSelector,
    layout: row.layout,
    language: row.language,
    accept_text_reviews: row.acceptTextReviews,
  };
}

export function mapProduct(product: ProductRow): TProduct {
  return {
    id: product.id,
    external_id: product.externalId,
    name: product.name,
    sku: product.sku,
    image: product.imageUrl,
    price: product.priceAmount,
    currency: product.currency,
    url: product.url,
    source: product.source,
  };
}

export function mapOverride(override: OverrideRow, product: ProductRow): TProductOverride {
  return {
    id: override.id,
    product_id: product.externalId,
    product: mapProduct(product),
    position: override.position,
    custom_selector: override.customSelector,
    enabled: override.enabled,
  };
}
