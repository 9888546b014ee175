import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.service.js';
import { withVariants } from '../media/processing/processed-keys.js';
import { PUBLIC_MEDIA, type PublicMedia } from '../media/public-media.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { ReviewMediaRepository } from './review-media.repository.js';

const QUEUE = 'media-publish';
const BATCH = 100;

/**
 * Keeps the bucket's public copies in step with what is published (`PublicMedia`, when MEDIA_PUBLIC_URL is set): a
 * job per store, queued after every change to its reviews, works through the reviews whose copies do not match
 * their state. Until a review's copies exist the storefront keeps serving its files through the app, and a review
 * that stopped being published has left the storefront's answers before its copies go.
 */
@Injectable()
export class ReviewPublication implements OnModuleInit {
  private readonly logger = new Logger(ReviewPublication.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly repository: ReviewMediaRepository,
    private readonly storefront: StorefrontCache,
    @Optional() @Inject(PUBLIC_MEDIA) private readonly publicMedia: PublicMedia | null,
  ) {}

  onModuleInit(): void {
    if (!this.publicMedia) return;
    this.jobs.register<{ merchantId: string }>(QUEUE, { handle: ({ merchantId }) => this.reconcile(merchantId) });
  }

  /** After a store's reviews changed (committed): its copies follow in the background. */
  async changed(merchantId: string): Promise<void> {
    if (!this.publicMedia) return;
    await this.jobs
      .enqueue(QUEUE, { merchantId }, { key: merchantId })
      .catch((err: unknown) =>
        this.logger.warn({ err, merchantId }, 'Could not queue the public copies; the next change will'),
      );
  }

  async reconcile(merchantId: string): Promise<void> {
    const publicMedia = this.publicMedia!;
    for (;;) {
      const due = await this.repository.publicationDue(merchantId, BATCH);
      for (const review of due) {
        const files = [review.videoKey, review.photoKey, review.thumbnailKey]
          .filter((key) => key !== null)
          .flatMap(withVariants);
        for (const file of files) await (review.publish ? publicMedia.publish(file) : publicMedia.unpublish(file));
        await this.repository.setPublicCopies(review.id, review.publish);
      }
      if (due.length) await this.storefront.invalidate(merchantId);
      if (due.length < BATCH) return;
    }
  }
}
