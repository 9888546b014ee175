import { Injectable, Logger } from '@nestjs/common';
import { ZodError } from 'zod';
import { PlatformError } from '../platform-error.js';
import { InstallError, StoreInstalls, type InstallOutcome } from '../store-installs.service.js';
import { StoreTokens } from '../store-tokens.js';
import { TiendaNubeClient } from './tiendanube.client.js';
import { ZStore, detailsFromStore } from './tiendanube.mappers.js';

export const PROVIDER = 'tiendanube';

/**
 * Tienda Nube's install (EXTERNAL_APIS §3.1): the app's redirect brings a single-use code to /register, which posts
 * it here; the code is exchanged at once for a token that does not expire, the store is read, and the store is tied
 * to exactly one merchant (a known one signs its owner in). The rest runs afterwards through the inbox.
 */
@Injectable()
export class TiendaNubeInstallService {
  private readonly logger = new Logger(TiendaNubeInstallService.name);

  constructor(
    private readonly client: TiendaNubeClient,
    private readonly installs: StoreInstalls,
    private readonly tokens: StoreTokens,
  ) {}

  async install(code: string): Promise<InstallOutcome> {
    if (!this.client.configured) {
      throw new InstallError('not_configured', 'The Tienda Nube app is not configured on this server.');
    }
    const { accessToken, storeId, scopes } = await this.exchange(code);
    let details;
    try {
      details = detailsFromStore(ZStore.parse((await this.client.get({ storeId, accessToken }, '/store')).body));
    } catch (error) {
      if (!(error instanceof PlatformError) && !(error instanceof ZodError)) throw error;
      this.logger.warn({ err: error, storeId }, 'Tienda Nube store not read');
      throw new InstallError('platform_error', 'Tienda Nube could not complete the installation.');
    }
    const connection = {
      platform: 'tiendanube' as const,
      externalStoreId: storeId,
      sealToken: (merchantId: string) => this.tokens.seal(merchantId, accessToken),
      scopes,
      details,
    };
    const outcome = await this.installs.install(connection);
    await this.installs.afterConnect(PROVIDER, outcome.merchant);
    return outcome;
  }

  private async exchange(code: string) {
    try {
      return await this.client.exchangeCode(code);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'rejected') {
        throw new InstallError(
          'invalid_code',
          'This installation link is invalid or has expired. Please install the app again from Tienda Nube.',
        );
      }
      this.logger.warn({ err: error }, 'Tienda Nube code not exchanged');
      throw new InstallError('platform_error', 'Tienda Nube could not complete the installation.');
    }
  }
}
