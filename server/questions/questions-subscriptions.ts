import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { QuestionsRepository } from './questions.repository.js';

/** A customer's erasure (privacy request) takes their name and address off their questions; the text stays. */
@Injectable()
export class QuestionsSubscriptions implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly questions: QuestionsRepository,
    private readonly answers: StorefrontCache,
  ) {}

  onModuleInit(): void {
    this.events.on('customer.redacted', async ({ merchantId, email }) => {
      if (email && (await this.questions.anonymiseAsker(merchantId, email))) await this.answers.invalidate(merchantId);
    });
  }
}
