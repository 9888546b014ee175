import { Body, Controller, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZChangePasswordBody, ZProfileUpdate, type TUser } from '../../shared/accounts.js';
import type { AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { WebSessionService, clientInfo } from '../auth/web-session.service.js';
import type { SessionTokens } from '../auth/session-tokens.service.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ProfileService } from './profile.service.js';

@Controller('api/auth/users')
@Authenticated()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly web: WebSessionService,
  ) {}

  @Get('me/')
  me(@Auth() auth: AuthContext): Promise<TUser> {
    return this.profile.me(auth);
  }

  @Patch('me/')
  update(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZProfileUpdate)) body: z.output<typeof ZProfileUpdate>,
  ): Promise<TUser> {
    return this.profile.update(auth, body);
  }

  @Post('update-photo/')
  @HttpCode(200)
  updatePhoto(@Auth() auth: AuthContext, @Req() request: FastifyRequest): Promise<TUser> {
    return this.profile.updatePhoto(auth, request);
  }

  @Post('change-password/')
  @HttpCode(200)
  async changePassword(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZChangePasswordBody)) body: z.output<typeof ZChangePasswordBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionTokens & { detail: string }> {
    return this.web.setCookies(request, reply, await this.profile.changePassword(auth, body, clientInfo(request)));
  }
}
