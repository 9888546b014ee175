import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DELETED_RETENTION_DAYS } from '../../shared/constants.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { MediaService } from '../media/media.service.js';
import { ReviewsRepository } from './reviews.repository.js';

const PURGE_EVERY_S = 60 * 60;
const BATCH = 500;

/**
 * DESIGN §6.2: a deleted review is removed for good, with its media, 30 days after deletion: an hourly job, run by one
 * instance per hour (and `for update skip locked` would keep two runs from purging a row twice).
 */
@Injectable()
export class ReviewsPurgeService implements OnModuleInit {
  private readonly logger = new Logger(ReviewsPurgeService.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly media: MediaService,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register('reviews-purge', { handle: async () => void (await this.purge()) });
    this.jobs.every('reviews-purge', PURGE_EVERY_S);
  }

  /** Returns how many reviews were purged. */
  async purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - DELETED_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    let purged = 0;
    for (;;) {
      const { reviews, keys } = await this.reviews.purgeDeletedBefore(cutoff, BATCH);
      await Promise.all(
        keys.map((key) =>
          this.media
            .delete(key)
            .catch((err: unknown) => this.logger.error({ err, key }, 'Could not delete purged media')),
        ),
      );
      purged += reviews;
      if (reviews < BATCH) return purged;
    }
  }
}
