import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TInstallResult } from '../../shared/integrations.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { SessionTokensService } from '../auth/session-tokens.service.js';
import { WebSessionService, clientInfo } from '../auth/web-session.service.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { setInstallClaim } from './install-cookies.js';
import { InstallError, type InstallOutcome } from './store-installs.service.js';

/** The browser's side of an install outcome: the claim cookie for a new store, a session for a known store's owner. */
@Injectable()
export class InstallSessions {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionTokensService,
    private readonly web: WebSessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async settle(outcome: InstallOutcome, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (outcome.kind === 'new') setInstallClaim(request, reply, this.config.publicUrl, outcome.claimSecret);
    if (outcome.kind === 'signed_in') {
      const user = await this.accounts.findUserById(outcome.userId);
      if (!user) throw new InstallError('owner_inactive', 'The account that owns this store is gone.');
      await this.accounts.recordLogin(user.id);
      this.web.setCookies(request, reply, await this.sessions.issue(user, clientInfo(request)));
    }
  }

  /** SPEC §7's answer to an install call (store_id, name, and what install-mode sign-up needs). */
  result(outcome: InstallOutcome, platform: TInstallResult['platform']): TInstallResult {
    const { merchant } = outcome;
    return {
      status: outcome.kind === 'new' ? 'new' : 'signed_in',
      platform,
      store_id: merchant.storeId,
      name: merchant.storeName,
      merchant_id: merchant.id,
      // A Shopify store is named by its myshopify domain; others by the storefront's address.
      shop: (platform === 'shopify' ? merchant.externalStoreId : merchant.storeDomain) ?? '',
    };
  }
}
