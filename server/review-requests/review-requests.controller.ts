import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZReviewRequest,
  ZReviewRequestCreate,
  ZReviewRequestFunnel,
  ZReviewRequestImport,
  ZReviewRequestListQuery,
  ZReviewRequestMailPreview,
  ZReviewRequestPage,
  ZReviewRequestPreview,
  ZReviewRequestSettings,
  ZReviewRequestSettingsPatch,
  ZReviewRequestTestMail,
  ZSuppression,
  ZSuppressionCreate,
  ZSuppressionListQuery,
  ZSuppressionPage,
  type TReviewRequest,
  type TReviewRequestFunnel,
  type TReviewRequestImport,
  type TReviewRequestMailPreview,
  type TReviewRequestPage,
  type TReviewRequestSettings,
  type TReviewRequestTestMail,
  type TSuppression,
  type TSuppressionPage,
} from '../../shared/review-requests.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { ReviewRequestSettingsService } from './review-request-settings.service.js';
import { ReviewRequestsService } from './review-requests.service.js';

const ZFunnelQuery = z.object({
  days: z.coerce.number().int().min(1, 'From 1 to 365 days.').max(365, 'From 1 to 365 days.').default(30),
});

const store = (auth: AuthContext) => storeOf(requireWorkspace(auth)).id;

/** The 409 an action answers, with its code and when. */
const conflict = (code: string, when: string) => ({ 409: { description: `\`${code}\`: ${when}` } });

/**
 * Review requests (DESIGN §6.5): members read the history, the funnel, the settings and the suppression list and
 * may preview the mail; what changes what buyers receive (settings, new requests, send now, cancel, resend, the
 * suppression list) is the owners' (`manage_store`). An integrator's key with `requests:write` creates, imports, sends
 * now, cancels and resends requests (an order system's calls); settings and suppressions stay the owners'.
 */
@Controller('api/review-requests')
export class ReviewRequestsController {
  constructor(
    private readonly requests: ReviewRequestsService,
    private readonly settings: ReviewRequestSettingsService,
    private readonly suppressions: MailSuppressionsService,
  ) {}

  @Get('/')
  @Authenticated('view_dashboard')
  @Answers(ZReviewRequestPage)
  list(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewRequestListQuery)) query: z.output<typeof ZReviewRequestListQuery>,
  ): Promise<TReviewRequestPage> {
    return this.requests.list(store(auth), query);
  }

  @Post('/')
  @HttpCode(201)
  @Authenticated('manage_store')
  @KeyScope('requests:write')
  @Answers(ZReviewRequest, {
    description: 'Scheduled by the store’s delay and send window.',
    answers: conflict('request_exists', 'the order already has a review request.'),
  })
  create(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZReviewRequestCreate)) body: z.output<typeof ZReviewRequestCreate>,
  ): Promise<TReviewRequest> {
    return this.requests.create(store(auth), body);
  }

  @Post('import/')
  @HttpCode(200)
  @Authenticated('manage_store')
  @KeyScope('requests:write')
  @Inputs({ multipart: { files: ['file'] } })
  @Answers(ZReviewRequestImport, { description: 'The orders scheduled, and each line that was not with why.' })
  import(@Auth() auth: AuthContext, @Req() request: FastifyRequest): Promise<TReviewRequestImport> {
    return this.requests.import(store(auth), request);
  }

  @Get('settings/')
  @Authenticated('view_dashboard')
  @Answers(ZReviewRequestSettings)
  getSettings(@Auth() auth: AuthContext): Promise<TReviewRequestSettings> {
    return this.settings.of(store(auth));
  }

  @Put('settings/')
  @Authenticated('manage_store')
  @Answers(ZReviewRequestSettings, { description: 'The settings as saved.' })
  saveSettings(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZReviewRequestSettingsPatch)) body: z.output<typeof ZReviewRequestSettingsPatch>,
  ): Promise<TReviewRequestSettings> {
    return this.settings.save(store(auth), body);
  }

  @Post('preview/')
  @HttpCode(200)
  @Authenticated('view_dashboard')
  @Answers(ZReviewRequestMailPreview)
  preview(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZReviewRequestPreview)) body: z.output<typeof ZReviewRequestPreview>,
  ): Promise<TReviewRequestMailPreview> {
    return this.requests.preview(store(auth), body);
  }

  @Post('test-mail/')
  @HttpCode(202)
  @Authenticated('view_dashboard')
  @Answers(ZReviewRequestTestMail, { description: 'The preview was mailed to the signed-in user’s address.' })
  testMail(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZReviewRequestPreview)) body: z.output<typeof ZReviewRequestPreview>,
  ): Promise<TReviewRequestTestMail> {
    return this.requests.testMail(store(auth), auth.user.email, body);
  }

  @Get('funnel/')
  @Authenticated('view_dashboard')
  @Answers(ZReviewRequestFunnel)
  funnel(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZFunnelQuery)) query: z.output<typeof ZFunnelQuery>,
  ): Promise<TReviewRequestFunnel> {
    return this.requests.funnel(store(auth), query.days);
  }

  @Get('suppressions/')
  @Authenticated('view_dashboard')
  @Answers(ZSuppressionPage)
  listSuppressions(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZSuppressionListQuery)) query: z.output<typeof ZSuppressionListQuery>,
  ): Promise<TSuppressionPage> {
    return this.suppressions.list(store(auth), query);
  }

  @Post('suppressions/')
  @HttpCode(201)
  @Authenticated('manage_store')
  @Answers(ZSuppression, { description: 'The address is suppressed (again: its first reason stays).' })
  suppress(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZSuppressionCreate)) body: z.output<typeof ZSuppressionCreate>,
  ): Promise<TSuppression> {
    return this.suppressions.suppress(store(auth), body.email, 'manual');
  }

  @Delete('suppressions/:id/')
  @HttpCode(204)
  @Authenticated('manage_store')
  @Answers(null, { description: 'The address may be mailed again.' })
  async unsuppress(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    await this.suppressions.remove(store(auth), id);
  }

  @Get(':id/')
  @Authenticated('view_dashboard')
  @Answers(ZReviewRequest)
  get(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewRequest> {
    return this.requests.get(store(auth), id);
  }

  @Post(':id/send-now/')
  @HttpCode(200)
  @Authenticated('manage_store')
  @KeyScope('requests:write')
  @Answers(ZReviewRequest, {
    description: 'Its next mail is due now.',
    answers: conflict('nothing_to_send', 'the request has no mail left to send.'),
  })
  sendNow(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewRequest> {
    return this.requests.sendNow(store(auth), id);
  }

  @Post(':id/cancel/')
  @HttpCode(200)
  @Authenticated('manage_store')
  @KeyScope('requests:write')
  @Answers(ZReviewRequest, {
    description: 'Cancelled: nothing more is sent.',
    answers: conflict('not_cancellable', 'the request is no longer scheduled, sent or opened.'),
  })
  cancel(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewRequest> {
    return this.requests.cancel(store(auth), id);
  }

  @Post(':id/resend/')
  @HttpCode(200)
  @Authenticated('manage_store')
  @KeyScope('requests:write')
  @Answers(ZReviewRequest, {
    description: 'One more mail is due now, with the same link.',
    answers: conflict(
      'not_resendable',
      'the request is not sent or opened, its link expired, or the address is suppressed.',
    ),
  })
  resend(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TReviewRequest> {
    return this.requests.resend(store(auth), id);
  }
}
