import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PlatformError } from '../platform-error.js';
import { platformFetch, restJson, type PlatformApi } from '../platform-fetch.js';

const BIGCOMMERCE: PlatformApi = {
  name: 'BigCommerce',
  rateLimitWaitMs: (headers) => Number(headers.get('x-rate-limit-time-reset-ms')),
};
const ATTEMPTS = 4;

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
    const request = {
      url: `${this.config.bigcommerce.apiUrl}/stores/${encodeURIComponent(storeHash)}${path}`,
      method,
      headers: { 'x-auth-token': accessToken, 'x-auth-client': clientId },
      body,
      attempts,
      unauthorized: 'BigCommerce refused the store’s credentials.',
    };
    return platformFetch(BIGCOMMERCE, request, (answer) => restJson<T>(BIGCOMMERCE, `${method} ${path}`, answer));
  }
}
