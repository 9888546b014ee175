import { Injectable } from '@nestjs/common';
import { VersionedKeys } from '../cache/versioned-keys.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { memberships } from '../database/schema.js';

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

  /** After a committed change to a workspace or its store: every member's sessions are read again. */
  async bumpMembers(db: Pick<Database, 'select'>, workspaceId: string): Promise<void> {
    await this.bump(await memberIdsOf(db, workspaceId));
  }
}

/** The members of a workspace: each of their sessions shows its store (for SessionStamps.bump). */
export async function memberIdsOf(db: Pick<Database, 'select'>, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId));
  return rows.map((row) => row.userId);
}
