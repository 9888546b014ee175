import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZAuthNotice,
  ZAuthResponse,
  ZForgotPasswordBody,
  ZLoginBody,
  ZLoginThrottled,
  ZRefreshBody,
  ZRegisterBody,
  ZResetPasswordBody,
  ZSessionTokens,
  ZSignupPending,
  ZTokenBody,
  type TAuthNotice,
  type TAuthResponse,
} from '../../shared/accounts.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { INSTALL_CLAIM_COOKIE, clearInstallClaim } from '../integrations/install-cookies.js';
import { RateLimited } from '../rate-limits/rate-limit.guard.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { localeOf } from '../ssr/ssr-context.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignupService } from './signup.service.js';
import { WebSessionService, clientInfo } from './web-session.service.js';
import type { SessionTokens } from './session-tokens.service.js';

const THROTTLED = {
  ...THROTTLED_ANSWER,
  description: 'Too many attempts from this address: retry after `Retry-After` seconds.',
};
const CSRF = {
  description: 'Cookie-authenticated, and the Origin (or Referer) is not this site (`csrf_failed`).',
};
const SIGNED_IN =
  'Signed in: the user and the session’s tokens, also set as the HttpOnly `access_token` and `refresh_token` cookies.';

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
  @RateLimited('login')
  @Answers(ZAuthResponse, {
    description: SIGNED_IN,
    answers: {
      400: { description: 'The input is invalid (`fields`), or the invitation is not valid (`invalid_invitation`).' },
      401: { description: 'The email and password do not match an active account (`invalid_credentials`).' },
      403: { description: 'The invitation (`token`) was sent to another email (`invitation_email_mismatch`).' },
      429: {
        description:
          'Too many attempts from this address, or on this account from this address (`throttled`, with ' +
          '`Retry-After`); or the account has seen many attempts and the sign-in needs a solved check first ' +
          '(`proof_required`, with a new `challenge` to solve and send back as `proof`).',
        body: ZLoginThrottled,
        headers: { 'Retry-After': 'With `throttled`: seconds to wait.' },
      },
    },
  })
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
  @RateLimited('register')
  @Answers(ZAuthResponse, {
    description: `An invitation (\`token\`) or an install (\`merchant_id\`) signs up at once. ${SIGNED_IN}`,
    answers: {
      202: {
        description:
          'A regular sign-up is queued: a link to finish it is mailed (the same answer whether or not the email ' +
          'has an account).',
        body: ZSignupPending,
      },
      400: {
        description:
          'The input is invalid (`fields`), the invitation is not valid (`invalid_invitation`), or the install ' +
          'claim is not this browser’s or has expired (`install_claim_invalid`).',
      },
      409: { description: 'The email already has an account (`email_taken`).' },
      429: THROTTLED,
    },
  })
  async register(
    @Body(new ZodPipe(ZRegisterBody)) body: z.output<typeof ZRegisterBody>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!body.token && !body.merchant_id) {
      await reply.code(202).send(await this.signups.request(body, localeOf(request)));
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
  @Answers(ZAuthResponse, {
    description: `The account is created. ${SIGNED_IN}`,
    answers: {
      400: { description: 'The link is invalid, used or expired (`invalid_signup_link`).' },
      409: { description: 'An account with this email was created meanwhile (`email_taken`).' },
    },
  })
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
  @Answers(ZSessionTokens, {
    description:
      'New tokens (the refresh token is rotated), also set as the `access_token` and `refresh_token` cookies.',
    answers: {
      401: {
        description:
          'No refresh token, or one that is invalid, expired or already used (`token_not_valid`); or another ' +
          'request of this client refreshed it a moment ago (`token_rotated`: its cookies are the new ones).',
      },
      403: CSRF,
    },
  })
  refresh(
    @Body(new ZodPipe(ZRefreshBody)) body: z.output<typeof ZRefreshBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionTokens> {
    return this.web.refresh(request, reply, body?.refresh);
  }

  @Post('logout/')
  @HttpCode(204)
  @Answers(null, {
    description: 'The refresh token’s session is revoked and the session cookies are cleared.',
    answers: { 403: CSRF },
  })
  logout(
    @Body(new ZodPipe(ZRefreshBody)) body: z.output<typeof ZRefreshBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    return this.web.logout(request, reply, body?.refresh);
  }

  @Post('users/forgot-password/')
  @HttpCode(200)
  @RateLimited('forgotPassword')
  @Answers(ZAuthNotice, {
    description: 'A reset link is mailed if the email has an account (the same answer either way).',
    answers: { 429: THROTTLED },
  })
  forgotPassword(@Body(new ZodPipe(ZForgotPasswordBody)) body: z.output<typeof ZForgotPasswordBody>): TAuthNotice {
    return this.resets.requestReset(body.email);
  }

  @Post('users/reset-password/')
  @HttpCode(200)
  @RateLimited('resetPassword')
  @Answers(ZAuthNotice, {
    description: 'The password is set and every session of the account ends.',
    answers: {
      400: {
        description: 'The input is invalid (`fields`), or the code is invalid, used or expired (`invalid_reset_code`).',
      },
      429: THROTTLED,
    },
  })
  resetPassword(
    @Body(new ZodPipe(ZResetPasswordBody)) body: z.output<typeof ZResetPasswordBody>,
  ): Promise<TAuthNotice> {
    return this.resets.reset(body.code, body.password);
  }
}
