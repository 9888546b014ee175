import { Inject, Injectable } from '@nestjs/common';
import { SHOPIFY_SCOPES } from '../../../shared/shopify.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PlatformError } from '../platform-error.js';
import { TryAgain, jsonObject, platformFetch, type PlatformApi } from '../platform-fetch.js';

const SHOPIFY: PlatformApi = { name: 'Shopify' };
const ATTEMPTS = 5;

interface GraphqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }> | string;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable: number; restoreRate: number };
    };
  };
}

function operationName(query: string): string | undefined {
  return query.match(/^\s*(?:query|mutation)\s+(\w+)/)?.[1];
}

/** How long Shopify's GraphQL cost limit asks us to wait: enough points restored for the query's cost. */
function throttleWaitMs(answer: GraphqlAnswer<unknown>): number {
  const cost = answer.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || !status.restoreRate) return 1000;
  const missing = (cost.requestedQueryCost ?? 50) - status.currentlyAvailable;
  return Math.max(50, Math.ceil((missing / status.restoreRate) * 1000));
}

/**
 * Shopify's OAuth token exchange and Admin GraphQL API (EXTERNAL_APIS §1.1). `SHOPIFY_API_URL`, when set, stands in
 * for `https://{shop}` as `{SHOPIFY_API_URL}/{shop}` (the tests' fake Shopify). Throttling (429 with Retry-After,
 * GraphQL THROTTLED with its cost status) and passing failures are waited out and retried.
 */
@Injectable()
export class ShopifyClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!(this.config.shopify.apiKey && this.config.shopify.apiSecret);
  }

  get apiKey(): string {
    return this.config.shopify.apiKey ?? '';
  }

  get apiSecret(): string {
    return this.config.shopify.apiSecret ?? '';
  }

  shopBase(shop: string): string {
    return this.config.shopify.apiUrl ? `${this.config.shopify.apiUrl}/${shop}` : `https://${shop}`;
  }

  /** Offline access (no per-user grant): the token the app keeps for webhooks' and syncs' calls. */
  authorizeUrl(shop: string, state: string, redirectUri: string): string {
    const query = new URLSearchParams({
      client_id: this.apiKey,
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: redirectUri,
      state,
    });
    return `${this.shopBase(shop)}/admin/oauth/authorize?${query}`;
  }

  async exchangeCode(shop: string, code: string): Promise<{ accessToken: string; scopes: string }> {
    const request = {
      url: `${this.shopBase(shop)}/admin/oauth/access_token`,
      method: 'POST',
      body: { client_id: this.apiKey, client_secret: this.apiSecret, code },
      attempts: 1,
    };
    return platformFetch(SHOPIFY, request, ({ status, ok, text }) => {
      if (status === 400 || status === 401 || status === 403) {
        throw new PlatformError('rejected', 'Shopify refused the authorization code.', status);
      }
      if (!ok) throw new PlatformError('unavailable', `Shopify answered ${status}.`, status);
      const body = jsonObject(text);
      if (typeof body.access_token !== 'string' || !body.access_token) {
        throw new PlatformError('unavailable', 'Shopify answered without an access token.');
      }
      return { accessToken: body.access_token, scopes: typeof body.scope === 'string' ? body.scope : '' };
    });
  }

  /** `attempts` below the default for a person waiting on the answer (a page), where a quick "unknown" is better. */
  async graphql<T>(
    shop: string,
    token: string,
    query: string,
    variables: Record<string, unknown> = {},
    { attempts = ATTEMPTS }: { attempts?: number } = {},
  ): Promise<T> {
    const request = {
      url: `${this.shopBase(shop)}/admin/api/${this.config.shopify.apiVersion}/graphql.json`,
      method: 'POST',
      headers: { 'x-shopify-access-token': token },
      body: { query, variables, operationName: operationName(query) },
      attempts,
      unauthorized: 'Shopify refused the store’s access token.',
    };
    return platformFetch(SHOPIFY, request, ({ status, ok, text }) => {
      const answer = jsonObject(text) as GraphqlAnswer<T>;
      const errors = typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
      if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
        return new TryAgain(
          throttleWaitMs(answer),
          new PlatformError('unavailable', 'Shopify kept throttling the requests.', 429),
        );
      }
      if (!ok || errors.length || !answer.data) {
        throw new PlatformError(
          'rejected',
          `Shopify refused the request: ${errors[0]?.message ?? status}`,
          status,
          errors[0]?.extensions?.code,
        );
      }
      return answer.data;
    });
  }
}
