import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { TReview, ZReviewReply } from '../../shared/reviews.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { addressOf, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DomainEvents } from '../events/domain-events.js';
import { MailQueue } from '../mail/mail.queue.js';
import { MailSuppressionsService } from '../review-requests/mail-suppressions.service.js';
import { ReviewRequestSettingsService } from '../review-requests/review-request-settings.service.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { ReviewRepliesRepository, type ReplyTarget } from './review-replies.repository.js';
import { replyMail } from './review-reply-mail.js';

const NOT_FOUND = 'No review with this id in your store.';

/**
 * The merchant's voice on a review: one public reply (optionally mailed to the reviewer) and the pin that puts it
 * first on the storefront. Each change reaches storefronts at once (their cached answers are invalidated).
 */
@Injectable()
export class ReviewRepliesService {
  constructor(
    private readonly repository: ReviewRepliesRepository,
    private readonly reviews: ReviewsService,
    private readonly mail: MailQueue,
    private readonly suppressions: MailSuppressionsService,
    private readonly requestSettings: ReviewRequestSettingsService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Writes or rewrites the reply. `notify` mails it (again) to the reviewer, refused before anything is saved when
   * the review has no address or the store may not mail it (its suppression list).
   */
  async reply(auth: WorkspaceContext, id: string, body: z.output<typeof ZReviewReply>): Promise<TReview> {
    const store = storeOf(auth);
    const target = await this.repository.target(store.id, id);
    if (!target) throw ApiError.notFound(NOT_FOUND);
    if (body.notify) await this.assertMailable(store.id, target);
    const at = this.clock.now();
    if (!(await this.repository.setReply(store.id, id, body.text, at, body.notify))) {
      throw ApiError.notFound(NOT_FOUND);
    }
    if (body.notify) await this.send(store, target, body.text, at);
    await this.reviews.changed(store.id);
    await this.events.emit('review.replied', { merchantId: store.id, reviewId: id }).catch(() => undefined);
    return this.reviews.get(auth, id);
  }

  async removeReply(auth: WorkspaceContext, id: string): Promise<void> {
    const merchantId = storeOf(auth).id;
    if (!(await this.repository.clearReply(merchantId, id))) throw ApiError.notFound(NOT_FOUND);
    await this.reviews.changed(merchantId);
  }

  async pin(auth: WorkspaceContext, id: string, pinned: boolean): Promise<TReview> {
    const merchantId = storeOf(auth).id;
    if (!(await this.repository.setPinned(merchantId, id, pinned, this.clock.now()))) {
      throw ApiError.notFound(NOT_FOUND);
    }
    await this.reviews.changed(merchantId);
    return this.reviews.get(auth, id);
  }

  private async assertMailable(merchantId: string, target: ReplyTarget): Promise<void> {
    if (!target.customerEmail) {
      throw ApiError.badRequest('This review has no email address to send the reply to.', 'reply_no_email', {
        notify: ['This review has no email address.'],
      });
    }
    if (await this.suppressions.isSuppressed(merchantId, target.customerEmail)) {
      throw ApiError.badRequest(
        'This address is on your suppression list: save the reply without emailing it.',
        'reply_suppressed',
        { notify: ['This address is on your suppression list.'] },
      );
    }
  }

  /** From the store's name, replying to the address its review requests reply to (if it set one). */
  private async send(store: MerchantRow, target: ReplyTarget, text: string, at: Date): Promise<void> {
    const storeName = store.storeName || this.config.publicUrl;
    const settings = await this.requestSettings.of(store.id);
    await this.mail.queue({
      // One Message-ID per writing of the reply: a repeated job is dropped as a duplicate by mailbox providers.
      messageId: `<${target.id}.reply.${at.getTime()}@${addressOf(this.config.mail.from).split('@').pop()}>`,
      to: target.customerEmail,
      ...replyMail(store.mainLanguage, {
        storeName,
        customerName: target.customerName,
        productName: target.productName,
        reply: text,
      }),
      fromName: storeName,
      replyTo: settings.reply_to ?? undefined,
    });
  }
}
