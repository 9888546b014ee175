import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZShopifyAuthorize,
  ZShopifyConnect,
  ZShopifyIntegration,
  type TShopifyAuthorize,
  type TShopifyIntegration,
} from '../../../shared/integrations.js';
import { requireWorkspace, storeOf, type AuthContext } from '../../auth/auth-context.js';
import { Auth, Authenticated } from '../../auth/authenticated.decorator.js';
import { ApiError } from '../../common/api-error.js';
import { Answers } from '../../common/route-outputs.js';
import { ZodPipe } from '../../common/zod.pipe.js';
import { InstallError } from '../store-installs.service.js';
import { ShopifyInstallFlow } from './shopify-install.flow.js';
import { ShopifyStatusService } from './shopify-status.service.js';

/** The dashboard's Shopify page: the connection's state, and connecting the current store. */
@Controller('api/integrations/shopify')
export class ShopifyController {
  constructor(
    private readonly statuses: ShopifyStatusService,
    private readonly flow: ShopifyInstallFlow,
  ) {}

  @Get('/')
  @Authenticated('view_dashboard')
  @Answers(ZShopifyIntegration)
  status(@Auth() auth: AuthContext): Promise<TShopifyIntegration> {
    return this.statuses.status(storeOf(requireWorkspace(auth)));
  }

  @Post('connect/')
  @HttpCode(200)
  @Authenticated('manage_integrations')
  @Answers(ZShopifyAuthorize, {
    description: 'Send the browser to `authorize_url` to approve the app; the OAuth `state` is set as a cookie.',
    answers: { 404: { description: 'The Shopify app is not configured on this server (`not_configured`).' } },
  })
  async connect(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZShopifyConnect)) body: z.output<typeof ZShopifyConnect>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TShopifyAuthorize> {
    const workspace = requireWorkspace(auth);
    storeOf(workspace);
    try {
      return { authorize_url: await this.flow.connect(workspace.workspace.workspaceId, body.shop, request, reply) };
    } catch (error) {
      if (error instanceof InstallError) throw ApiError.notFound(error.message, error.code);
      throw error;
    }
  }
}
