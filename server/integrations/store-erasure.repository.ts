import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { memberIdsOf } from '../accounts/session-stamps.js';
import { SessionStamps } from '../accounts/session-stamps.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { media, memberships, merchants, reviews, users, workspaces } from '../database/schema.js';

/**
 * A store erased for good (a platform's shop redaction): its workspace and everything in it, and the accounts that
 * belonged to nothing else. Media files go first (the caller deletes them), so a retry after a crash still finds them.
 */
@Injectable()
export class StoreErasureRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  /** The workspace's accounts that are members of no other workspace. */
  private onlyMembersSql(workspaceId: string) {
    return sql`select m.user_id from ${memberships} m where m.workspace_id = ${workspaceId}
      and not exists (select 1 from ${memberships} o where o.user_id = m.user_id and o.workspace_id <> ${workspaceId})`;
  }

  /** Every media key the erasure will orphan: the store's uploads and the photos of accounts that go with it. */
  async mediaKeys(merchantId: string, workspaceId: string): Promise<string[]> {
    const rows = await this.database.rows<{ key: string }>(sql`
      select key from ${media} where merchant_id = ${merchantId}
      union select unnest(array[video_key, photo_key, thumbnail_key]) from ${reviews} where merchant_id = ${merchantId}
      union select profile_photo_key from ${users} where id in (${this.onlyMembersSql(workspaceId)})`);
    return rows.map((row) => row.key).filter((key): key is string => !!key);
  }

  /** Every member's sessions end or lose the workspace: their session stamps are bumped once it is committed. */
  async erase(merchantId: string, workspaceId: string): Promise<{ users: number }> {
    const members = await memberIdsOf(this.database.db, workspaceId);
    const erased = await this.database.db.transaction(async (tx) => {
      const gone = await tx.execute(sql`
        delete from ${users} where id in (${this.onlyMembersSql(workspaceId)}) returning id`);
      await tx.execute(sql`delete from ${media} where merchant_id = ${merchantId}`);
      await tx.execute(sql`delete from ${merchants} where id = ${merchantId}`);
      await tx.execute(sql`delete from ${workspaces} where id = ${workspaceId}`);
      return { users: (gone as unknown as { rows: unknown[] }).rows.length };
    });
    await this.stamps.bump(members);
    return erased;
  }
}
