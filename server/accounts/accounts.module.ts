import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AccountsRepository } from './accounts.repository.js';
import { EmailChangesRepository } from './email-changes.repository.js';
import { InvitationsRepository } from './invitations.repository.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { SessionStamps } from './session-stamps.js';
import { SignupRequestsRepository } from './signup-requests.repository.js';
import { UserViewService } from './user-view.service.js';

const REPOSITORIES = [
  AccountsRepository,
  InvitationsRepository,
  PasswordResetsRepository,
  SignupRequestsRepository,
  EmailChangesRepository,
];

/**
 * The accounts data: users, workspaces, memberships, invitations, reset codes, sign-ups and email changes awaiting
 * their links, the User view, and the session stamps every write that a signed-in user's requests see bumps.
 */
@Module({
  imports: [MediaModule],
  providers: [...REPOSITORIES, SessionStamps, UserViewService],
  exports: [...REPOSITORIES, SessionStamps, UserViewService],
})
export class AccountsModule {}
