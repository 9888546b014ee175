import { Body, Controller, HttpCode, Options, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZHelpfulVote, type THelpfulVoteResult } from '../../shared/storefront.js';
import { allowAnyOrigin, answerPreflight } from '../common/open-cors.js';
import { Inputs } from '../common/route-inputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { HelpfulVotesService } from './helpful-votes.service.js';

/** Shoppers' "helpful" votes from the storefront widget (text/plain JSON like the beacons), from any origin. */
@Controller('api/reviews/public')
export class HelpfulVotesController {
  constructor(private readonly votes: HelpfulVotesService) {}

  @Post(':reviewId/helpful/')
  @HttpCode(200)
  @Inputs({ body: ZHelpfulVote, params: z.object({ reviewId: z.uuid() }) })
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
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
