import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DELETED_RETENTION_DAYS } from '../../shared/constants.js';
import { MediaService } from '../media/media.service.js';
import { ReviewsRepository } from './reviews.repository.js';

const PURGE_EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * DESIGN §6.2: a deleted review is removed for good, with its media, 30 days after deletion. Every instance
 * runs it hourly; `for update skip locked` lets them share the work without purging a row twice.
 */
@Injectable()
export class ReviewsPurgeService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ReviewsPurgeService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly media: MediaService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(
      () => void this.purge().catch((err: unknown) => this.logger.error({ err }, 'Purge failed')),
      PURGE_EVERY_MS,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
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
