import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { DomainEvents } from '../events/domain-events.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { ReviewRequestsRepository } from './review-requests.repository.js';

/** What review requests do when other domains change: a review stops reminders, an erasure takes requests away. */
@Injectable()
export class ReviewRequestSubscriptions implements OnModuleInit {
  private readonly logger = new Logger(ReviewRequestSubscriptions.name);

  constructor(
    private readonly events: DomainEvents,
    private readonly requests: ReviewRequestsRepository,
    private readonly suppressions: MailSuppressionsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    // The review is saved already: a failure here must not fail its upload (the shopper would send it again). The
    // next reminder's send-time check finds the review anyway.
    this.events.on('review.submitted', async (review) => {
      try {
        const marked = await this.requests.markReviewed(review.merchantId, {
          email: review.customerEmail,
          productExternalId: review.productExternalId,
          reviewId: review.reviewId,
          requestId: review.requestId ?? null,
          at: this.clock.now(),
        });
        if (marked.length) {
          const reviewed = { merchantId: review.merchantId, requestIds: marked };
          await this.events.emit('requests.reviewed', reviewed).catch(() => undefined);
        }
      } catch (err) {
        this.logger.error({ err, reviewId: review.reviewId }, 'Could not mark a review request reviewed');
      }
    });
    // The customer's requests go; their suppressions stay as the address's hash only, so they are never mailed.
    this.events.on('customer.redacted', async ({ merchantId, email, orderExternalIds }) => {
      const addresses = await this.requests.eraseCustomer(merchantId, email, orderExternalIds);
      await this.events.emit('requests.erased', { merchantId });
      await this.suppressions.forgetAddresses(merchantId, [...new Set([...addresses, ...(email ? [email] : [])])]);
    });
  }
}
