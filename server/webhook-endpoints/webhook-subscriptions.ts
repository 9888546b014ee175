import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TModerationAction } from '../../shared/reviews.js';
import type { TWebhookEventType } from '../../shared/webhook-endpoints.js';
import { DomainEvents } from '../events/domain-events.js';
import { WebhookDeliveryJobs } from './webhook-deliveries.jobs.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

/** The moderation actions an endpoint is told of (a restoration is not an event of its own). */
const MODERATED: Partial<Record<TModerationAction, TWebhookEventType>> = {
  approve: 'review.published',
  reject: 'review.rejected',
  delete: 'review.deleted',
};

/** Which domain events become which outgoing webhook events (DESIGN §11.3: the domains know nothing of webhooks). */
@Injectable()
export class WebhookSubscriptions implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly deliveries: WebhookDeliveryJobs,
    private readonly repository: WebhookEndpointsRepository,
  ) {}

  onModuleInit(): void {
    this.events.on('review.submitted', ({ merchantId, reviewId }) =>
      this.deliveries.dispatch(merchantId, 'review.created', [reviewId]),
    );
    this.events.on('reviews.moderated', async ({ merchantId, action, reviewIds }) => {
      const type = MODERATED[action];
      if (type) await this.deliveries.dispatch(merchantId, type, reviewIds);
    });
    this.events.on('review.replied', ({ merchantId, reviewId }) =>
      this.deliveries.dispatch(merchantId, 'review.replied', [reviewId]),
    );
    this.events.on('question.created', ({ merchantId, questionId }) =>
      this.deliveries.dispatch(merchantId, 'question.created', [questionId]),
    );
    this.events.on('requests.reviewed', ({ merchantId, requestIds }) =>
      this.deliveries.dispatch(merchantId, 'request.reviewed', requestIds),
    );
    // The log keeps what was sent, the customer's address with it: an erased customer's messages go, sent or not.
    this.events.on('customer.redacted', async ({ merchantId, email }) => {
      if (email) await this.repository.forgetAddress(merchantId, email);
    });
  }
}
