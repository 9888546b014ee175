import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZApiError } from '../../shared/errors.js';
import {
  ZReviewImport,
  ZReviewImportFormatError,
  ZReviewImportList,
  ZReviewImportPreview,
  type TReviewImport,
  type TReviewImportList,
  type TReviewImportPreview,
} from '../../shared/review-imports.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ReviewImportsService } from './review-imports.service.js';

/** Importing another app's reviews (issue 26): the store's settings, so its owner's. */
@Controller('api/review-imports')
export class ReviewImportsController {
  constructor(private readonly imports: ReviewImportsService) {}

  /** A review export (multipart `file`): stored and previewed, waiting for `start`. */
  @Post('/')
  @HttpCode(201)
  @Authenticated('manage_store')
  @Inputs({ multipart: { files: ['file'] } })
  @Answers(ZReviewImportPreview, {
    description: 'Stored and read through: the import waits for its start.',
    answers: {
      400: {
        description:
          'The input is invalid (no `file`, a file that is not CSV), or (`unknown_import_format`, ' +
          '`ambiguous_import_format`, with `accepted_formats`) no review export format, or several alike, fits its header.',
        body: z.union([ZApiError, ZReviewImportFormatError]),
      },
    },
  })
  upload(@Auth() auth: AuthContext, @Req() request: FastifyRequest): Promise<TReviewImportPreview> {
    return this.imports.upload(requireWorkspace(auth), request);
  }

  @Get('/')
  @Authenticated('manage_store')
  @Answers(ZReviewImportList)
  list(@Auth() auth: AuthContext): Promise<TReviewImportList> {
    return this.imports.list(requireWorkspace(auth));
  }

  @Get(':id/')
  @Authenticated('manage_store')
  @Answers(ZReviewImport, { description: 'The import and its progress (poll it while it runs).' })
  get(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewImport> {
    return this.imports.get(requireWorkspace(auth), id);
  }

  @Post(':id/start/')
  @HttpCode(202)
  @Authenticated('manage_store')
  @Answers(ZReviewImport, {
    description: 'Running: a job imports it; follow it with `GET /api/review-imports/{id}/`.',
    answers: { 409: { description: '`import_state`: the import is not waiting for its start (previewed).' } },
  })
  start(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewImport> {
    return this.imports.start(requireWorkspace(auth), id);
  }

  @Post(':id/cancel/')
  @HttpCode(200)
  @Authenticated('manage_store')
  @Answers(ZReviewImport, {
    description: 'Cancelled: the rows imported so far stay.',
    answers: { 409: { description: '`import_state`: the import is neither previewed nor running.' } },
  })
  cancel(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewImport> {
    return this.imports.cancel(requireWorkspace(auth), id);
  }

  /** The rows and media links not imported, with why. */
  @Get(':id/skipped.csv')
  @Authenticated('manage_store')
  @Answers({
    media: 'text/csv',
    description: 'One row per row or media link not imported: row, reason, detail, media_url.',
  })
  async skipped(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.imports.skippedCsv(requireWorkspace(auth), id);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  }
}
