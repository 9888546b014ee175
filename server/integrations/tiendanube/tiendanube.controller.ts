import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZInstallBody,
  ZInstallResult,
  ZTiendaNubeIntegration,
  type TInstallResult,
  type TTiendaNubeIntegration,
} from '../../../shared/integrations.js';
import { requireWorkspace, storeOf, type AuthContext } from '../../auth/auth-context.js';
import { Auth, Authenticated } from '../../auth/authenticated.decorator.js';
import { ApiError } from '../../common/api-error.js';
import { Answers } from '../../common/route-outputs.js';
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
  @Answers(ZInstallResult, {
    description:
      'The store is installed. `new`: it waits for its owner’s sign-up (register with `merchant_id`; this browser ' +
      'holds the claim cookie); `signed_in`: a known store, its owner is signed in (the session cookies are set).',
    answers: {
      400: { description: 'The input is invalid, or Tienda Nube refused the code (`invalid_code`).' },
      403: { description: 'The account that owns this store is deactivated (`owner_inactive`).' },
      404: { description: 'The Tienda Nube app is not configured on this server (`not_configured`).' },
      409: { description: 'This Tienda Nube store is connected to another workspace (`store_taken`).' },
      502: { description: 'Tienda Nube could not complete the installation (`platform_error`).' },
    },
  })
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
  @Answers(ZTiendaNubeIntegration)
  status(@Auth() auth: AuthContext): Promise<TTiendaNubeIntegration> {
    return this.statuses.status(storeOf(requireWorkspace(auth)));
  }
}
