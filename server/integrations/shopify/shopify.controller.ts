import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZShopifyConnect, type TShopifyAuthorize, type TShopifyIntegration } from '../../../shared/integrations.js';
import { requireWorkspace, storeOf, type AuthContext } from '../../auth/auth-context.js';
import { Auth, Authenticated } from '../../auth/authenticated.decorator.js';
import { ApiError } from '../../common/api-error.js';
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
  status(@Auth() auth: AuthContext): Promise<TShopifyIntegration> {
    return this.statuses.status(storeOf(requireWorkspace(auth)));
  }

  @Post('connect/')
  @HttpCode(200)
  @Authenticated('manage_integrations')
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
