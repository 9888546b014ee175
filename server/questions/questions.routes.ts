import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ZPublicQuestions, ZPublicQuestionsQuery } from '../../shared/questions.js';
import { answer, answered } from '../storefront/storefront.routes.js';
import { QuestionsService } from './questions.service.js';

const PUBLIC_QUESTIONS_ROUTE = {
  compress: false,
  config: {
    inputs: { query: ZPublicQuestionsQuery },
    outputs: answered(ZPublicQuestions, 'A page of the product’s published questions with their answers.'),
  },
} as const;

/**
 * A product's published questions, read by the widget's Questions tab: a plain Fastify route answered like the
 * public reviews (cached per store and data version, CDN-cacheable, compressed once).
 */
@Injectable()
export class QuestionsRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly questions: QuestionsService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/api/questions/public/', PUBLIC_QUESTIONS_ROUTE, (request, reply) =>
      answer(request, reply, () => {
        const query = ZPublicQuestionsQuery.parse(request.query);
        return this.questions.published(query.merchant_id, query.product_id, query.page, query.page_size, query.v);
      }),
    );
  }
}
