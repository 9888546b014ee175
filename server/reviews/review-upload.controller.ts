import { Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
    // Set first, so error answers are readable by the storefront too.
    void reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
    return this.uploads.upload(request);
  }

  @Options('/')
  @HttpCode(204)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.headers({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type',
      'access-control-max-age': '86400',
    });
  }
}
