import { Inject, Injectable } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CatalogService } from '../../products/catalog.service.js';
import { WidgetScriptService } from '../../widget-script/widget-script.service.js';
import { PlatformError } from '../platform-error.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { StoreTokens } from '../store-tokens.js';
import {
  LOADER_METAFIELD,
  METAFIELDS_SET,
  PRODUCTS_PAGE,
  SHOP_INFO,
  WEBHOOK_SUBSCRIPTION_CREATE,
  WEBHOOK_TOPICS,
  type TMetafieldsSet,
  type TProductsPage,
  type TShopInfo,
  type TWebhookSubscriptionCreate,
} from './shopify.graphql.js';
import { ShopifyClient } from './shopify.client.js';
import { ShopifyWidgetLayout } from './shopify-widget-layout.js';
import { productFromNode } from './shopify.mappers.js';

const PRODUCTS_PER_PAGE = 100;

/**
 * The rest of an install, run from the inbox after the merchant is on their way (each step can be repeated): webhook
 * subscriptions, the loader URL the theme app embed reads, the widget layout the product reviews block reads, and a
 * first sync of the catalogue.
 */
@Injectable()
export class ShopifySetupService {
  constructor(
    private readonly client: ShopifyClient,
    private readonly stores: StoreConnectionsRepository,
    private readonly tokens: StoreTokens,
    private readonly catalog: CatalogService,
    private readonly scripts: WidgetScriptService,
    private readonly layout: ShopifyWidgetLayout,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get webhookUrl(): string {
    return `${this.config.publicUrl}/api/webhooks/shopify/`;
  }

  async afterInstall(merchantId: string): Promise<void> {
    const merchant = await this.stores.findById(merchantId);
    // Uninstalled again (or erased) before this ran: nothing to set up.
    if (!merchant?.accessTokenEncrypted || merchant.disconnectedAt || !merchant.externalStoreId) return;
    const shop = merchant.externalStoreId;
    const token = this.tokens.open(merchant);
    const info = await this.client.graphql<TShopInfo>(shop, token, SHOP_INFO);
    await this.subscribeWebhooks(shop, token);
    await this.publishLoaderUrl(shop, token, info.currentAppInstallation.id, merchant.storeId);
    await this.layout.publishTo(shop, token, info.currentAppInstallation.id, merchant.id);
    await this.syncCatalog(merchant, token, info.shop.primaryDomain?.host ?? null);
  }

  private async subscribeWebhooks(shop: string, token: string): Promise<void> {
    for (const topic of Object.keys(WEBHOOK_TOPICS)) {
      const { webhookSubscriptionCreate: created } = await this.client.graphql<TWebhookSubscriptionCreate>(
        shop,
        token,
        WEBHOOK_SUBSCRIPTION_CREATE,
        { topic, uri: this.webhookUrl },
      );
      // A re-install finds the subscription Shopify kept: that is the state we want.
      const problems = created.userErrors.filter((error) => !/already been taken/i.test(error.message));
      if (problems.length) throw new PlatformError('rejected', `Webhook ${topic}: ${problems[0].message}`);
    }
  }

  /** The theme app embed block loads `{{ app.metafields.video_reviews.loader_url }}`: the store's own loader. */
  private async publishLoaderUrl(shop: string, token: string, installationId: string, storeId: string): Promise<void> {
    const { metafieldsSet } = await this.client.graphql<TMetafieldsSet>(shop, token, METAFIELDS_SET, {
      metafields: [
        {
          ownerId: installationId,
          ...LOADER_METAFIELD,
          type: 'single_line_text_field',
          value: this.scripts.scriptUrl(storeId),
        },
      ],
    });
    if (metafieldsSet.userErrors.length) {
      throw new PlatformError('rejected', `Loader URL: ${metafieldsSet.userErrors[0].message}`);
    }
  }

  /** Every product, page by page (throttling is waited out by the client); webhooks keep it current afterwards. */
  async syncCatalog(merchant: MerchantRow, token: string, storefront: string | null): Promise<void> {
    const shop = merchant.externalStoreId as string;
    let after: string | null = null;
    do {
      const page: TProductsPage = await this.client.graphql<TProductsPage>(shop, token, PRODUCTS_PAGE, {
        first: PRODUCTS_PER_PAGE,
        after,
      });
      await this.catalog.apply(
        merchant.id,
        page.products.nodes.map((node) => productFromNode(node, merchant.currency, storefront ?? merchant.storeDomain)),
      );
      after = page.products.pageInfo.hasNextPage ? page.products.pageInfo.endCursor : null;
    } while (after);
    await this.stores.markCatalogSynced(merchant.id);
  }
}
