import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SHOP_DOMAIN } from '../../../shared/shopify.js';
import { hashSecret, newSecret } from '../../auth/auth-tokens.service.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { OAUTH_STATE_TTL_S } from '../install-cookies.js';
import { OAuthStatesRepository } from '../oauth-states.repository.js';
import { PlatformError } from '../platform-error.js';
import type { PlatformConnection } from '../store-connections.repository.js';
import { InstallError, StoreInstalls, type InstallOutcome } from '../store-installs.service.js';
import { StoreTokens } from '../store-tokens.js';
import { SHOP_INFO, type TShopInfo } from './shopify.graphql.js';
import { ShopifyClient } from './shopify.client.js';
import { detailsFromShopInfo } from './shopify.mappers.js';
import { verifyQuery } from './shopify-hmac.js';

export const PROVIDER = 'shopify';
/** Query parameters as strings only: a repeated parameter (an array) is not something Shopify signs. */
export function stringParams(query: unknown): Record<string, string> | null {
  if (typeof query !== 'object' || query === null) return null;
  const entries = Object.entries(query as Record<string, unknown>);
  if (entries.some(([, value]) => typeof value !== 'string')) return null;
  return Object.fromEntries(entries) as Record<string, string>;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The Shopify app's install (EXTERNAL_APIS §1.1): the signed opening from Shopify's admin or a dashboard connect
 * starts OAuth with a single-use `state` kept in the database and in the browser; the callback checks both and the
 * query's HMAC, exchanges the code for an offline token (sealed at rest) and ties the shop to exactly one merchant.
 * The rest of the install (webhooks, the embed's loader URL, the catalogue) runs afterwards through the inbox.
 */
@Injectable()
export class ShopifyInstallService {
  private readonly logger = new Logger(ShopifyInstallService.name);

  constructor(
    private readonly client: ShopifyClient,
    private readonly states: OAuthStatesRepository,
    private readonly installs: StoreInstalls,
    private readonly tokens: StoreTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get callbackUrl(): string {
    return `${this.config.publicUrl}/api/auth/shopify/callback/`;
  }

  private requireConfigured(fromDashboard = false): void {
    if (!this.client.configured) {
      throw new InstallError('not_configured', 'The Shopify app is not configured on this server.', fromDashboard);
    }
  }

  /** Shopify's admin opened the app (install or later visits): verified, then off to Shopify's approval screen. */
  async begin(query: unknown): Promise<{ authorizeUrl: string; nonce: string; shop: string }> {
    this.requireConfigured();
    const params = stringParams(query);
    if (!params?.shop || !params.hmac) throw new InstallError('invalid_request', 'The install request is incomplete.');
    if (!SHOP_DOMAIN.test(params.shop)) throw new InstallError('invalid_shop', 'Not a myshopify.com store.');
    if (!verifyQuery(params, this.client.apiSecret)) {
      throw new InstallError('invalid_signature', 'The install request is not signed by Shopify, or is too old.');
    }
    return this.authorize(params.shop, null);
  }

  /** A signed-in owner connects the workspace's store to a Shopify store. */
  async beginConnect(
    workspaceId: string,
    shop: string,
  ): Promise<{ authorizeUrl: string; nonce: string; shop: string }> {
    this.requireConfigured(true);
    return this.authorize(shop, workspaceId);
  }

  private async authorize(shop: string, workspaceId: string | null) {
    const nonce = newSecret();
    await this.states.create({
      nonceHash: hashSecret(nonce),
      provider: PROVIDER,
      shop,
      workspaceId,
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_S * 1000),
    });
    return { authorizeUrl: this.client.authorizeUrl(shop, nonce, this.callbackUrl), nonce, shop };
  }

  /** Shopify sent the merchant back with a code (to the callback, or through a page that posts it). */
  async complete(query: unknown, stateCookie: string | undefined): Promise<InstallOutcome> {
    this.requireConfigured();
    const params = stringParams(query);
    if (!params?.shop || !params.code || !params.hmac) {
      throw new InstallError('invalid_request', 'The install answer is incomplete.');
    }
    if (!SHOP_DOMAIN.test(params.shop)) throw new InstallError('invalid_shop', 'Not a myshopify.com store.');
    if (!verifyQuery(params, this.client.apiSecret)) {
      throw new InstallError('invalid_signature', 'The install answer is not signed by Shopify, or is too old.');
    }
    // The state must be the one this browser was given, and still unused in the database.
    if (!params.state || !stateCookie || !sameSecret(params.state, stateCookie)) {
      throw new InstallError('invalid_state', 'This install was not started from this browser. Please try again.');
    }
    const state = await this.states.consume(hashSecret(params.state), PROVIDER);
    if (!state || state.shop !== params.shop) {
      throw new InstallError('invalid_state', 'This install link was already used or has expired. Please try again.');
    }
    const fromDashboard = state.workspaceId !== null;
    const shop = params.shop;

    let connection: PlatformConnection;
    try {
      const { accessToken, scopes } = await this.client.exchangeCode(shop, params.code);
      const info = await this.client.graphql<TShopInfo>(shop, accessToken, SHOP_INFO);
      connection = {
        platform: 'shopify',
        externalStoreId: shop,
        sealToken: (merchantId) => this.tokens.seal(merchantId, accessToken),
        scopes,
        details: detailsFromShopInfo(info),
      };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      this.logger.warn({ err: error, shop }, 'Shopify install failed');
      throw new InstallError('platform_error', 'Shopify could not complete the installation.', fromDashboard);
    }

    const outcome = state.workspaceId
      ? await this.installs.connectWorkspace(state.workspaceId, connection)
      : await this.installs.install(connection);
    await this.installs.afterConnect(PROVIDER, outcome.merchant);
    return outcome;
  }
}
