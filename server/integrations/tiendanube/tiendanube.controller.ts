import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZInstallBody, type TInstallResult, type TTiendaNubeIntegration } from '../../../shared/integrations.js';
import { requireWorkspace, storeOf, type AuthContext } from '../../auth/auth-context.js';
import { Auth, Authenticated } from '../../auth/authenticated.decorator.js';
import { ApiError } from '../../common/api-error.js';
import { ZodPipe } from '../../common/zod.pipe.js';
import { InstallSessions } from '../install-sessions.js';
import { InstallError } from '../store-installs.service.js';
import { TiendaNubeInstallService } from './tiendanube-install.service.js';
import { TiendaNubeStatusService } from './tiendanube-status.service.js';

const STATUS: Partial<Record<InstallError['code'], number>> = {
  not_configured: 404,
  platform_error: 502,
  store_taken: 409,
  owner_inactive: 403,
};

/** SPEC §7 `POST /api/auth/install/` (Tienda Nube's install code), and the Tienda Nube page's state. */
@Controller()
export class TiendaNubeController {
  constructor(
    private readonly installs: TiendaNubeInstallService,
    private readonly sessions: InstallSessions,
    private readonly statuses: TiendaNubeStatusService,
  ) {}

  @Post('api/auth/install/')
  @HttpCode(200)
  async install(
    @Body(new ZodPipe(ZInstallBody)) body: z.output<typeof ZInstallBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TInstallResult> {
    try {
      const outcome = await this.installs.install(body.code);
      await this.sessions.settle(outcome, request, reply);
      return this.sessions.result(outcome, 'tiendanube');
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      throw new ApiError(STATUS[error.code] ?? 400, { detail: error.message, code: error.code });
    }
  }

  @Get('api/integrations/tiendanube/')
  @Authenticated('view_dashboard')
  status(@Auth() auth: AuthContext): Promise<TTiendaNubeIntegration> {
    return this.statuses.status(storeOf(requireWorkspace(auth)));
  }
}
