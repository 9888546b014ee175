import { Injectable } from '@nestjs/common';
import type { TWebhookEventType } from '../../shared/webhook-endpoints.js';
import { mapQuestion } from '../questions/questions.mapper.js';
import { QuestionsRepository } from '../questions/questions.repository.js';
import { mapRequest } from '../review-requests/review-requests.mapper.js';
import { ReviewRequestsRepository } from '../review-requests/review-requests.repository.js';
import { ReviewsService } from '../reviews/reviews.service.js';

/**
 * The `data` of an event: the subject as the API answers it (GET /api/reviews/{id}/, the questions list's item, GET
 * /api/review-requests/{id}/), read when the event is dispatched, so the payload says what is true then. Null when
 * the subject is gone already.
 */
@Injectable()
export class WebhookPayloads {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly questions: QuestionsRepository,
    private readonly requests: ReviewRequestsRepository,
  ) {}

  async data(merchantId: string, type: TWebhookEventType, id: string): Promise<Record<string, unknown> | null> {
    switch (type) {
      case 'question.created': {
        const row = await this.questions.find(merchantId, id);
        return row && mapQuestion(row);
      }
      case 'request.reviewed': {
        const row = await this.requests.find(merchantId, id);
        return row && mapRequest(row);
      }
      default:
        return this.reviews.find(merchantId, id);
    }
  }
}
