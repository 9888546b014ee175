import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { QuestionsModule } from '../questions/questions.module.js';
import { ReviewRequestsModule } from '../review-requests/review-requests.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { WebhookDeliveryJobs } from './webhook-deliveries.jobs.js';
import { WebhookEndpointsController } from './webhook-endpoints.controller.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookPayloads } from './webhook-payloads.js';
import { WebhookSubscriptions } from './webhook-subscriptions.js';

/** Issue 28, outgoing webhooks: integrators told of reviews, questions and requests as they happen. */
@Module({
  imports: [
    AccountsModule,
    AuthModule,
    MailModule,
    OutboundModule,
    QuestionsModule,
    ReviewRequestsModule,
    ReviewsModule,
  ],
  controllers: [WebhookEndpointsController],
  providers: [
    WebhookEndpointsRepository,
    WebhookEndpointsService,
    WebhookDeliveryJobs,
    WebhookPayloads,
    WebhookSubscriptions,
  ],
})
export class WebhookEndpointsModule {}
