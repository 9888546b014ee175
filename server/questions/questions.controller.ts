import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { z } from 'zod';
import {
  ZQuestion,
  ZQuestionAnswer,
  ZQuestionBulk,
  ZQuestionBulkResult,
  ZQuestionListQuery,
  ZQuestionPage,
  ZQuestionStats,
  type TQuestion,
  type TQuestionBulkResult,
  type TQuestionStats,
} from '../../shared/questions.js';
import type { TPage } from '../../shared/reviews.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { QuestionsService } from './questions.service.js';

/** The merchant's side of questions and answers (the /questions page). */
@Controller('api/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get('/')
  @Authenticated('moderate_reviews')
  @Answers(ZQuestionPage)
  list(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZQuestionListQuery)) query: z.output<typeof ZQuestionListQuery>,
  ): Promise<TPage<TQuestion>> {
    return this.questions.list(requireWorkspace(auth), query);
  }

  @Get('stats/')
  @Authenticated('moderate_reviews')
  @Answers(ZQuestionStats)
  stats(@Auth() auth: AuthContext): Promise<TQuestionStats> {
    return this.questions.stats(requireWorkspace(auth));
  }

  @Post('bulk/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  @Answers(ZQuestionBulkResult)
  bulk(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZQuestionBulk)) body: z.output<typeof ZQuestionBulk>,
  ): Promise<TQuestionBulkResult> {
    return this.questions.bulk(requireWorkspace(auth), body);
  }

  @Get(':id/')
  @Authenticated('moderate_reviews')
  @Answers(ZQuestion)
  get(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TQuestion> {
    return this.questions.get(requireWorkspace(auth), id);
  }

  @Delete(':id/')
  @HttpCode(204)
  @Authenticated('moderate_reviews')
  @Answers(null)
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.questions.remove(requireWorkspace(auth), id);
  }

  @Put(':id/answer/')
  @Authenticated('moderate_reviews')
  @Answers(ZQuestion, { description: 'The question with its answer, mailed to the asker unless the store may not.' })
  answer(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZQuestionAnswer)) body: z.output<typeof ZQuestionAnswer>,
  ): Promise<TQuestion> {
    return this.questions.answer(requireWorkspace(auth), id, body);
  }

  @Post(':id/publish/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  @Answers(ZQuestion, {
    answers: { 400: { description: 'The question has no answer yet (`question_unanswered`).' } },
  })
  publish(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TQuestion> {
    return this.questions.publish(requireWorkspace(auth), id, true);
  }

  @Post(':id/unpublish/')
  @HttpCode(200)
  @Authenticated('moderate_reviews')
  @Answers(ZQuestion)
  unpublish(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TQuestion> {
    return this.questions.publish(requireWorkspace(auth), id, false);
  }
}
