import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { REVIEW_EXPORT_LINK_DAYS, ZReviewExport, ZReviewExportQuery } from '../../shared/review-export.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
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
  @KeyScope('reviews:read')
  @Authenticated('moderate_reviews')
  @Answers(
    [
      ZReviewExport,
      { media: 'text/csv', description: '`format=csv` (the default): one row per review, the columns named first.' },
    ],
    {
      description: `Every review the filters match, as a file (\`format=json\`: one array); media links stay valid ${REVIEW_EXPORT_LINK_DAYS} days.`,
      headers: { 'Content-Disposition': '`attachment; filename="reviews-YYYY-MM-DD.csv"` (`.json` for JSON).' },
    },
  )
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
