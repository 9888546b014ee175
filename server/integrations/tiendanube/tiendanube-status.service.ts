import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TTiendaNubeIntegration } from '../../../shared/integrations.js';
import { isConnected } from '../../accounts/accounts.mapper.js';
import { AccountsRepository, type MerchantRow } from '../../accounts/accounts.repository.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CatalogService } from '../../products/catalog.service.js';
import { ServerReaders } from '../../ssr/server-readers.js';
import { PlatformError } from '../platform-error.js';
import { TiendaNubeClient } from './tiendanube.client.js';
import { TiendaNubeSetupService } from './tiendanube-setup.service.js';

/** The Tienda Nube page's state: connection, the widget's script (read from the store), catalogue, how to install. */
@Injectable()
export class TiendaNubeStatusService implements OnModuleInit {
  private readonly logger = new Logger(TiendaNubeStatusService.name);

  constructor(
    private readonly client: TiendaNubeClient,
    private readonly setup: TiendaNubeSetupService,
    private readonly catalog: CatalogService,
    private readonly accounts: AccountsRepository,
    private readonly readers: ServerReaders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // The Tienda Nube page, drawn with its connection's state (the API route's permission).
    this.readers.register(
      'tiendanubeIntegration',
      'view_dashboard',
      (merchantId) => async () => this.status(await this.accounts.requireMerchant(merchantId)),
    );
  }

  async status(merchant: MerchantRow): Promise<TTiendaNubeIntegration> {
    const onTiendaNube = merchant.platform === 'tiendanube' && merchant.externalStoreId !== null;
    const connected = onTiendaNube && isConnected(merchant);
    return {
      connected,
      store_name: merchant.storeName,
      store_url: onTiendaNube && merchant.storeDomain ? `https://${merchant.storeDomain}` : null,
      script_installed: connected ? await this.scriptInstalled(merchant) : false,
      products: onTiendaNube ? await this.catalog.countSynced(merchant.id) : 0,
      catalog_synced_at: onTiendaNube ? (merchant.catalogSyncedAt?.toISOString() ?? null) : null,
      connected_at: onTiendaNube ? (merchant.connectedAt?.toISOString() ?? null) : null,
      install_url: this.client.installUrl,
      support_email: this.config.supportEmail,
      available: this.client.configured,
      ratings_refused: onTiendaNube && merchant.ratingsRefusedAt !== null,
    };
  }

  private async scriptInstalled(merchant: MerchantRow): Promise<boolean> {
    try {
      return await this.setup.scriptInstalled(merchant);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      this.logger.warn({ err: error, merchantId: merchant.id }, 'Could not read the store’s scripts');
      return false;
    }
  }
}
