import { Inject, Injectable } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CatalogService } from '../../products/catalog.service.js';
import { WidgetScriptService } from '../../widget-script/widget-script.service.js';
import { PlatformError } from '../platform-error.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { TiendaNubeClient, type TiendaNubeStore } from './tiendanube.client.js';
import { TiendaNubeStoreOf } from './tiendanube-store.js';
import { ZProducts, productFromApi } from './tiendanube.mappers.js';

/** Events subscribed through the API; the LGPD ones are set in the Partner Portal (EXTERNAL_APIS §3.3). */
export const WEBHOOK_EVENTS = [
  'app/uninstalled',
  'order/created',
  'order/paid',
  'order/fulfilled',
  'order/cancelled',
  'product/created',
  'product/updated',
  'product/deleted',
] as const;

const PRODUCTS_PER_PAGE = 200;

interface ScriptItem {
  id: number | string;
  src?: string | null;
}
interface WebhookItem {
  id: number | string;
  url: string;
  event: string;
}

/**
 * What an install sets up, run from the inbox after the merchant has their answer (each step can be repeated):
 * webhooks, the widget's loader as a store script (Tienda Nube appends `?store={id}` and removes it on uninstall),
 * and a first sync of the catalogue.
 */
@Injectable()
export class TiendaNubeSetupService {
  constructor(
    private readonly client: TiendaNubeClient,
    private readonly stores: StoreConnectionsRepository,
    private readonly storeOf: TiendaNubeStoreOf,
    private readonly catalog: CatalogService,
    private readonly scripts: WidgetScriptService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get webhookUrl(): string {
    return `${this.config.publicUrl}/api/webhooks/tiendanube/`;
  }

  async afterInstall(merchantId: string): Promise<void> {
    const merchant = await this.stores.findById(merchantId);
    if (!merchant?.accessTokenEncrypted || merchant.disconnectedAt || merchant.platform !== 'tiendanube') return;
    const store = this.storeOf.of(merchant);
    await this.subscribeWebhooks(store);
    await this.installScript(store, merchant.storeId);
    await this.syncCatalog(merchant, store);
  }

  async scriptInstalled(merchant: MerchantRow): Promise<boolean> {
    const src = this.scripts.scriptUrl(merchant.storeId);
    const { body } = await this.client.get<ScriptItem[]>(this.storeOf.of(merchant), '/scripts', { attempts: 1 });
    return body.some((script) => script.src === src);
  }

  private async subscribeWebhooks(store: TiendaNubeStore): Promise<void> {
    const { body: existing } = await this.client.get<WebhookItem[]>(store, '/webhooks');
    const ours = existing.filter((hook) => hook.url === this.webhookUrl);
    for (const event of WEBHOOK_EVENTS) {
      if (ours.some((hook) => hook.event === event)) continue;
      await this.client.post(store, '/webhooks', { event, url: this.webhookUrl });
    }
  }

  /** One script per store loading this store's loader; one for another address (PUBLIC_URL changed) is replaced. */
  private async installScript(store: TiendaNubeStore, storeId: string): Promise<void> {
    const src = this.scripts.scriptUrl(storeId);
    const base = `${this.config.publicUrl}/widget/v1/`;
    const { body: existing } = await this.client.get<ScriptItem[]>(store, '/scripts');
    const widgetScripts = existing.filter((script) => script.src?.includes('/widget/v1/'));
    for (const script of widgetScripts.filter((item) => item.src !== src && item.src?.startsWith(base))) {
      await this.client.delete(store, `/scripts/${encodeURIComponent(String(script.id))}`);
    }
    if (widgetScripts.some((script) => script.src === src)) return;
    await this.client.post(store, '/scripts', { src, event: 'onload', where: 'store' });
  }

  /** Every product, page by page; the API answers 404 past the last page. */
  async syncCatalog(merchant: MerchantRow, store: TiendaNubeStore): Promise<void> {
    for (let page = 1; ; page++) {
      let products;
      try {
        const { body } = await this.client.get(store, `/products?page=${page}&per_page=${PRODUCTS_PER_PAGE}`);
        products = ZProducts.parse(body);
      } catch (error) {
        if (error instanceof PlatformError && error.status === 404 && page > 1) break;
        throw error;
      }
      await this.catalog.apply(
        merchant.id,
        products.map((product) => productFromApi(product, merchant.mainLanguage, merchant.currency)),
      );
      if (products.length < PRODUCTS_PER_PAGE) break;
    }
    await this.stores.markCatalogSynced(merchant.id);
  }
}
