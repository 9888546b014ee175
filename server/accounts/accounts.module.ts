import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AccountsRepository } from './accounts.repository.js';
import { EmailChangesRepository } from './email-changes.repository.js';
import { InvitationsRepository } from './invitations.repository.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
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
 * their links, and the User view.
 */
@Module({
  imports: [MediaModule],
  providers: [...REPOSITORIES, UserViewService],
  exports: [...REPOSITORIES, UserViewService],
})
export class AccountsModule {}
