import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { GoogleFeedRepository } from './google-feed.repository.js';
import { GoogleFeedRoutes } from './google-feed.routes.js';
import { GoogleFeedService } from './google-feed.service.js';

/** The store's published reviews as Google's product reviews feed, for Merchant Center. */
@Module({
  imports: [StorefrontModule, MediaModule],
  providers: [GoogleFeedRepository, GoogleFeedService, GoogleFeedRoutes],
  exports: [GoogleFeedService],
})
export class GoogleFeedModule {}
