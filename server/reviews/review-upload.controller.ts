import { Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZReviewUpload, ZReviewUploadResult, type TReviewUploadResult } from '../../shared/reviews.js';
import { allowAnyOrigin, answerPreflight, PREFLIGHT_ANSWER } from '../common/open-cors.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { ReviewUploadService } from './review-upload.service.js';

/** Storefronts on any origin post here (CORS open); the session, when there is one, is the merchant's own. */
@Controller('api/reviews/upload')
export class ReviewUploadController {
  constructor(private readonly uploads: ReviewUploadService) {}

  @Post('/')
  @HttpCode(201)
  @Inputs({ multipart: { fields: ZReviewUpload, files: ['video', 'photo', 'thumbnail'] } })
  @Answers(ZReviewUploadResult, {
    description: 'The review, made: it waits for moderation (or the store’s automatic rules).',
    answers: {
      403: {
        description:
          'A signed-in caller whose role lacks `moderate_reviews`, a cookie session from another origin, or a ' +
          "workspace that is not the caller's.",
      },
      409: {
        description:
          'The upload `upload_id` names is being used by another request (`upload_in_use`), or changed after it ' +
          'completed (`upload_changed`: send the video again).',
      },
      429: {
        ...THROTTLED_ANSWER,
        description: 'Too many reviews from this address: retry after `Retry-After` seconds.',
      },
    },
  })
  upload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TReviewUploadResult> {
    allowAnyOrigin(reply);
    // A throttled shopper is told how long to wait: the widget reads it cross-origin.
    void reply.header('access-control-expose-headers', 'Retry-After');
    return this.uploads.upload(request);
  }

  @Options('/')
  @HttpCode(204)
  @Answers(null, PREFLIGHT_ANSWER)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
