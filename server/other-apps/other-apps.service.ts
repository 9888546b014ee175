import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { OTHER_APPS, type TOtherApps } from '../../shared/other-apps.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ServerReaders } from '../ssr/server-readers.js';

/** Each app's listing unless OTHER_APPS_URLS names another: app store searches that always lead somewhere. */
const DEFAULT_URLS: Record<(typeof OTHER_APPS)[number]['key'], string> = {
  reels: 'https://apps.shopify.com/search?q=shoppable+video+reels',
  voiceSearch: 'https://apps.shopify.com/search?q=voice+search',
  urgency: 'https://apps.shopify.com/search?q=stock+countdown+urgency',
  sessionReplay: 'https://apps.shopify.com/search?q=session+replay',
};

/** SPEC §2 Other apps: the vendor's sibling apps and where each is listed. */
@Injectable()
export class OtherAppsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The other apps page, drawn with its cards (the API route's permission).
    this.readers.register('otherApps', 'view_dashboard', () => async () => this.list());
  }

  list(): TOtherApps {
    return {
      apps: OTHER_APPS.map(({ key, category }) => ({
        key,
        category,
        url: this.config.otherAppsUrls[key] ?? DEFAULT_URLS[key],
      })),
    };
  }
}
