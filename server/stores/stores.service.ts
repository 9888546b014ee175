import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TMerchant, TMerchantDetails, ZStoreUpdate } from '../../shared/accounts.js';
import { mapMerchant, mapMerchantDetails } from '../accounts/accounts.mapper.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { hashSecret } from '../auth/auth-tokens.service.js';
import { SessionGuard } from '../auth/session.guard.js';
import { ApiError } from '../common/api-error.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';

/** The current workspace's store (merchant) settings. */
@Injectable()
export class StoresService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly storefront: StorefrontCache,
    private readonly sessions: SessionGuard,
  ) {}

  /**
   * A store's name and public id, for the browser that installed it (its claim cookie) or for its members; anyone
   * else gets a 404, as for a store that does not exist.
   */
  async details(
    merchantId: string,
    claimSecret: string | undefined,
    request: FastifyRequest,
  ): Promise<TMerchantDetails> {
    const merchant = await this.accounts.findMerchant(merchantId);
    const claimed =
      !!merchant?.installClaimHash &&
      !!claimSecret &&
      merchant.installClaimHash === hashSecret(claimSecret) &&
      (merchant.installClaimExpiresAt?.getTime() ?? 0) > Date.now();
    if (merchant && !claimed) {
      const auth = await this.sessions.contextOf(request).catch(() => null);
      if (!auth || !(await this.accounts.findMembership(auth.user.id, merchant.workspaceId))) {
        throw ApiError.notFound('No store with this id.');
      }
    }
    if (!merchant) throw ApiError.notFound('No store with this id.');
    return mapMerchantDetails(merchant);
  }

  /** Its language (the sidebar) and name (store settings); the owner's to change (`manage_store`). */
  async update(auth: WorkspaceContext, merchantId: string, patch: z.output<typeof ZStoreUpdate>): Promise<TMerchant> {
    const updated = await this.accounts.updateMerchantSettings(auth.workspace.workspaceId, merchantId, {
      mainLanguage: patch.main_language,
      storeName: patch.store_name,
    });
    if (!updated) throw ApiError.notFound('No store with this id in your workspace.');
    // The widget speaks the store's language and signs replies with its name: storefronts must see either at once.
    if (patch.main_language !== undefined || patch.store_name !== undefined) {
      await this.storefront.invalidate(merchantId);
    }
    return mapMerchant(updated);
  }

  /** SPEC §4: dismissing the Shopify setup banner; any member who sees it may dismiss it for the store. */
  async completeShopifySetup(auth: WorkspaceContext): Promise<TMerchant> {
    return mapMerchant(await this.accounts.completeShopifySetup(storeOf(auth).id));
  }
}
