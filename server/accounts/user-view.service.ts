import { Inject, Injectable } from '@nestjs/common';
import type { TUser } from '../../shared/accounts.js';
import { toSessionUser, type TSessionUser } from '../../shared/session.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { mapUser, type PhotoUrl } from './accounts.mapper.js';
import { AccountsRepository, type UserRow, type WorkspaceMembership } from './accounts.repository.js';

/** Builds SPEC §3's User for a user in a workspace (the given one, a preferred one, or their first). */
@Injectable()
export class UserViewService {
  readonly photoUrl: PhotoUrl;

  constructor(
    private readonly accounts: AccountsRepository,
    @Inject(MEDIA_STORAGE) storage: MediaStorage,
  ) {
    this.photoUrl = (key) => storage.urlOf(key);
  }

  async view(user: UserRow, workspace?: WorkspaceMembership | null, preferredWorkspaceId?: string): Promise<TUser> {
    return mapUser(
      user,
      workspace === undefined ? await this.workspaceOf(user.id, preferredWorkspaceId) : workspace,
      this.photoUrl,
    );
  }

  async sessionUser(user: UserRow, preferredWorkspaceId?: string): Promise<TSessionUser> {
    return toSessionUser(await this.view(user, undefined, preferredWorkspaceId));
  }

  private async workspaceOf(userId: string, preferredWorkspaceId?: string): Promise<WorkspaceMembership | null> {
    const all = await this.accounts.listMemberships(userId);
    return all.find((m) => m.workspaceId === preferredWorkspaceId) ?? all[0] ?? null;
  }
}
