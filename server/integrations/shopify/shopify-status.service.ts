import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TShopifyIntegration } from '../../../shared/integrations.js';
import { SHOPIFY_EMBED_HANDLE } from '../../../shared/shopify.js';
import { isConnected } from '../../accounts/accounts.mapper.js';
import { AccountsRepository, type MerchantRow } from '../../accounts/accounts.repository.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CatalogService } from '../../products/catalog.service.js';
import { ServerReaders } from '../../ssr/server-readers.js';
import { PlatformError } from '../platform-error.js';
import { StoreTokens } from '../store-tokens.js';
import { MAIN_THEME_SETTINGS, type TMainThemeSettings } from './shopify.graphql.js';
import { RATINGS_SCOPE } from './shopify-ratings.js';
import { ShopifyClient } from './shopify.client.js';
import { embedEnabled } from './shopify.mappers.js';

const hasScope = (scopes: string | null, scope: string) => !!scopes?.split(',').some((s) => s.trim() === scope);

/** The line the widget prints in a storefront's console when it runs (widget/src/main.ts). */
export function widgetConsoleMessage(storeId: string): string {
  return `[video-reviews] Running for store ${storeId}`;
}

/** The Shopify page's state: connection, app embed (read from the live theme), catalogue. */
@Injectable()
export class ShopifyStatusService implements OnModuleInit {
  private readonly logger = new Logger(ShopifyStatusService.name);

  constructor(
    private readonly client: ShopifyClient,
    private readonly tokens: StoreTokens,
    private readonly catalog: CatalogService,
    private readonly accounts: AccountsRepository,
    private readonly readers: ServerReaders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // The Shopify page, drawn with its connection's state (the API route's permission).
    this.readers.register(
      'shopifyIntegration',
      'view_dashboard',
      (merchantId) => async () => this.status(await this.accounts.requireMerchant(merchantId)),
    );
  }

  async status(merchant: MerchantRow): Promise<TShopifyIntegration> {
    const onShopify = merchant.platform === 'shopify' && merchant.externalStoreId !== null;
    const connected = onShopify && isConnected(merchant);
    const shop = onShopify ? merchant.externalStoreId : null;
    const embed = connected ? await this.embedEnabled(merchant) : null;
    let setupComplete = merchant.shopifySetupComplete;
    // The embed is on in the live theme: setup is done, and the dashboard's banner goes for everyone.
    if (embed && !setupComplete)
      setupComplete = (await this.accounts.completeShopifySetup(merchant.id)).shopifySetupComplete;
    return {
      connected,
      shop,
      store_name: merchant.storeName,
      install_url: this.config.shopify.listingUrl ?? null,
      theme_editor_url:
        connected && shop
          ? `${this.client.shopBase(shop)}/admin/themes/current/editor?context=apps&activateAppId=${encodeURIComponent(this.client.apiKey)}/${SHOPIFY_EMBED_HANDLE}`
          : null,
      embed_enabled: embed,
      setup_complete: setupComplete,
      console_message: widgetConsoleMessage(merchant.storeId),
      products: onShopify ? await this.catalog.countSynced(merchant.id) : 0,
      catalog_synced_at: onShopify ? (merchant.catalogSyncedAt?.toISOString() ?? null) : null,
      ratings_synced: connected && hasScope(merchant.accessScopes, RATINGS_SCOPE),
      connected_at: onShopify ? (merchant.connectedAt?.toISOString() ?? null) : null,
      disconnected_at: onShopify ? (merchant.disconnectedAt?.toISOString() ?? null) : null,
      available: this.client.configured,
    };
  }

  /** Null when the theme could not be read (Shopify unreachable, scope missing): unknown, not off. */
  private async embedEnabled(merchant: MerchantRow): Promise<boolean | null> {
    try {
      const token = this.tokens.open(merchant);
      const { themes } = await this.client.graphql<TMainThemeSettings>(
        merchant.externalStoreId as string,
        token,
        MAIN_THEME_SETTINGS,
        {},
        { attempts: 2 },
      );
      const content = themes.nodes[0]?.files.nodes[0]?.body?.content;
      return content ? embedEnabled(content, SHOPIFY_EMBED_HANDLE) : false;
    } catch (error) {
      if (!(error instanceof PlatformError) && !(error instanceof SyntaxError)) throw error;
      this.logger.warn({ err: error, merchantId: merchant.id }, 'Could not read the theme’s app embeds');
      return null;
    }
  }
}
