import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { AutoModerationService } from './auto-moderation.service.js';
import { ModerationSettingsService } from './moderation-settings.service.js';
import { ModerationController } from './moderation.controller.js';
import { ModerationRepository } from './moderation.repository.js';

@Module({
  imports: [AuthModule, ReviewsModule],
  controllers: [ModerationController],
  providers: [ModerationRepository, ModerationSettingsService, AutoModerationService],
  exports: [ModerationSettingsService],
})
export class ModerationModule {}
