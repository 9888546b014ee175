import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PlatformError } from '../platform-error.js';
import { jsonObject, platformFetch, restJson, type PlatformApi } from '../platform-fetch.js';

const TIENDANUBE: PlatformApi = {
  name: 'Tienda Nube',
  rateLimitWaitMs: (headers) => Number(headers.get('x-rate-limit-reset')),
};
const ATTEMPTS = 5;

export interface TiendaNubeStore {
  storeId: string;
  accessToken: string;
}

/** A request's answer with the headers paging needs. */
export interface TiendaNubeAnswer<T> {
  body: T;
  totalCount: number | null;
}

/**
 * Tienda Nube's OAuth token exchange and REST API (EXTERNAL_APIS §3): `{TIENDANUBE_API_URL}/v1/{store_id}/…` with
 * the `Authentication: bearer` header and the User-Agent the API requires. Its leaky bucket (429 with
 * X-Rate-Limit-Reset) and passing failures are waited out and retried.
 */
@Injectable()
export class TiendaNubeClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!(this.config.tiendanube.clientId && this.config.tiendanube.clientSecret);
  }

  get clientSecret(): string {
    return this.config.tiendanube.clientSecret ?? '';
  }

  /** The app's page where a merchant installs it. */
  get installUrl(): string | null {
    if (this.config.tiendanube.listingUrl) return this.config.tiendanube.listingUrl;
    const clientId = this.config.tiendanube.clientId;
    return clientId ? `${this.config.tiendanube.authUrl}/apps/${encodeURIComponent(clientId)}/authorize` : null;
  }

  private get userAgent(): string {
    return `Video Reviews (${this.config.contactEmail})`;
  }

  /** The code is single-use and short-lived: a refusal is final. */
  async exchangeCode(code: string): Promise<{ accessToken: string; storeId: string; scopes: string }> {
    const request = {
      url: `${this.config.tiendanube.authUrl}/apps/authorize/token`,
      method: 'POST',
      headers: { 'user-agent': this.userAgent },
      body: {
        client_id: this.config.tiendanube.clientId,
        client_secret: this.clientSecret,
        grant_type: 'authorization_code',
        code,
      },
      attempts: 1,
    };
    return platformFetch(TIENDANUBE, request, ({ status, ok, text }) => {
      const body = jsonObject(text);
      const storeId = typeof body.user_id === 'number' || typeof body.user_id === 'string' ? String(body.user_id) : '';
      if (!ok || body.error || typeof body.access_token !== 'string' || !/^\d{1,20}$/.test(storeId)) {
        throw new PlatformError('rejected', 'Tienda Nube refused the authorization code.', status);
      }
      return { accessToken: body.access_token, storeId, scopes: typeof body.scope === 'string' ? body.scope : '' };
    });
  }

  async get<T>(
    store: TiendaNubeStore,
    path: string,
    options: { attempts?: number } = {},
  ): Promise<TiendaNubeAnswer<T>> {
    return this.call<T>(store, 'GET', path, undefined, options);
  }

  async post<T>(store: TiendaNubeStore, path: string, body: unknown): Promise<T> {
    return (await this.call<T>(store, 'POST', path, body)).body;
  }

  async put<T>(store: TiendaNubeStore, path: string, body: unknown): Promise<T> {
    return (await this.call<T>(store, 'PUT', path, body)).body;
  }

  /** A resource already gone counts as deleted. */
  async delete(store: TiendaNubeStore, path: string): Promise<void> {
    try {
      await this.call(store, 'DELETE', path);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status !== 404) throw error;
    }
  }

  private async call<T>(
    { storeId, accessToken }: TiendaNubeStore,
    method: string,
    path: string,
    body?: unknown,
    { attempts = ATTEMPTS }: { attempts?: number } = {},
  ): Promise<TiendaNubeAnswer<T>> {
    const request = {
      url: `${this.config.tiendanube.apiUrl}/v1/${encodeURIComponent(storeId)}${path}`,
      method,
      headers: { authentication: `bearer ${accessToken}`, 'user-agent': this.userAgent },
      body,
      attempts,
      unauthorized: 'Tienda Nube refused the store’s access token.',
    };
    return platformFetch(TIENDANUBE, request, (answer) => {
      const total = Number(answer.headers.get('x-total-count') ?? NaN);
      return {
        body: restJson<T>(TIENDANUBE, `${method} ${path}`, answer) as T,
        totalCount: Number.isFinite(total) ? total : null,
      };
    });
  }
}
