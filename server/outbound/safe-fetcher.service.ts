import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { checkUrl, safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch.js';

/** `safeFetch` with this deployment's settings: the one way services fetch a URL a user gave. */
@Injectable()
export class SafeFetcher {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  fetch(url: string, options: Omit<SafeFetchOptions, 'allowPrivate'> = {}): Promise<SafeResponse> {
    return safeFetch(url, { ...options, allowPrivate: this.config.outbound.allowPrivate });
  }

  /** Throws the SafeFetchError a fetch of `url` would fail with before connecting; resolves when it would go. */
  check(url: string, options: Pick<SafeFetchOptions, 'httpsOnly' | 'resolve'> = {}): Promise<void> {
    return checkUrl(url, { ...options, allowPrivate: this.config.outbound.allowPrivate });
  }
}
