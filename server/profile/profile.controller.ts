import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZChangePasswordBody,
  ZEmailChangeState,
  ZEmailConfirmed,
  ZPasswordChanged,
  ZProfileUpdate,
  ZTokenBody,
  ZUser,
  type TEmailChangeState,
  type TEmailConfirmed,
  type TPasswordChanged,
  type TUser,
} from '../../shared/accounts.js';
import type { AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { WebSessionService, clientInfo } from '../auth/web-session.service.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { EmailChangeService } from './email-change.service.js';
import { ProfileService } from './profile.service.js';

const throttled = (what: string) => ({
  ...THROTTLED_ANSWER,
  description: `Too many ${what}: retry after \`Retry-After\` seconds.`,
});
const MAIL_FAILED = { description: 'The confirmation email could not be sent; nothing changed (`mail_failed`).' };

@Controller('api/auth/users')
@Authenticated()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly emailChange: EmailChangeService,
    private readonly web: WebSessionService,
  ) {}

  @Get('me/')
  @Answers(ZUser)
  me(@Auth() auth: AuthContext): Promise<TUser> {
    return this.profile.me(auth);
  }

  @Patch('me/')
  @Answers(ZUser, {
    description: 'The user as saved. A new `email` is only requested: it shows once its mailed link is confirmed.',
    answers: {
      400: { description: 'The input is invalid, or `current_password` is missing or wrong for a new email.' },
      429: throttled('current-password attempts, or email change mails, for this user'),
      502: MAIL_FAILED,
    },
  })
  update(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZProfileUpdate)) body: z.output<typeof ZProfileUpdate>,
  ): Promise<TUser> {
    return this.profile.update(auth, body);
  }

  @Post('update-photo/')
  @HttpCode(200)
  @Inputs({ multipart: { files: ['profile_photo'] } })
  @Answers(ZUser, {
    description: 'The user with the new photo (re-encoded, without its metadata).',
    answers: { 400: { description: 'No `profile_photo` was sent, or it is not a readable image (`invalid_image`).' } },
  })
  updatePhoto(@Auth() auth: AuthContext, @Req() request: FastifyRequest): Promise<TUser> {
    return this.profile.updatePhoto(auth, request);
  }

  /** The sign-in email change waiting for its link, if any. */
  @Get('email-change/')
  @Answers(ZEmailChangeState)
  pendingEmailChange(@Auth() auth: AuthContext): Promise<TEmailChangeState> {
    return this.emailChange.pending(auth.user.id);
  }

  @Post('email-change/resend/')
  @HttpCode(200)
  @Answers(ZEmailChangeState, {
    description: 'A new link is mailed; the one mailed before stops working.',
    answers: {
      404: { description: 'No email change is waiting for confirmation (`no_email_change`).' },
      429: throttled('email change mails for this user'),
      502: MAIL_FAILED,
    },
  })
  resendEmailChange(@Auth() auth: AuthContext): Promise<TEmailChangeState> {
    return this.emailChange.resend(auth);
  }

  @Delete('email-change/')
  @HttpCode(204)
  @Answers(null, { description: 'No email change is waiting any more (whether or not one was).' })
  cancelEmailChange(@Auth() auth: AuthContext): Promise<void> {
    return this.emailChange.cancel(auth.user.id);
  }

  @Post('change-password/')
  @HttpCode(200)
  @Answers(ZPasswordChanged, {
    description:
      'Every other session ends; this one goes on with new tokens, also set as the `access_token` and ' +
      '`refresh_token` cookies.',
    answers: {
      400: { description: 'The input is invalid, or `current_password` is wrong (in `fields`).' },
      429: throttled('current-password attempts for this user'),
    },
  })
  async changePassword(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZChangePasswordBody)) body: z.output<typeof ZChangePasswordBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TPasswordChanged> {
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
  @Answers(ZEmailConfirmed, {
    description:
      'The sign-in email is changed and every session of the account ends; a caller signed in to it gets new ' +
      'tokens (`signed_in`), also set as the `access_token` and `refresh_token` cookies.',
    answers: {
      400: { description: 'The input is invalid, or the link is invalid, used or expired (`invalid_email_change`).' },
      409: { description: 'The new address belongs to another account by now (`email_taken`).' },
    },
  })
  async confirm(
    @Body(new ZodPipe(ZTokenBody)) body: z.output<typeof ZTokenBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TEmailConfirmed> {
    const confirmed = await this.emailChange.confirm(body.token, request, clientInfo(request));
    return confirmed.signed_in ? this.web.setCookies(request, reply, confirmed) : confirmed;
  }
}
