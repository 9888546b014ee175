import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  ZInviteBody,
  type TInvitation,
  type TInvitationCheck,
  type TListOf,
  type TTeamMember,
} from '../../shared/accounts.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { TeamService } from './team.service.js';

@Controller('api/auth')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('users/')
  @Authenticated()
  members(@Auth() auth: AuthContext): Promise<TListOf<TTeamMember>> {
    return this.team.members(requireWorkspace(auth));
  }

  @Delete('users/:id/')
  @HttpCode(204)
  @Authenticated('manage_team')
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.team.removeMember(requireWorkspace(auth), id);
  }

  @Get('invitations/')
  @Authenticated('manage_team')
  invitations(@Auth() auth: AuthContext): Promise<TListOf<TInvitation>> {
    return this.team.invitationsOf(requireWorkspace(auth));
  }

  @Post('invitations/')
  @HttpCode(201)
  @Authenticated('manage_team')
  invite(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZInviteBody)) body: z.output<typeof ZInviteBody>,
  ): Promise<TInvitation> {
    return this.team.invite(requireWorkspace(auth), body.email);
  }

  @Delete('invitations/:id/')
  @HttpCode(204)
  @Authenticated('manage_team')
  cancel(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.team.cancelInvitation(requireWorkspace(auth), id);
  }

  /** Public: the sign-up page checks an invitation link before showing the form. */
  @Get('invitations/verify/:token/')
  verify(@Param('token') token: string): Promise<TInvitationCheck> {
    return this.team.verify(token);
  }
}
