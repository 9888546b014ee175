import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PlatformError, sleep } from '../platform-error.js';

const TIMEOUT_MS = 15_000;
const ATTEMPTS = 4;
const MAX_WAIT_MS = 30_000;

/** A Store API account: the store hash, its access token and client id (EXTERNAL_APIS §2.1). */
export interface BigCommerceCredentials {
  storeHash: string;
  accessToken: string;
  clientId: string;
}

/**
 * BigCommerce's Store API (EXTERNAL_APIS §2): `{BIGCOMMERCE_API_URL}/stores/{hash}/v2|v3/…` with the account's
 * token. Rate limiting (429 with X-Rate-Limit-Time-Reset-Ms) and passing failures are waited out and retried; a
 * 401/403 is the credentials' fault and is not.
 */
@Injectable()
export class BigCommerceClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async get<T>(credentials: BigCommerceCredentials, path: string, options: { attempts?: number } = {}): Promise<T> {
    return (await this.call<T>(credentials, 'GET', path, undefined, options)) as T;
  }

  async post<T>(credentials: BigCommerceCredentials, path: string, body: unknown): Promise<T> {
    return (await this.call<T>(credentials, 'POST', path, body)) as T;
  }

  async put<T>(credentials: BigCommerceCredentials, path: string, body: unknown): Promise<T> {
    return (await this.call<T>(credentials, 'PUT', path, body)) as T;
  }

  /** A resource already gone counts as deleted. */
  async delete(credentials: BigCommerceCredentials, path: string): Promise<void> {
    try {
      await this.call(credentials, 'DELETE', path);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status !== 404) throw error;
    }
  }

  private async call<T>(
    { storeHash, accessToken, clientId }: BigCommerceCredentials,
    method: string,
    path: string,
    body?: unknown,
    { attempts = ATTEMPTS }: { attempts?: number } = {},
  ): Promise<T | undefined> {
    const url = `${this.config.bigcommerce.apiUrl}/stores/${encodeURIComponent(storeHash)}${path}`;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            'x-auth-token': accessToken,
            'x-auth-client': clientId,
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        if (last) throw new PlatformError('unavailable', 'BigCommerce could not be reached.');
        await sleep(500 * 2 ** (attempt - 1));
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new PlatformError('unauthorized', 'BigCommerce refused the store’s credentials.', response.status);
      }
      if (response.status === 429 || response.status >= 500) {
        if (last) throw new PlatformError('unavailable', `BigCommerce answered ${response.status}.`, response.status);
        const reset = Number(response.headers.get('x-rate-limit-time-reset-ms'));
        await sleep(response.status === 429 && reset > 0 ? Math.min(MAX_WAIT_MS, reset) : 500 * 2 ** (attempt - 1));
        continue;
      }
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new PlatformError(
          'rejected',
          `BigCommerce refused ${method} ${path.split('?')[0]} (${response.status}): ${detail.slice(0, 200)}`,
          response.status,
        );
      }
      if (response.status === 204) return undefined;
      const text = await response.text();
      if (!text) return undefined;
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new PlatformError('unavailable', 'BigCommerce answered something that is not JSON.', response.status);
      }
    }
  }
}
