import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZQuestionAsk, ZQuestionAsked, type TQuestionAsked } from '../../shared/questions.js';
import { allowAnyOrigin, answerPreflight, PREFLIGHT_ANSWER } from '../common/open-cors.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { QuestionsService } from './questions.service.js';

/** A shopper's question, from a storefront on any origin (CORS open). */
@Controller('api/questions/public')
export class QuestionsPublicController {
  constructor(private readonly questions: QuestionsService) {}

  @Post('/')
  @HttpCode(201)
  @Answers(ZQuestionAsked, {
    description: 'Taken: the question waits for the store’s answer (an unknown store is refused as `merchant_id`).',
    answers: {
      429: {
        ...THROTTLED_ANSWER,
        description: 'Too many questions from this address: retry after `Retry-After` seconds.',
      },
    },
  })
  ask(
    @Body(new ZodPipe(ZQuestionAsk)) body: z.output<typeof ZQuestionAsk>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TQuestionAsked> {
    allowAnyOrigin(reply);
    // A throttled shopper is told how long to wait: the widget reads it cross-origin.
    void reply.header('access-control-expose-headers', 'Retry-After');
    return this.questions.ask(request.ip, body);
  }

  @Options('/')
  @HttpCode(204)
  @Answers(null, PREFLIGHT_ANSWER)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
