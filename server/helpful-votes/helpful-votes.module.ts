import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { HelpfulVotesController } from './helpful-votes.controller.js';
import { HelpfulVotesRepository } from './helpful-votes.repository.js';
import { HelpfulVotesService } from './helpful-votes.service.js';

/** Shoppers' "helpful" votes on published reviews, under the widget beacons' abuse ceilings. */
@Module({
  imports: [AuthModule, StorefrontModule],
  controllers: [HelpfulVotesController],
  providers: [HelpfulVotesRepository, HelpfulVotesService],
  exports: [HelpfulVotesRepository],
})
export class HelpfulVotesModule {}
