import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZForgotPasswordBody,
  ZLoginBody,
  ZRefreshBody,
  ZRegisterBody,
  ZResetPasswordBody,
  type TAuthResponse,
} from '../../shared/accounts.js';
import { COOKIES } from '../../shared/constants.js';
import { ApiError } from '../common/api-error.js';
import { ZodPipe } from '../common/zod.pipe.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { assertSameOrigin } from './same-origin.js';
import { clearSessionCookies, clientInfo, setSessionCookies } from './session-cookies.js';
import { SessionTokensService, type SessionTokens } from './session-tokens.service.js';

/** The calls that need no session (SPEC §7): sign-in, sign-up, refresh, logout and password recovery. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
    private readonly sessions: SessionTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('token-obtain/')
  @HttpCode(200)
  async obtain(
    @Body(new ZodPipe(ZLoginBody)) body: z.output<typeof ZLoginBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TAuthResponse> {
    return this.withCookies(request, reply, await this.auth.login(body, clientInfo(request)));
  }

  @Post('register/')
  @HttpCode(201)
  async register(
    @Body(new ZodPipe(ZRegisterBody)) body: z.output<typeof ZRegisterBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TAuthResponse> {
    return this.withCookies(request, reply, await this.auth.register(body, clientInfo(request)));
  }

  /** The refresh token comes in the body (API clients) or the HttpOnly cookie (the dashboard). */
  @Post('token-refresh/')
  @HttpCode(200)
  async refresh(
    @Body(new ZodPipe(ZRefreshBody)) body: z.output<typeof ZRefreshBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionTokens> {
    const fromCookie = !body?.refresh;
    const token = body?.refresh || request.cookies[COOKIES.refresh];
    if (!token) throw ApiError.unauthorized('No refresh token was provided.', 'token_not_valid');
    if (fromCookie) assertSameOrigin(request, this.config.publicUrl);
    try {
      const { access, refresh } = await this.sessions.rotate(token, clientInfo(request));
      return this.withCookies(request, reply, { access, refresh });
    } catch (error) {
      if (fromCookie) clearSessionCookies(reply);
      throw error;
    }
  }

  @Post('logout/')
  @HttpCode(204)
  async logout(
    @Body(new ZodPipe(ZRefreshBody)) body: z.output<typeof ZRefreshBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const cookie = request.cookies[COOKIES.refresh];
    if (!body?.refresh && cookie) assertSameOrigin(request, this.config.publicUrl);
    const token = body?.refresh || cookie;
    if (token) await this.sessions.revoke(token);
    clearSessionCookies(reply);
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
  ): Promise<{ detail: string }> {
    return this.resets.reset(body.code, body.password);
  }

  private withCookies<T extends SessionTokens>(request: FastifyRequest, reply: FastifyReply, answer: T): T {
    setSessionCookies(request, reply, answer);
    return answer;
  }
}
