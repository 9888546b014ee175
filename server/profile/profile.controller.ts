import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZChangePasswordBody,
  ZProfileUpdate,
  ZTokenBody,
  type TEmailChangeState,
  type TEmailConfirmed,
  type TUser,
} from '../../shared/accounts.js';
import type { AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { WebSessionService, clientInfo } from '../auth/web-session.service.js';
import type { SessionTokens } from '../auth/session-tokens.service.js';
import { Inputs } from '../common/route-inputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { EmailChangeService } from './email-change.service.js';
import { ProfileService } from './profile.service.js';

@Controller('api/auth/users')
@Authenticated()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly emailChange: EmailChangeService,
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
  @Inputs({ multipart: { files: ['profile_photo'] } })
  updatePhoto(@Auth() auth: AuthContext, @Req() request: FastifyRequest): Promise<TUser> {
    return this.profile.updatePhoto(auth, request);
  }

  /** The sign-in email change waiting for its link, if any. */
  @Get('email-change/')
  pendingEmailChange(@Auth() auth: AuthContext): Promise<TEmailChangeState> {
    return this.emailChange.pending(auth.user.id);
  }

  @Post('email-change/resend/')
  @HttpCode(200)
  resendEmailChange(@Auth() auth: AuthContext): Promise<TEmailChangeState> {
    return this.emailChange.resend(auth);
  }

  @Delete('email-change/')
  @HttpCode(204)
  cancelEmailChange(@Auth() auth: AuthContext): Promise<void> {
    return this.emailChange.cancel(auth.user.id);
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

/** The link mailed to a new sign-in email: public, since it may be opened in any browser. */
@Controller('api/auth/users')
export class EmailConfirmationController {
  constructor(
    private readonly emailChange: EmailChangeService,
    private readonly web: WebSessionService,
  ) {}

  @Post('confirm-email/')
  @HttpCode(200)
  async confirm(
    @Body(new ZodPipe(ZTokenBody)) body: z.output<typeof ZTokenBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TEmailConfirmed> {
    const confirmed = await this.emailChange.confirm(body.token, request, clientInfo(request));
    return confirmed.signed_in ? this.web.setCookies(request, reply, confirmed) : confirmed;
  }
}
