import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Prerequisites } from '../health/prerequisites.service.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { ReviewMediaRepository, type MediaWork } from './review-media.repository.js';
import { ReviewMediaService } from './review-media.service.js';

const QUEUE = 'review-media';
const RECOVER = 'review-media-recover';
/** A review still waiting this long after its upload may have no job (its enqueue failed after the upload committed). */
const LOST_AFTER_MS = 5 * 60 * 1000;
const RECOVER_EVERY_S = 5 * 60;
const BATCH = 100;

/**
 * Media processing as jobs: one per review (its id is the key, so queueing it twice is one job), `MEDIA_WORKERS` at
 * once per instance, and one at a time per store across every instance, stores taking turns: a store that sends many
 * long videos holds one worker, never all of them. Retried with backoff when storage, the database or ffmpeg itself
 * failed. The work is also durable in the review (`media_state = 'processing'`): a recovery run queues any review left
 * waiting without a job, and every check of the machine that finds ffmpeg queues the videos that waited for it.
 */
@Injectable()
export class ReviewMediaJobs implements OnModuleInit {
  private readonly logger = new Logger(ReviewMediaJobs.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly media: ReviewMediaService,
    private readonly repository: ReviewMediaRepository,
    private readonly prerequisites: Prerequisites,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.processing.enabled) return;
    this.jobs.register<{ reviewId: string }>(QUEUE, {
      concurrency: this.config.processing.workers,
      oneJobPerGroup: true,
      attempts: 5,
      backoffMs: 60_000,
      handle: ({ reviewId }, { signal }) => this.media.process(reviewId, signal),
    });
    this.jobs.register(RECOVER, { handle: async () => void (await this.recover()) });
    this.jobs.every(RECOVER, RECOVER_EVERY_S);
    this.prerequisites.onChecked(async () => {
      if (await this.prerequisites.videoToolsReady()) await this.resume();
    });
  }

  /** Queues a review's processing; the upload has committed, so a failure here is only logged (recovery finds it). */
  async enqueue(reviewId: string, merchantId: string): Promise<void> {
    await this.queue({ id: reviewId, merchantId }).catch((err: unknown) =>
      this.logger.warn({ err, reviewId }, 'Could not queue media processing; recovery will'),
    );
  }

  /** Queues the reviews waiting for their media since before `LOST_AFTER_MS` ago; answers how many. */
  async recover(now = new Date()): Promise<number> {
    const lost = await this.repository.waitingSince(new Date(now.getTime() - LOST_AFTER_MS), BATCH);
    for (const work of lost) await this.queue(work);
    return lost.length;
  }

  /** Queues the reviews whose videos waited for ffmpeg (this instance has it); answers how many. */
  async resume(): Promise<number> {
    const waiting = await this.repository.waitingForTools(BATCH);
    for (const work of waiting) await this.queue(work);
    if (waiting.length)
      this.logger.log({ reviews: waiting.length }, 'ffmpeg is here: videos that waited for it resume');
    return waiting.length;
  }

  private queue({ id, merchantId }: MediaWork): Promise<void> {
    return this.jobs.enqueue(QUEUE, { reviewId: id }, { key: id, group: merchantId });
  }
}
