import { Injectable } from '@nestjs/common';
import type { TMerchant } from '../../shared/accounts.js';
import type { TLanguage } from '../../shared/constants.js';
import { mapMerchant } from '../accounts/accounts.mapper.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';

/** The current workspace's store (merchant) settings. */
@Injectable()
export class StoresService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly storefront: StorefrontCache,
  ) {}

  async setLanguage(auth: WorkspaceContext, merchantId: string, language: TLanguage): Promise<TMerchant> {
    const updated = await this.accounts.updateMerchantLanguage(auth.workspace.workspaceId, merchantId, language);
    if (!updated) throw ApiError.notFound('No store with this id in your workspace.');
    // The widget speaks the store's language: storefronts must see the change at once.
    await this.storefront.invalidate(merchantId);
    return mapMerchant(updated);
  }

  /** SPEC §4: dismissing the Shopify setup banner; any member who sees it may dismiss it for the store. */
  async completeShopifySetup(auth: WorkspaceContext): Promise<TMerchant> {
    return mapMerchant(await this.accounts.completeShopifySetup(storeOf(auth).id));
  }
}
