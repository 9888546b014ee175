import { Injectable } from '@nestjs/common';
import { VersionedKeys } from '../cache/versioned-keys.js';

/**
 * A version per user in the shared cache, stamping what each instance keeps of that user's sessions (SessionCache):
 * their account, their memberships and the stores of their workspaces. The repositories that change any of those bump
 * the stamps of the users concerned once the change is committed, so every instance reads them again on their next
 * request (DESIGN §11.3's "who must hear of it" kept next to the writes, where none can be missed).
 */
@Injectable()
export class SessionStamps {
  constructor(private readonly keys: VersionedKeys) {}

  private tenant(userId: string): string {
    return `session:${userId}`;
  }

  async of(userId: string): Promise<number> {
    return (await this.keys.version(this.tenant(userId))).version;
  }

  async bump(userIds: Iterable<string>): Promise<void> {
    await Promise.all([...new Set(userIds)].map((id) => this.keys.bump(this.tenant(id))));
  }
}
