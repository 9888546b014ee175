import { Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowAnyOrigin, answerPreflight } from '../common/open-cors.js';
import { ReviewUploadService } from './review-upload.service.js';

/** Storefronts on any origin post here (CORS open); the session, when there is one, is the merchant's own. */
@Controller('api/reviews/upload')
export class ReviewUploadController {
  constructor(private readonly uploads: ReviewUploadService) {}

  @Post('/')
  @HttpCode(201)
  upload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ id: string; status: 'pending' }> {
    allowAnyOrigin(reply);
    return this.uploads.upload(request);
  }

  @Options('/')
  @HttpCode(204)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
