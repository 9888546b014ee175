import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TInstallResult } from '../../../shared/integrations.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { OAUTH_STATE_COOKIE, clearOAuthState, setOAuthState } from '../install-cookies.js';
import { InstallSessions } from '../install-sessions.js';
import { InstallError, type InstallOutcome } from '../store-installs.service.js';
import { ShopifyInstallService, stringParams } from './shopify-install.service.js';

/** Where the state cookie is sent: the callback and the install call a page posts. */
const STATE_PATH = '/api/auth/shopify';

/** The browser's side of an install: cookies, redirects and the sign-in that outcomes lead to. */
@Injectable()
export class ShopifyInstallFlow {
  constructor(
    private readonly installs: ShopifyInstallService,
    private readonly sessions: InstallSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(query: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const { authorizeUrl, nonce } = await this.installs.begin(query);
      setOAuthState(request, reply, this.config.publicUrl, STATE_PATH, nonce);
      await reply.redirect(authorizeUrl, 302);
    } catch (error) {
      await this.failed(error, query, reply);
    }
  }

  /** A signed-in owner's connect: the browser is then sent to `authorizeUrl`. */
  async connect(workspaceId: string, shop: string, request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const { authorizeUrl, nonce } = await this.installs.beginConnect(workspaceId, shop);
    setOAuthState(request, reply, this.config.publicUrl, STATE_PATH, nonce);
    return authorizeUrl;
  }

  async callback(query: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const outcome = await this.complete(query, request.cookies[OAUTH_STATE_COOKIE], request, reply);
      await reply.redirect(this.destination(outcome), 303);
    } catch (error) {
      await this.failed(error, query, reply);
    }
  }

  async install(
    query: Record<string, string>,
    stateCookie: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<TInstallResult> {
    return this.sessions.result(await this.complete(query, stateCookie, request, reply), 'shopify');
  }

  private async complete(
    query: unknown,
    stateCookie: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<InstallOutcome> {
    const outcome = await this.installs.complete(query, stateCookie);
    clearOAuthState(reply, STATE_PATH);
    await this.sessions.settle(outcome, request, reply);
    return outcome;
  }

  private destination(outcome: InstallOutcome): string {
    switch (outcome.kind) {
      case 'new': {
        const query = new URLSearchParams({
          shop: outcome.merchant.externalStoreId ?? '',
          platform: 'shopify',
          merchant_id: outcome.merchant.id,
        });
        return `/register?${query}`;
      }
      case 'signed_in':
        return '/';
      case 'connected':
        return '/settings/integrations/shopify?connected=1';
    }
  }

  /** A browser that cannot go on is shown where it came from, with what went wrong; nothing was stored. */
  private async failed(error: unknown, query: unknown, reply: FastifyReply): Promise<void> {
    if (!(error instanceof InstallError)) throw error;
    if (error.fromDashboard) {
      const code = error.code === 'store_taken' ? 'store_taken' : 'install_failed';
      await reply.redirect(`/settings/integrations/shopify?error=${code}`, 303);
      return;
    }
    const shop = stringParams(query)?.shop;
    const params = new URLSearchParams({ platform: 'shopify', install_error: error.code });
    if (shop && /^[a-z0-9.-]{1,255}$/.test(shop)) params.set('shop', shop);
    await reply.redirect(`/register?${params}`, 303);
  }
}
