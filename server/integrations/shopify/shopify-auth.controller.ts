import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZInstallResult, ZShopifyInstallBody, type TInstallResult } from '../../../shared/integrations.js';
import { ApiError } from '../../common/api-error.js';
import { Answers } from '../../common/route-outputs.js';
import { ZodPipe } from '../../common/zod.pipe.js';
import { OAUTH_STATE_COOKIE } from '../install-cookies.js';
import { InstallError } from '../store-installs.service.js';
import { ShopifyInstallFlow } from './shopify-install.flow.js';

/**
 * Shopify's side of the install (SPEC §7): the app URL Shopify's admin opens, the OAuth callback, and the same
 * completion for a page that posts what the callback would have received.
 */
@Controller('api/auth/shopify')
export class ShopifyAuthController {
  constructor(private readonly flow: ShopifyInstallFlow) {}

  /** The app URL: Shopify's admin opens it, signed, to install the app or open it. */
  @Get('/')
  @Answers(null, {
    status: 302,
    description: 'To Shopify’s screen that approves the app (the OAuth `state` is set as a cookie).',
    answers: {
      303: {
        description:
          'The opening could not go on (not signed by Shopify, not configured…): to `/register` with ' +
          '`install_error` (and `shop`), or to the dashboard’s Shopify page with `error` for a connect.',
        body: null,
      },
    },
  })
  open(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.flow.open(query, request, reply);
  }

  @Get('callback/')
  @Answers(null, {
    status: 303,
    description:
      'Shopify’s answer is checked and the store installed: a new store to `/register` with `shop`, `platform` ' +
      'and `merchant_id` (this browser holds the claim cookie); a known store to `/`, its owner signed in (the ' +
      'session cookies are set); a connect from the dashboard to its Shopify page with `connected=1`. An install ' +
      'that cannot go on goes to `/register` with `install_error`, or to the Shopify page with `error`.',
  })
  callback(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.flow.callback(query, request, reply);
  }

  @Post('install/')
  @HttpCode(200)
  @Answers(ZInstallResult, {
    description:
      'The store is installed. `new`: it waits for its owner’s sign-up (register with `merchant_id`; this browser ' +
      'holds the claim cookie); `signed_in`: a known store, its owner is signed in (the session cookies are set).',
    answers: {
      400: {
        description:
          'The input is invalid, or the answer is not Shopify’s (`invalid_signature`), not this browser’s or already ' +
          'used (`invalid_state`), or the store is another workspace’s (`store_taken`).',
      },
      404: { description: 'The Shopify app is not configured on this server (`not_configured`).' },
      502: { description: 'Shopify could not complete the installation (`platform_error`).' },
    },
  })
  async install(
    @Body(new ZodPipe(ZShopifyInstallBody)) body: z.output<typeof ZShopifyInstallBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TInstallResult> {
    try {
      return await this.flow.install(body, request.cookies[OAUTH_STATE_COOKIE], request, reply);
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      const status = error.code === 'not_configured' ? 404 : error.code === 'platform_error' ? 502 : 400;
      throw new ApiError(status, { detail: error.message, code: error.code });
    }
  }
}
