import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ZNotificationPreferences,
  ZNotificationPreferencesBody,
  ZUnsubscribeLinkParams,
  ZUnsubscribeOneClick,
  type TNotificationPreferences,
  type TNotificationPreferencesBody,
} from '../../shared/notifications.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { sendSecretPage } from '../common/secret-page.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { NotificationPreferencesService } from './notification-preferences.service.js';
import { NotificationUnsubscribeService } from './notification-unsubscribe.service.js';

/** The signed-in member's own notification preferences for the current store (X-Workspace-ID). */
@Controller('api/notifications')
@Authenticated()
export class NotificationPreferencesController {
  constructor(private readonly preferences: NotificationPreferencesService) {}

  @Get('preferences/')
  @Answers(ZNotificationPreferences)
  get(@Auth() auth: AuthContext): Promise<TNotificationPreferences> {
    return this.preferences.get(requireWorkspace(auth));
  }

  @Put('preferences/')
  @Answers(ZNotificationPreferences)
  save(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZNotificationPreferencesBody)) body: TNotificationPreferencesBody,
  ): Promise<TNotificationPreferences> {
    return this.preferences.save(requireWorkspace(auth), body);
  }
}

/** The unsubscribe link of team notification mails (`/n/{token}`): public, the signed token is the credential. */
@Controller()
export class NotificationUnsubscribeController {
  constructor(private readonly unsubscribes: NotificationUnsubscribeService) {}

  /** One click from the mail's footer turns the member's notifications off at once. */
  @Get('n/:token')
  @Inputs({ params: ZUnsubscribeLinkParams })
  async page(@Req() request: FastifyRequest, @Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await sendSecretPage(request, reply, await this.unsubscribes.unsubscribe(token, request.method === 'HEAD'));
  }

  /** RFC 8058's one-click POST (`List-Unsubscribe=One-Click`). */
  @Post('n/:token')
  @HttpCode(200)
  @Inputs({ params: ZUnsubscribeLinkParams, body: ZUnsubscribeOneClick })
  async oneClick(
    @Req() request: FastifyRequest,
    @Param('token') token: string,
    @Body(new ZodPipe(ZUnsubscribeOneClick)) _body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendSecretPage(request, reply, await this.unsubscribes.unsubscribe(token));
  }
}
