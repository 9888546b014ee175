import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ZReviewExportQuery } from '../../shared/review-export.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ReviewExportService } from './review-export.service.js';

@Controller('api/reviews/export')
export class ReviewExportController {
  constructor(private readonly exports: ReviewExportService) {}

  /**
   * Every review the filters match, as a CSV or JSON download. The dashboard links here (its session cookie
   * authenticates a plain link, so the file streams to disk); API clients send their token.
   */
  @Get('/')
  @Authenticated('moderate_reviews')
  async download(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewExportQuery)) query: z.output<typeof ZReviewExportQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = this.exports.export(requireWorkspace(auth), query);
    await reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  }
}
