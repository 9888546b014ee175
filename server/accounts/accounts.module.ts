import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AccountsRepository } from './accounts.repository.js';
import { InvitationsRepository } from './invitations.repository.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { UserViewService } from './user-view.service.js';

/** The accounts data: users, workspaces, memberships, invitations, reset codes, and the User view. */
@Module({
  imports: [MediaModule],
  providers: [AccountsRepository, InvitationsRepository, PasswordResetsRepository, UserViewService],
  exports: [AccountsRepository, InvitationsRepository, PasswordResetsRepository, UserViewService],
})
export class AccountsModule {}
