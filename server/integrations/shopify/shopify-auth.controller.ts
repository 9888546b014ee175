import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZShopifyInstallBody, type TInstallResult } from '../../../shared/integrations.js';
import { ApiError } from '../../common/api-error.js';
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
  open(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.flow.open(query, request, reply);
  }

  @Get('callback/')
  callback(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.flow.callback(query, request, reply);
  }

  @Post('install/')
  @HttpCode(200)
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
