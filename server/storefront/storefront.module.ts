import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { StorefrontCache } from './storefront-cache.js';
import { StorefrontController } from './storefront.controller.js';
import { StorefrontRepository } from './storefront.repository.js';
import { StorefrontService } from './storefront.service.js';

/** What storefronts read, cached per store; the cache it keeps is invalidated by moderation and settings. */
@Module({
  imports: [MediaModule],
  controllers: [StorefrontController],
  providers: [StorefrontCache, StorefrontRepository, StorefrontService],
  exports: [StorefrontCache, StorefrontService],
})
export class StorefrontModule {}
