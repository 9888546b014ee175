import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { StorefrontCache } from './storefront-cache.js';
import { StorefrontRoutes } from './storefront.routes.js';
import { StorefrontRepository } from './storefront.repository.js';
import { StorefrontService } from './storefront.service.js';
import { StorefrontSubscriptions } from './storefront-subscriptions.js';

/** What storefronts read, cached per store; the cache it keeps is invalidated by moderation and settings. */
@Module({
  imports: [MediaModule],
  providers: [StorefrontCache, StorefrontRepository, StorefrontService, StorefrontRoutes, StorefrontSubscriptions],
  exports: [StorefrontCache, StorefrontService],
})
export class StorefrontModule {}
