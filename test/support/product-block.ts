import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Liquid } from 'liquidjs';
import type { widgetLayout } from '../../server/integrations/shopify/shopify-widget-layout.js';
import { ROOT_DIR } from './pglite-template.js';

const BLOCK = readFileSync(join(ROOT_DIR, 'extensions', 'video-reviews', 'blocks', 'product-reviews.liquid'), 'utf8')
  // Shopify reads the schema; it renders nothing.
  .replace(/{% schema %}[\s\S]*?{% endschema %}/, '');
const engine = new Liquid();

/**
 * The Shopify product reviews app block as a theme renders it: for the product `productId` whose synced
 * `reviews.rating_count` is `count` (undefined: no metafield), with the app-data metafield the app writes.
 */
export function renderProductBlock(
  productId: string,
  count: number | undefined,
  layout: ReturnType<typeof widgetLayout> | undefined,
): string {
  const metafields = count === undefined ? {} : { reviews: { rating_count: { value: count } } };
  return engine.parseAndRenderSync(BLOCK, {
    block: { settings: {}, shopify_attributes: '' },
    product: { id: productId, metafields },
    app: { metafields: { video_reviews: layout ? { widget: { value: layout } } : {} } },
  }) as string;
}
