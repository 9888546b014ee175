import { Injectable } from '@nestjs/common';
import type { TListOf, TWorkspace } from '../../shared/accounts.js';
import { mapWorkspace } from '../accounts/accounts.mapper.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';

@Injectable()
export class WorkspacesService {
  constructor(private readonly accounts: AccountsRepository) {}

  /** The user's workspaces, the default (first joined) first. */
  async list(userId: string): Promise<TListOf<TWorkspace>> {
    return { results: (await this.accounts.listMemberships(userId)).map(mapWorkspace) };
  }
}
