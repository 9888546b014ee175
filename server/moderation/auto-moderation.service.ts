import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MODERATION_FLAGS, type TModerationFlag } from '../../shared/moderation.js';
import { DomainEvents } from '../events/domain-events.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { ReviewModerationService } from '../reviews/review-moderation.service.js';
import { decideAutoPublish } from './auto-publish-rules.js';
import { textFlags } from './content-filter.js';
import { ModerationRepository, type ModerationSubject } from './moderation.repository.js';
import { ModerationSettingsService } from './moderation-settings.service.js';

const QUEUE = 'auto-moderation';

/**
 * The content filter marks a review when it arrives (the merchant sees why at once) and again when it becomes
 * publishable (blocked words added meanwhile count); then the store's rules may approve it, through the merchant's
 * approve path and its plan limits. That second step is a job: a database hiccup retries it, where an in-process
 * subscriber's failure would leave the review waiting for a human.
 */
@Injectable()
export class AutoModerationService implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly repository: ModerationRepository,
    private readonly settings: ModerationSettingsService,
    private readonly moderation: ReviewModerationService,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.events.on('review.submitted', async ({ merchantId, reviewId }) => {
      await this.flag(merchantId, reviewId);
    });
    this.jobs.register<{ merchantId: string; reviewId: string }>(QUEUE, {
      concurrency: 2,
      backoffMs: 5_000,
      handle: ({ merchantId, reviewId }) => this.publishable(merchantId, reviewId),
    });
    this.events.on('review.publishable', ({ merchantId, reviewId }) =>
      this.jobs.enqueue(QUEUE, { merchantId, reviewId }, { key: reviewId }),
    );
    // The merchant's own edit (a link taken out) clears or adds flags; it publishes nothing.
    this.events.on('review.edited', async ({ merchantId, reviewId }) => {
      await this.flag(merchantId, reviewId);
    });
  }

  private async flag(merchantId: string, reviewId: string, blockedWords?: string[]): Promise<ModerationSubject | null> {
    const review = await this.repository.subject(merchantId, reviewId);
    if (!review) return null;
    const blocked = blockedWords ?? (await this.settings.of(merchantId)).blocked_words;
    // A name is checked for contact details and blocked words, not for profanity: "Dick" is a name.
    const found = new Set<TModerationFlag>([
      ...textFlags(review.comment, blocked),
      ...textFlags(review.customerName, blocked).filter((flag) => flag !== 'profanity'),
    ]);
    if (await this.repository.sameTextSent(merchantId, review)) found.add('duplicate_text');
    if (await this.repository.reviewedBefore(merchantId, review)) found.add('second_review');
    const flags = MODERATION_FLAGS.filter((flag) => found.has(flag));
    if (flags.join() !== review.flags.join()) await this.repository.setFlags(merchantId, reviewId, flags);
    return { ...review, flags };
  }

  private async publishable(merchantId: string, reviewId: string): Promise<void> {
    const settings = await this.settings.of(merchantId);
    const review = await this.flag(merchantId, reviewId, settings.blocked_words);
    if (!review || review.status !== 'pending' || review.deleted || review.mediaState !== 'ready') return;
    if (decideAutoPublish(settings, review).publish) await this.moderation.autoApprove(merchantId, reviewId);
  }
}
