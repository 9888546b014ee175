import { Injectable, type OnModuleInit } from '@nestjs/common';
import { QUESTIONS_PAGE_SIZE } from '../../shared/question-options.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { QuestionsService } from './questions.service.js';

/** The questions page's first list and the filter's counts, drawn with the page (its API routes' permission). */
@Injectable()
export class QuestionReaders implements OnModuleInit {
  constructor(
    private readonly questions: QuestionsService,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    this.readers.register(
      'questions',
      'moderate_reviews',
      (merchantId) => (query) =>
        this.questions.listOf(merchantId, {
          ...query,
          page_size: QUESTIONS_PAGE_SIZE,
          search: query.search || undefined,
        }),
    );
    this.readers.register(
      'questionStats',
      'moderate_reviews',
      (merchantId) => () => this.questions.statsOf(merchantId),
    );
  }
}
