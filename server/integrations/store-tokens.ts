import { Inject, Injectable } from '@nestjs/common';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PlatformError } from './platform-error.js';

/** Platform access tokens, sealed with ENCRYPTION_KEY for the merchant row that holds them. */
@Injectable()
export class StoreTokens {
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.box = new SecretBox(config.secrets.encryptionKey);
  }

  seal(merchantId: string, token: string): string {
    return this.box.seal(token, `merchant-token:${merchantId}`);
  }

  /** The store's token; throws when none is held (never installed, or uninstalled). */
  open(merchant: Pick<MerchantRow, 'id' | 'accessTokenEncrypted'>): string {
    if (!merchant.accessTokenEncrypted) throw new PlatformError('unauthorized', 'The store holds no access token.');
    return this.box.open(merchant.accessTokenEncrypted, `merchant-token:${merchant.id}`);
  }
}
