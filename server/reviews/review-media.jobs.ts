import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { ReviewMediaRepository } from './review-media.repository.js';
import { ReviewMediaService } from './review-media.service.js';

const QUEUE = 'review-media';
const RECOVER = 'review-media-recover';
/** A review still waiting this long after its upload may have no job (its enqueue failed after the upload committed). */
const LOST_AFTER_MS = 5 * 60 * 1000;
const RECOVER_EVERY_S = 5 * 60;

/**
 * Media processing as jobs: one per review (its id is the key, so queueing it twice is one job), one at a time per
 * instance since ffmpeg takes every core it is given, retried with backoff when storage, the database or ffmpeg
 * itself failed. The work is also durable in the review (`media_state = 'processing'`): a recovery run queues any
 * review left waiting without a job.
 */
@Injectable()
export class ReviewMediaJobs implements OnModuleInit {
  private readonly logger = new Logger(ReviewMediaJobs.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly media: ReviewMediaService,
    private readonly repository: ReviewMediaRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.processing.enabled) return;
    this.jobs.register<{ reviewId: string }>(QUEUE, {
      concurrency: 1,
      attempts: 5,
      backoffMs: 60_000,
      // Probe, transcode and poster each end within the timeout; the rest is reading and writing storage.
      leaseMs: 3 * this.config.processing.timeoutMs + 5 * 60_000,
      handle: ({ reviewId }, { signal }) => this.media.process(reviewId, signal),
    });
    this.jobs.register(RECOVER, { handle: async () => void (await this.recover()) });
    this.jobs.every(RECOVER, RECOVER_EVERY_S);
  }

  /** Queues a review's processing; the upload has committed, so a failure here is only logged (recovery finds it). */
  async enqueue(reviewId: string): Promise<void> {
    await this.jobs
      .enqueue(QUEUE, { reviewId }, { key: reviewId })
      .catch((err: unknown) => this.logger.warn({ err, reviewId }, 'Could not queue media processing; recovery will'));
  }

  /** Queues the reviews waiting for their media since before `LOST_AFTER_MS` ago; answers how many. */
  async recover(now = new Date()): Promise<number> {
    const lost = await this.repository.waitingSince(new Date(now.getTime() - LOST_AFTER_MS), 100);
    for (const reviewId of lost) await this.jobs.enqueue(QUEUE, { reviewId }, { key: reviewId });
    return lost.length;
  }
}
