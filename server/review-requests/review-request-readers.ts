import { Injectable, type OnModuleInit } from '@nestjs/common';
import { REQUESTS_PAGE_SIZE } from '../../shared/review-request-options.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { ReviewRequestsService } from './review-requests.service.js';

/** The review requests page's funnel and first page of history, drawn with the page (its API routes' permission). */
@Injectable()
export class ReviewRequestReaders implements OnModuleInit {
  constructor(
    private readonly requests: ReviewRequestsService,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    this.readers.register(
      'reviewRequests',
      'view_dashboard',
      (merchantId) => (query) =>
        this.requests.list(merchantId, { ...query, page_size: REQUESTS_PAGE_SIZE, search: query.search || undefined }),
    );
    this.readers.register(
      'reviewRequestFunnel',
      'view_dashboard',
      (merchantId) => (days) => this.requests.funnel(merchantId, days),
    );
  }
}
