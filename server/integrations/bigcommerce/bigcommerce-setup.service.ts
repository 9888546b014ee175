import { Inject, Injectable } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CatalogService } from '../../products/catalog.service.js';
import { WidgetScriptService } from '../../widget-script/widget-script.service.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { STORE_HEADER, TOKEN_HEADER, webhookToken } from './bigcommerce-webhook-auth.js';
import { BigCommerceClient, type BigCommerceCredentials } from './bigcommerce.client.js';
import { BigCommerceCredentialsOf } from './bigcommerce-credentials.js';
import { ZProductPage, ZStoreInfo, productFromApi, storefrontOf } from './bigcommerce.mappers.js';

/** The scopes the app listens to (EXTERNAL_APIS §2.5): orders make verified buyers, products keep the catalogue. */
export const WEBHOOK_SCOPES = [
  'store/order/created',
  'store/order/statusUpdated',
  'store/product/created',
  'store/product/updated',
  'store/product/deleted',
] as const;

const SCRIPT_NAME = 'Video Reviews widget';
const PRODUCTS_PER_PAGE = 250;

interface Listed<T> {
  data: T[];
}
interface ScriptItem {
  uuid: string;
  name: string;
  src?: string | null;
}
interface HookItem {
  id: number | string;
  destination: string;
}

/**
 * What connecting a BigCommerce store sets up, run from the inbox after the merchant has their answer (each step
 * can be repeated): the widget's loader through the Scripts API (nothing to paste), the webhooks, and a first sync
 * of the catalogue. Disconnecting takes the script and the webhooks away again.
 */
@Injectable()
export class BigCommerceSetupService {
  constructor(
    private readonly client: BigCommerceClient,
    private readonly credentials: BigCommerceCredentialsOf,
    private readonly stores: StoreConnectionsRepository,
    private readonly catalog: CatalogService,
    private readonly scripts: WidgetScriptService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get webhookUrl(): string {
    return `${this.config.publicUrl}/api/webhooks/bigcommerce/`;
  }

  async afterConnect(merchantId: string): Promise<void> {
    const merchant = await this.stores.findById(merchantId);
    // Disconnected (or moved to another platform) before this ran: nothing to set up.
    if (!merchant?.accessTokenEncrypted || merchant.disconnectedAt || merchant.platform !== 'bigcommerce') return;
    const credentials = this.credentials.of(merchant);
    await this.installScript(credentials, merchant.storeId);
    await this.subscribeWebhooks(credentials, merchant);
    const store = ZStoreInfo.parse(await this.client.get(credentials, '/v2/store'));
    await this.syncCatalog(merchant, credentials, storefrontOf(store));
  }

  /** Removes what connecting added to the store; true when the store could be told. */
  async teardown(merchant: MerchantRow): Promise<void> {
    const credentials = this.credentials.of(merchant);
    for (const script of await this.ourScripts(credentials)) {
      await this.client.delete(credentials, `/v3/content/scripts/${encodeURIComponent(script.uuid)}`);
    }
    for (const hook of await this.ourHooks(credentials)) {
      await this.client.delete(credentials, `/v3/hooks/${encodeURIComponent(String(hook.id))}`);
    }
  }

  /** Whether the widget's loader is registered on the store right now. */
  async scriptInstalled(merchant: MerchantRow): Promise<boolean> {
    const credentials = this.credentials.of(merchant);
    const src = this.scripts.scriptUrl(merchant.storeId);
    const listed = await this.client.get<Listed<ScriptItem>>(credentials, '/v3/content/scripts', { attempts: 1 });
    return listed.data.some((script) => script.src === src);
  }

  private async ourScripts(credentials: BigCommerceCredentials): Promise<ScriptItem[]> {
    const listed = await this.client.get<Listed<ScriptItem>>(credentials, '/v3/content/scripts');
    return listed.data.filter((script) => script.name === SCRIPT_NAME);
  }

  private async ourHooks(credentials: BigCommerceCredentials): Promise<HookItem[]> {
    const listed = await this.client.get<Listed<HookItem>>(credentials, '/v3/hooks');
    return listed.data.filter((hook) => hook.destination === this.webhookUrl);
  }

  /** One script per store, loading this store's loader; an older one (another address, another id) is replaced. */
  private async installScript(credentials: BigCommerceCredentials, storeId: string): Promise<void> {
    const src = this.scripts.scriptUrl(storeId);
    const ours = await this.ourScripts(credentials);
    for (const script of ours.filter((item) => item.src !== src)) {
      await this.client.delete(credentials, `/v3/content/scripts/${encodeURIComponent(script.uuid)}`);
    }
    if (ours.some((script) => script.src === src)) return;
    await this.client.post(credentials, '/v3/content/scripts', {
      name: SCRIPT_NAME,
      description: 'Shows approved video and photo reviews on product pages.',
      src,
      kind: 'src',
      load_method: 'async',
      location: 'footer',
      visibility: 'storefront',
      // Not hidden behind the cookie banner: the widget stores nothing about the shopper.
      consent_category: 'essential',
      auto_uninstall: true,
    });
  }

  /** The hooks of an earlier connection carry a retired token: they are replaced by this connection's. */
  private async subscribeWebhooks(credentials: BigCommerceCredentials, merchant: MerchantRow): Promise<void> {
    for (const hook of await this.ourHooks(credentials)) {
      await this.client.delete(credentials, `/v3/hooks/${encodeURIComponent(String(hook.id))}`);
    }
    const headers = {
      [STORE_HEADER]: credentials.storeHash,
      [TOKEN_HEADER]: webhookToken(this.config.secrets.encryptionKey, merchant.id, merchant.connectedAt),
    };
    for (const scope of WEBHOOK_SCOPES) {
      await this.client.post(credentials, '/v3/hooks', {
        scope,
        destination: this.webhookUrl,
        is_active: true,
        headers,
      });
    }
  }

  /** Every product, page by page; webhooks keep it current afterwards. */
  async syncCatalog(merchant: MerchantRow, credentials: BigCommerceCredentials, storefront: string | null) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = ZProductPage.parse(
        await this.client.get(
          credentials,
          `/v3/catalog/products?include=images,variants&limit=${PRODUCTS_PER_PAGE}&page=${page}`,
        ),
      );
      await this.catalog.apply(
        merchant.id,
        answer.data.map((product) => productFromApi(product, merchant.currency, storefront)),
      );
      pages = answer.meta.pagination.total_pages;
    }
    await this.stores.markCatalogSynced(merchant.id);
  }
}
