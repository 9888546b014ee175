import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PlatformError, sleep } from '../platform-error.js';

const TIMEOUT_MS = 15_000;
const ATTEMPTS = 5;
const MAX_WAIT_MS = 30_000;

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
    let response: Response;
    try {
      response = await fetch(`${this.config.tiendanube.authUrl}/apps/authorize/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': this.userAgent },
        body: JSON.stringify({
          client_id: this.config.tiendanube.clientId,
          client_secret: this.clientSecret,
          grant_type: 'authorization_code',
          code,
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new PlatformError('unavailable', 'Tienda Nube could not be reached.');
    }
    if (response.status >= 500 || response.status === 429) {
      throw new PlatformError('unavailable', `Tienda Nube answered ${response.status}.`, response.status);
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      user_id?: unknown;
      scope?: unknown;
      error?: unknown;
    };
    const storeId = typeof body.user_id === 'number' || typeof body.user_id === 'string' ? String(body.user_id) : '';
    if (!response.ok || body.error || typeof body.access_token !== 'string' || !/^\d{1,20}$/.test(storeId)) {
      throw new PlatformError('rejected', 'Tienda Nube refused the authorization code.', response.status);
    }
    return { accessToken: body.access_token, storeId, scopes: typeof body.scope === 'string' ? body.scope : '' };
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
    const url = `${this.config.tiendanube.apiUrl}/v1/${encodeURIComponent(storeId)}${path}`;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            authentication: `bearer ${accessToken}`,
            'user-agent': this.userAgent,
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        if (last) throw new PlatformError('unavailable', 'Tienda Nube could not be reached.');
        await sleep(500 * 2 ** (attempt - 1));
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new PlatformError('unauthorized', 'Tienda Nube refused the store’s access token.', response.status);
      }
      if (response.status === 429 || response.status >= 500) {
        if (last) throw new PlatformError('unavailable', `Tienda Nube answered ${response.status}.`, response.status);
        const reset = Number(response.headers.get('x-rate-limit-reset'));
        await sleep(response.status === 429 && reset > 0 ? Math.min(MAX_WAIT_MS, reset) : 500 * 2 ** (attempt - 1));
        continue;
      }
      const text = await response.text();
      if (!response.ok) {
        throw new PlatformError(
          'rejected',
          `Tienda Nube refused ${method} ${path.split('?')[0]} (${response.status}): ${text.slice(0, 200)}`,
          response.status,
        );
      }
      const totalHeader = response.headers.get('x-total-count');
      const total = totalHeader === null ? NaN : Number(totalHeader);
      try {
        return { body: (text ? JSON.parse(text) : undefined) as T, totalCount: Number.isFinite(total) ? total : null };
      } catch {
        throw new PlatformError('unavailable', 'Tienda Nube answered something that is not JSON.', response.status);
      }
    }
  }
}
