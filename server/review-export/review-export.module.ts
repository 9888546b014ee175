import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { ReviewExportController } from './review-export.controller.js';
import { ReviewExportRepository } from './review-export.repository.js';
import { ReviewExportService } from './review-export.service.js';

/** Reviews out of the product (issue 26): CSV and JSON exports with the Reviews page's filters. */
@Module({
  imports: [AuthModule, MediaModule],
  controllers: [ReviewExportController],
  providers: [ReviewExportRepository, ReviewExportService],
})
export class ReviewExportModule {}
