import { Controller, Get, Inject } from '@nestjs/common';
import { OTHER_APPS, ZOtherApps, type TOtherApps } from '../../shared/other-apps.js';
import { Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** Each app's listing unless OTHER_APPS_URLS names another: app store searches that always lead somewhere. */
const DEFAULT_URLS: Record<(typeof OTHER_APPS)[number]['key'], string> = {
  reels: 'https://apps.shopify.com/search?q=shoppable+video+reels',
  voiceSearch: 'https://apps.shopify.com/search?q=voice+search',
  urgency: 'https://apps.shopify.com/search?q=stock+countdown+urgency',
  sessionReplay: 'https://apps.shopify.com/search?q=session+replay',
};

/** SPEC §2 Other apps: the vendor's sibling apps and where each is listed. */
@Controller('api/other-apps')
export class OtherAppsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('/')
  @Authenticated('view_dashboard')
  @Answers(ZOtherApps)
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
