import { Body, Controller, HttpCode, Options, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZHelpfulVote, ZHelpfulVoteResult, type THelpfulVoteResult } from '../../shared/storefront.js';
import { allowAnyOrigin, answerPreflight, PREFLIGHT_ANSWER } from '../common/open-cors.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { HelpfulVotesService } from './helpful-votes.service.js';

/** Shoppers' "helpful" votes from the storefront widget (text/plain JSON like the beacons), from any origin. */
@Controller('api/reviews/public')
export class HelpfulVotesController {
  constructor(private readonly votes: HelpfulVotesService) {}

  @Post(':reviewId/helpful/')
  @HttpCode(200)
  @Inputs({ body: ZHelpfulVote, params: z.object({ reviewId: z.uuid() }) })
  @Answers(ZHelpfulVoteResult, {
    description: 'The vote, counted or not, and the review’s count since.',
    answers: {
      404: { description: 'No store with this id (`unknown_store`), or it shows no such review (`unknown_review`).' },
      429: {
        ...THROTTLED_ANSWER,
        description: 'Too many votes from this address, or to this store: retry after `Retry-After` seconds.',
      },
    },
  })
  vote(
    @Param('reviewId', UuidParam) reviewId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<THelpfulVoteResult> {
    allowAnyOrigin(reply);
    return this.votes.vote(reviewId, body, request.ip);
  }

  @Options(':reviewId/helpful/')
  @HttpCode(204)
  @Answers(null, PREFLIGHT_ANSWER)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
