import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZForgotPasswordBody,
  ZLoginBody,
  ZRefreshBody,
  ZRegisterBody,
  ZResetPasswordBody,
  ZTokenBody,
  type TAuthResponse,
} from '../../shared/accounts.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { INSTALL_CLAIM_COOKIE, clearInstallClaim } from '../integrations/install-cookies.js';
import { localeOf } from '../ssr/ssr-context.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignupService } from './signup.service.js';
import { WebSessionService, clientInfo } from './web-session.service.js';
import type { SessionTokens } from './session-tokens.service.js';

/** The calls that need no session (SPEC §7): sign-in, sign-up, refresh, logout and password recovery. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
    private readonly signups: SignupService,
    private readonly web: WebSessionService,
  ) {}

  @Post('token-obtain/')
  @HttpCode(200)
  async obtain(
    @Body(new ZodPipe(ZLoginBody)) body: z.output<typeof ZLoginBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TAuthResponse> {
    return this.web.setCookies(request, reply, await this.auth.login(body, clientInfo(request)));
  }

  /**
   * An invitation (`token`) or an install (`merchant_id`) signs in at once: 201 with the session. A regular sign-up
   * answers 202 and mails a link, the same whether or not the email has an account. Two statuses, so the reply is
   * sent here rather than by Nest.
   */
  @Post('register/')
  async register(
    @Body(new ZodPipe(ZRegisterBody)) body: z.output<typeof ZRegisterBody>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!body.token && !body.merchant_id) {
      await reply.code(202).send(await this.signups.request(body, localeOf(request), request.ip));
      return;
    }
    const claim = request.cookies[INSTALL_CLAIM_COOKIE];
    const registered = await this.auth.register(body, clientInfo(request), claim);
    if (body.merchant_id) clearInstallClaim(reply);
    await reply.code(201).send(this.web.setCookies(request, reply, registered));
  }

  /** The link a regular sign-up mailed: creates the account and signs in, as token-obtain does. */
  @Post('register/confirm/')
  @HttpCode(200)
  async confirmRegistration(
    @Body(new ZodPipe(ZTokenBody)) body: z.output<typeof ZTokenBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TAuthResponse> {
    return this.web.setCookies(request, reply, await this.signups.confirm(body.token, clientInfo(request)));
  }

  /** The refresh token comes in the body (API clients) or the HttpOnly cookie (the dashboard). */
  @Post('token-refresh/')
  @HttpCode(200)
  refresh(
    @Body(new ZodPipe(ZRefreshBody)) body: z.output<typeof ZRefreshBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionTokens> {
    return this.web.refresh(request, reply, body?.refresh);
  }

  @Post('logout/')
  @HttpCode(204)
  logout(
    @Body(new ZodPipe(ZRefreshBody)) body: z.output<typeof ZRefreshBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    return this.web.logout(request, reply, body?.refresh);
  }

  @Post('users/forgot-password/')
  @HttpCode(200)
  forgotPassword(
    @Body(new ZodPipe(ZForgotPasswordBody)) body: z.output<typeof ZForgotPasswordBody>,
    @Req() request: FastifyRequest,
  ): Promise<{ detail: string }> {
    return this.resets.requestReset(body.email, request.ip);
  }

  @Post('users/reset-password/')
  @HttpCode(200)
  resetPassword(
    @Body(new ZodPipe(ZResetPasswordBody)) body: z.output<typeof ZResetPasswordBody>,
    @Req() request: FastifyRequest,
  ): Promise<{ detail: string }> {
    return this.resets.reset(body.code, body.password, request.ip);
  }
}
