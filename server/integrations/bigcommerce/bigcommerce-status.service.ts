import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TBigCommerceIntegration } from '../../../shared/integrations.js';
import { isConnected } from '../../accounts/accounts.mapper.js';
import { AccountsRepository, type MerchantRow } from '../../accounts/accounts.repository.js';
import { CatalogService } from '../../products/catalog.service.js';
import { ServerReaders } from '../../ssr/server-readers.js';
import { PlatformError } from '../platform-error.js';
import { BigCommerceSetupService } from './bigcommerce-setup.service.js';

/** The BigCommerce page's state: connection, the widget's script (read from the store), catalogue. */
@Injectable()
export class BigCommerceStatusService implements OnModuleInit {
  private readonly logger = new Logger(BigCommerceStatusService.name);

  constructor(
    private readonly setup: BigCommerceSetupService,
    private readonly catalog: CatalogService,
    private readonly accounts: AccountsRepository,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The BigCommerce page, drawn with its connection's state (the API route's permission).
    this.readers.register(
      'bigcommerceIntegration',
      'view_dashboard',
      (merchantId) => async () => this.status(await this.accounts.requireMerchant(merchantId)),
    );
  }

  async status(merchant: MerchantRow): Promise<TBigCommerceIntegration> {
    const onBigCommerce = merchant.platform === 'bigcommerce' && merchant.externalStoreId !== null;
    const connected = onBigCommerce && isConnected(merchant);
    const hash = onBigCommerce ? merchant.externalStoreId : null;
    return {
      connected,
      store_name: merchant.storeName,
      store_hash: hash,
      store_url: onBigCommerce && merchant.storeDomain ? `https://${merchant.storeDomain}` : null,
      script_installed: connected ? await this.scriptInstalled(merchant) : false,
      products: onBigCommerce ? await this.catalog.countSynced(merchant.id) : 0,
      catalog_synced_at: onBigCommerce ? (merchant.catalogSyncedAt?.toISOString() ?? null) : null,
      connected_at: onBigCommerce ? (merchant.connectedAt?.toISOString() ?? null) : null,
      api_accounts_url: hash
        ? `https://store-${hash}.mybigcommerce.com/manage/settings/api-accounts`
        : 'https://login.bigcommerce.com/',
      native_reviews: onBigCommerce && merchant.nativeReviews,
      native_reviews_refused: onBigCommerce && merchant.nativeReviews && merchant.ratingsRefusedAt !== null,
    };
  }

  /** False when the store cannot be asked right now: the page then offers no false comfort. */
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
