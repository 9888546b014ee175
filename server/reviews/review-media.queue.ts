import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ReviewMediaRepository } from './review-media.repository.js';
import { ReviewMediaService } from './review-media.service.js';

/** A review whose media still wait this long after its upload lost its job (a crash, a restart) and is picked up. */
const LOST_AFTER_MS = 5 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Runs media processing one review at a time per instance (ffmpeg takes the CPU it is given), in upload order.
 * The work is durable in the database (`media_state = 'processing'`), so a job lost with its process is found again
 * by the sweep; a job run twice changes nothing the second time.
 */
@Injectable()
export class ReviewMediaQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReviewMediaQueue.name);
  private readonly queued = new Set<string>();
  private tail: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly repository: ReviewMediaRepository,
    private readonly media: ReviewMediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.processing.enabled) return;
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.tail;
  }

  enqueue(reviewId: string): void {
    if (this.closed || this.queued.has(reviewId)) return;
    this.queued.add(reviewId);
    this.tail = this.tail.then(async () => {
      try {
        if (!this.closed) await this.media.process(reviewId);
      } catch (err) {
        this.logger.error({ err, reviewId }, 'Review media processing failed; the sweep will try again');
      } finally {
        this.queued.delete(reviewId);
      }
    });
  }

  /** Queues the reviews whose processing was lost. */
  async sweep(now = new Date()): Promise<void> {
    try {
      const lost = await this.repository.waitingSince(new Date(now.getTime() - LOST_AFTER_MS), 50);
      for (const reviewId of lost) this.enqueue(reviewId);
    } catch (err) {
      this.logger.warn({ err }, 'Could not look for unprocessed review media');
    }
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }
}
