import { Injectable, Logger } from '@nestjs/common';
import { ZodError, type z } from 'zod';
import type { ZBigCommerceConnect } from '../../../shared/integrations.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { DomainEvents } from '../../events/domain-events.js';
import { PlatformError } from '../platform-error.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { InstallError, StoreInstalls } from '../store-installs.service.js';
import { StoreTokens } from '../store-tokens.js';
import { BigCommerceClient } from './bigcommerce.client.js';
import { BigCommerceSetupService } from './bigcommerce-setup.service.js';
import { ZStoreInfo, detailsFromStore } from './bigcommerce.mappers.js';

export const PROVIDER = 'bigcommerce';

/**
 * Connecting a BigCommerce store with a Store API account (SPEC §4 BigCommerce connect): the credentials are tried
 * against the store before anything is saved, the token is sealed, and the rest (script, webhooks, catalogue) runs
 * from the inbox. Disconnecting takes the script and webhooks off the store and drops the token; the data stays.
 */
@Injectable()
export class BigCommerceConnectService {
  private readonly logger = new Logger(BigCommerceConnectService.name);

  constructor(
    private readonly client: BigCommerceClient,
    private readonly installs: StoreInstalls,
    private readonly stores: StoreConnectionsRepository,
    private readonly tokens: StoreTokens,
    private readonly setup: BigCommerceSetupService,
    private readonly events: DomainEvents,
  ) {}

  async connect(workspaceId: string, body: z.output<typeof ZBigCommerceConnect>): Promise<MerchantRow> {
    const credentials = {
      storeHash: body.store_hash.toLowerCase(),
      accessToken: body.access_token,
      clientId: body.client_id,
    };
    let store;
    try {
      store = ZStoreInfo.parse(await this.client.get(credentials, '/v2/store', { attempts: 2 }));
    } catch (error) {
      if (error instanceof PlatformError && (error.kind === 'unauthorized' || error.status === 404)) {
        throw new InstallError('invalid_credentials', 'Invalid credentials', true);
      }
      if (!(error instanceof PlatformError) && !(error instanceof ZodError)) throw error;
      this.logger.warn({ err: error, storeHash: credentials.storeHash }, 'BigCommerce store data not retrieved');
      throw new InstallError('platform_error', 'Could not retrieve store data', true);
    }
    const outcome = await this.installs.connectWorkspace(workspaceId, {
      platform: 'bigcommerce',
      externalStoreId: credentials.storeHash,
      sealToken: (merchantId) => this.tokens.seal(merchantId, credentials.accessToken),
      scopes: '',
      clientId: credentials.clientId,
      details: detailsFromStore(store),
    });
    await this.installs.afterConnect(PROVIDER, outcome.merchant);
    return outcome.merchant;
  }

  /**
   * A store whose credentials BigCommerce no longer accepts is disconnected all the same (there is nothing left to
   * remove with them); one BigCommerce cannot be reached for stays connected, so the merchant can try again.
   */
  async disconnect(merchant: MerchantRow): Promise<MerchantRow> {
    if (merchant.platform !== 'bigcommerce' || !merchant.accessTokenEncrypted) return merchant;
    try {
      await this.setup.teardown(merchant);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind !== 'unauthorized') {
        throw new InstallError('platform_error', 'BigCommerce could not be reached to remove the widget.', true);
      }
    }
    const row = (await this.stores.disconnect(merchant.id, new Date())) ?? merchant;
    await this.events
      .emit('store.disconnected', { merchantId: merchant.id })
      .catch((err: unknown) => this.logger.warn({ err, merchantId: merchant.id }, 'Caches not told of a disconnect'));
    return row;
  }
}
