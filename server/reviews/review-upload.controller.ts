import { Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZReviewUpload } from '../../shared/reviews.js';
import { allowAnyOrigin, answerPreflight } from '../common/open-cors.js';
import { Inputs } from '../common/route-inputs.js';
import { ReviewUploadService } from './review-upload.service.js';

/** Storefronts on any origin post here (CORS open); the session, when there is one, is the merchant's own. */
@Controller('api/reviews/upload')
export class ReviewUploadController {
  constructor(private readonly uploads: ReviewUploadService) {}

  @Post('/')
  @HttpCode(201)
  @Inputs({ multipart: { fields: ZReviewUpload, files: ['video', 'photo', 'thumbnail'] } })
  upload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ id: string; status: 'pending' }> {
    allowAnyOrigin(reply);
    // A throttled shopper is told how long to wait: the widget reads it cross-origin.
    void reply.header('access-control-expose-headers', 'Retry-After');
    return this.uploads.upload(request);
  }

  @Options('/')
  @HttpCode(204)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
