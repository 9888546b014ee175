import { Controller, Get } from '@nestjs/common';
import type { TListOf, TWorkspace } from '../../shared/accounts.js';
import { mapWorkspace } from '../accounts/accounts.mapper.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';

@Controller('api/workspaces')
export class WorkspacesController {
  constructor(private readonly accounts: AccountsRepository) {}

  /** The user's workspaces, the default (first joined) first. */
  @Get('/')
  @Authenticated()
  async list(@Auth() auth: AuthContext): Promise<TListOf<TWorkspace>> {
    return { results: (await this.accounts.listMemberships(auth.user.id)).map(mapWorkspace) };
  }
}
