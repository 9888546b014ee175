import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { PlatformRatingsRegistry } from './platform-ratings.js';
import { PlatformRatingsRepository } from './platform-ratings.repository.js';
import { PlatformRatingsService } from './platform-ratings.service.js';

/** Products' ratings on their platforms (README "Ratings on the platforms"); platforms register their writer. */
@Module({
  imports: [AccountsModule],
  providers: [PlatformRatingsRegistry, PlatformRatingsRepository, PlatformRatingsService],
  exports: [PlatformRatingsRegistry, PlatformRatingsRepository, PlatformRatingsService],
})
export class PlatformRatingsModule {}
