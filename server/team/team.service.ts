import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { days } from '@nestjs/throttler';
import type { TInvitation, TInvitationCheck, TListOf, TTeamMember } from '../../shared/accounts.js';
import { INVITATION_TTL_DAYS } from '../../shared/constants.js';
import { mapMember } from '../accounts/accounts.mapper.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { INVALID_INVITATION, InvitationsRepository, type InvitationRow } from '../accounts/invitations.repository.js';
import { UserViewService } from '../accounts/user-view.service.js';
import type { WorkspaceContext } from '../auth/auth-context.js';
import { hashSecret, newSecret } from '../auth/auth-tokens.service.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailService } from '../mail/mail.service.js';
import { invitationMail } from '../mail/mail.templates.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { ServerReaders } from '../ssr/server-readers.js';

const INVITATIONS_PER_DAY: RateLimit = { name: 'invitations:workspace', limit: 50, ttl: days(1) };

function mapInvitation(row: InvitationRow): TInvitation {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    status: 'pending',
  };
}

/** Members and invitations of the current workspace (SPEC §2 Team settings, §4 Team). */
@Injectable()
export class TeamService implements OnModuleInit {
  private readonly logger = new Logger(TeamService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly invitations: InvitationsRepository,
    private readonly views: UserViewService,
    private readonly mail: MailService,
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The team page's lists, drawn with the page (each with its API route's permission).
    this.readers.register('teamMembers', null, (workspaceId) => () => this.membersOf(workspaceId), 'workspace');
    this.readers.register(
      'invitations',
      'manage_team',
      (workspaceId) => () => this.pendingInvitationsOf(workspaceId),
      'workspace',
    );
  }

  members(auth: WorkspaceContext): Promise<TListOf<TTeamMember>> {
    return this.membersOf(auth.workspace.workspaceId);
  }

  private async membersOf(workspaceId: string): Promise<TListOf<TTeamMember>> {
    const rows = await this.accounts.listMembers(workspaceId);
    return { results: rows.map((row) => mapMember(row, this.views.photoUrl)) };
  }

  async removeMember(auth: WorkspaceContext, userId: string): Promise<void> {
    const members = await this.accounts.listMembers(auth.workspace.workspaceId);
    const target = members.find((m) => m.user.id === userId);
    if (!target) throw ApiError.notFound('No member with this id in your workspace.');
    if (target.role === 'owner')
      throw ApiError.badRequest('Owners cannot be removed from the workspace.', 'owner_not_removable');
    await this.accounts.deleteMembership(auth.workspace.workspaceId, userId);
  }

  invitationsOf(auth: WorkspaceContext): Promise<TListOf<TInvitation>> {
    return this.pendingInvitationsOf(auth.workspace.workspaceId);
  }

  private async pendingInvitationsOf(workspaceId: string): Promise<TListOf<TInvitation>> {
    return { results: (await this.invitations.listPending(workspaceId)).map(mapInvitation) };
  }

  async invite(auth: WorkspaceContext, email: string): Promise<TInvitation> {
    const workspaceId = auth.workspace.workspaceId;
    // Invitations send mail to any address: a cap keeps a workspace from becoming a spam relay.
    await this.limits.consume(INVITATIONS_PER_DAY, workspaceId);
    if (await this.accounts.isMemberByEmail(workspaceId, email)) {
      throw ApiError.badRequest(`${email} is already a member of this workspace.`, 'already_member', {
        email: [`${email} is already a member of this workspace.`],
      });
    }
    await this.invitations.cancelExpired(workspaceId, email);
    const token = newSecret();
    const created = await this.invitations.create({
      workspaceId,
      email,
      tokenHash: hashSecret(token),
      invitedBy: auth.user.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
    });
    if (!created) {
      const detail = `An invitation has already been sent to ${email}.`;
      throw ApiError.conflict(detail, 'already_invited', { email: [detail] });
    }
    const link = new URL(`/register?token=${encodeURIComponent(token)}`, this.config.publicUrl).href;
    const { merchant } = auth.workspace;
    try {
      await this.mail.send({
        to: email,
        ...invitationMail(merchant?.mainLanguage ?? 'en', {
          link,
          inviterName: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email,
          workspaceName: await this.workspaceLabel(workspaceId, merchant?.storeName, auth.workspace.workspaceName),
        }),
        link,
      });
    } catch (error) {
      // No mail, no invitation: otherwise the owner could neither resend (409) nor tell it never left.
      await this.invitations.cancel(workspaceId, created.id);
      this.logger.error({ err: error }, 'Could not send the invitation mail');
      throw new ApiError(502, {
        detail: 'The invitation email could not be sent. Please try again.',
        code: 'mail_failed',
      });
    }
    return mapInvitation(created);
  }

  async cancelInvitation(auth: WorkspaceContext, id: string): Promise<void> {
    if (!(await this.invitations.cancel(auth.workspace.workspaceId, id))) {
      throw ApiError.notFound('No pending invitation with this id in your workspace.');
    }
  }

  /**
   * What an invitation calls the workspace: its store's name, else its owner's name as it is now (the workspace row
   * keeps the owner's name from sign-up, which a later rename of either would leave stale).
   */
  private async workspaceLabel(workspaceId: string, storeName: string | undefined, stored: string): Promise<string> {
    return storeName || (await this.accounts.ownerName(workspaceId)) || stored;
  }

  async verify(token: string): Promise<TInvitationCheck> {
    const found = await this.invitations.findUsableByTokenHash(hashSecret(token));
    if (!found) throw ApiError.notFound(INVALID_INVITATION, 'invalid_invitation');
    return {
      email: found.invitation.email,
      workspace_name: await this.workspaceLabel(found.invitation.workspaceId, found.storeName, found.workspaceName),
      store_name: found.storeName,
      user_exists: (await this.accounts.findUserByEmail(found.invitation.email)) !== null,
    };
  }
}
