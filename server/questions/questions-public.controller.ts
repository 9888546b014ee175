import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZQuestionAsk } from '../../shared/questions.js';
import { allowAnyOrigin, answerPreflight } from '../common/open-cors.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { QuestionsService } from './questions.service.js';

/** A shopper's question, from a storefront on any origin (CORS open). */
@Controller('api/questions/public')
export class QuestionsPublicController {
  constructor(private readonly questions: QuestionsService) {}

  @Post('/')
  @HttpCode(201)
  ask(
    @Body(new ZodPipe(ZQuestionAsk)) body: z.output<typeof ZQuestionAsk>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ id: string; status: 'pending' }> {
    allowAnyOrigin(reply);
    // A throttled shopper is told how long to wait: the widget reads it cross-origin.
    void reply.header('access-control-expose-headers', 'Retry-After');
    return this.questions.ask(request.ip, body);
  }

  @Options('/')
  @HttpCode(204)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
