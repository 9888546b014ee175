import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZRequestLinkParams,
  ZRequestPageQuery,
  ZRequestReviewSubmitted,
  ZRequestReviewUpload,
  ZUnsubscribeForm,
  type TRequestReviewSubmitted,
} from '../../shared/review-request-page.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { sendSecretPage } from '../common/secret-page.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ReviewRequestPageService } from './review-request-page.service.js';

/** A review request's link, for the buyer: the hosted review page, its submissions, and unsubscribing. */
@Controller()
export class ReviewRequestPageController {
  constructor(private readonly pages: ReviewRequestPageService) {}

  @Get('r/:token')
  @Inputs({ params: ZRequestLinkParams, query: ZRequestPageQuery })
  async reviewPage(
    @Req() request: FastifyRequest,
    @Param('token') token: string,
    @Query(new ZodPipe(ZRequestPageQuery)) query: z.output<typeof ZRequestPageQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendSecretPage(request, reply, await this.pages.reviewPage(token, query, request.method === 'HEAD'));
  }

  @Post('api/review-requests/public/:token/reviews')
  @HttpCode(201)
  @Inputs({
    params: ZRequestLinkParams,
    multipart: { fields: ZRequestReviewUpload, files: ['video', 'photo', 'thumbnail'] },
  })
  @Answers(ZRequestReviewSubmitted, {
    description: 'The review is stored, a verified purchase waiting for the store’s moderation.',
    answers: {
      404: { description: '`unknown_link`: no review request has this link.' },
      409: {
        description:
          '`already_reviewed`: the product was reviewed through this link; `upload_in_use`, `upload_changed`: the ' +
          'resumable upload named is being used by another submission, or changed since it completed.',
      },
      410: {
        description: '`link_expired`, `request_withdrawn`, `store_uninstalled`: the link no longer takes reviews.',
      },
      429: { description: '`throttled`: too many submissions from this address; retry after `Retry-After` seconds.' },
    },
  })
  submit(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TRequestReviewSubmitted> {
    void reply.header('cache-control', 'no-store');
    return this.pages.submit(token, request);
  }

  /** One click from the mail's footer unsubscribes at once; the page offers the way back. */
  @Get('u/:token')
  @Inputs({ params: ZRequestLinkParams })
  async unsubscribePage(
    @Req() request: FastifyRequest,
    @Param('token') token: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // A HEAD (a mail scanner checking the link) changes nothing.
    await sendSecretPage(request, reply, await this.pages.unsubscribe(token, request.method === 'HEAD'));
  }

  /** RFC 8058's one-click POST (`List-Unsubscribe=One-Click`), and the page's resubscribe/unsubscribe buttons. */
  @Post('u/:token')
  @HttpCode(200)
  @Inputs({ params: ZRequestLinkParams, body: ZUnsubscribeForm })
  async unsubscribe(
    @Req() request: FastifyRequest,
    @Param('token') token: string,
    @Body(new ZodPipe(ZUnsubscribeForm)) body: z.output<typeof ZUnsubscribeForm>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page =
      body.action === 'resubscribe' ? await this.pages.resubscribe(token) : await this.pages.unsubscribe(token);
    await sendSecretPage(request, reply, page);
  }
}
