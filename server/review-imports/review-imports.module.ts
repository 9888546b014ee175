import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { ReviewImportJobs } from './review-import.jobs.js';
import { ReviewImportsController } from './review-imports.controller.js';
import { ReviewImportsRepository } from './review-imports.repository.js';
import { ReviewImportsService } from './review-imports.service.js';

/** Reviews into the product (issue 26): another app's CSV export previewed, then imported by a job. */
@Module({
  imports: [AuthModule, MediaModule, OutboundModule, ReviewsModule],
  controllers: [ReviewImportsController],
  providers: [ReviewImportsRepository, ReviewImportsService, ReviewImportJobs],
})
export class ReviewImportsModule {}
