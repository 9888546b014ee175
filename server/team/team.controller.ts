import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  ZInvitation,
  ZInvitationCheck,
  ZInvitationList,
  ZInviteBody,
  ZTeamMemberList,
  type TInvitation,
  type TInvitationCheck,
  type TListOf,
  type TTeamMember,
} from '../../shared/accounts.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { TeamService } from './team.service.js';

@Controller('api/auth')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('users/')
  @Authenticated()
  @Answers(ZTeamMemberList)
  members(@Auth() auth: AuthContext): Promise<TListOf<TTeamMember>> {
    return this.team.members(requireWorkspace(auth));
  }

  @Delete('users/:id/')
  @HttpCode(204)
  @Authenticated('manage_team')
  @Answers(null, {
    description: 'The member leaves the workspace (their account stays).',
    answers: { 400: { description: 'The id is not a UUID, or it is the owner’s (`owner_not_removable`).' } },
  })
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.team.removeMember(requireWorkspace(auth), id);
  }

  @Get('invitations/')
  @Authenticated('manage_team')
  @Answers(ZInvitationList, { description: 'The pending invitations.' })
  invitations(@Auth() auth: AuthContext): Promise<TListOf<TInvitation>> {
    return this.team.invitationsOf(requireWorkspace(auth));
  }

  @Post('invitations/')
  @HttpCode(201)
  @Authenticated('manage_team')
  @Answers(ZInvitation, {
    description: 'The invitation, mailed with its link.',
    answers: {
      400: { description: 'The input is invalid, or the email is already a member’s (`already_member`).' },
      409: { description: 'A pending invitation was already sent to this email (`already_invited`).' },
      429: {
        ...THROTTLED_ANSWER,
        description: 'The workspace sent its invitations for the day: retry after `Retry-After` seconds.',
      },
      502: { description: 'The invitation email could not be sent; no invitation is kept (`mail_failed`).' },
    },
  })
  invite(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZInviteBody)) body: z.output<typeof ZInviteBody>,
  ): Promise<TInvitation> {
    return this.team.invite(requireWorkspace(auth), body.email);
  }

  @Delete('invitations/:id/')
  @HttpCode(204)
  @Authenticated('manage_team')
  @Answers(null, { description: 'The invitation is cancelled: its link no longer works.' })
  cancel(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.team.cancelInvitation(requireWorkspace(auth), id);
  }

  /** Public: the sign-up page checks an invitation link before showing the form. */
  @Get('invitations/verify/:token/')
  @Answers(ZInvitationCheck, {
    answers: { 404: { description: 'No usable invitation has this token (`invalid_invitation`).' } },
  })
  verify(@Param('token') token: string): Promise<TInvitationCheck> {
    return this.team.verify(token);
  }
}
