import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TWidgetSettings } from '../../../shared/widgets.js';
import { isConnected } from '../../accounts/accounts.mapper.js';
import { JobQueue } from '../../jobs/job-queue.service.js';
import { mapSettings } from '../../widgets/widgets.mapper.js';
import { WidgetsRepository } from '../../widgets/widgets.repository.js';
import { WidgetSettingsEvents } from '../../widgets/widget-settings-events.js';
import { PlatformError } from '../platform-error.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { StoreTokens } from '../store-tokens.js';
import { METAFIELDS_SET, SHOP_INFO, WIDGET_METAFIELD, type TMetafieldsSet, type TShopInfo } from './shopify.graphql.js';
import { ShopifyClient } from './shopify.client.js';

const QUEUE = 'shopify-widget-layout';

/**
 * What the product reviews app block (extensions/video-reviews/blocks/product-reviews.liquid) reads to size the
 * widget's skeleton: every setting the widget's height follows from, nothing else (colours and texts do not move it).
 */
export function widgetLayout(settings: TWidgetSettings) {
  return {
    layout: settings.layout,
    batch: settings.initial_videos_count,
    compact: settings.compact_mode,
    rating: settings.show_rating,
    date: settings.show_date,
    title: settings.widget_title !== '',
  };
}

/**
 * Keeps the app-data metafield `video_reviews.widget` equal to the store's widget layout: written at install and,
 * through the job queue (retried while Shopify is away), after every save of the widget settings.
 */
@Injectable()
export class ShopifyWidgetLayout implements OnModuleInit {
  constructor(
    private readonly client: ShopifyClient,
    private readonly stores: StoreConnectionsRepository,
    private readonly tokens: StoreTokens,
    private readonly widgets: WidgetsRepository,
    private readonly events: WidgetSettingsEvents,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ merchantId: string }>(QUEUE, { handle: ({ merchantId }) => this.publish(merchantId) });
    this.events.on((merchantId) => this.jobs.enqueue(QUEUE, { merchantId }, { key: merchantId }));
  }

  async publish(merchantId: string): Promise<void> {
    const merchant = await this.stores.findById(merchantId);
    if (merchant?.platform !== 'shopify' || !merchant.externalStoreId || !isConnected(merchant)) return;
    const shop = merchant.externalStoreId;
    const token = this.tokens.open(merchant);
    const info = await this.client.graphql<TShopInfo>(shop, token, SHOP_INFO);
    await this.publishTo(shop, token, info.currentAppInstallation.id, merchantId);
  }

  /** Writes the metafield on the app's installation (`installationId`), for an install that already holds it. */
  async publishTo(shop: string, token: string, installationId: string, merchantId: string): Promise<void> {
    const settings = mapSettings(await this.widgets.settings(merchantId));
    const { metafieldsSet } = await this.client.graphql<TMetafieldsSet>(shop, token, METAFIELDS_SET, {
      metafields: [
        {
          ownerId: installationId,
          ...WIDGET_METAFIELD,
          type: 'json',
          value: JSON.stringify(widgetLayout(settings)),
        },
      ],
    });
    if (metafieldsSet.userErrors.length) {
      throw new PlatformError('rejected', `Widget layout: ${metafieldsSet.userErrors[0].message}`);
    }
  }
}
