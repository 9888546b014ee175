import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { invitations, merchants, workspaces } from '../database/schema.js';
import { isUniqueViolation } from './accounts.repository.js';

export type InvitationRow = typeof invitations.$inferSelect;

const open = () => and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt));

/** Team invitations; every method but the token lookup is scoped to a workspace. */
@Injectable()
export class InvitationsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /** Null when the email already has an open invitation to this workspace. */
  async create(row: typeof invitations.$inferInsert): Promise<InvitationRow | null> {
    try {
      const [created] = await this.db.insert(invitations).values(row).returning();
      return created;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Pending and unexpired invitations, oldest first. */
  listPending(workspaceId: string): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, workspaceId), open(), gt(invitations.expiresAt, new Date())))
      .orderBy(asc(invitations.createdAt));
  }

  /** An invitation a link can still use, with the names to show on the sign-up page. */
  async findUsableByTokenHash(tokenHash: string): Promise<{
    invitation: InvitationRow;
    workspaceName: string;
    storeName: string;
    language: 'en' | 'es' | 'pt';
  } | null> {
    const [row] = await this.db
      .select({
        invitation: invitations,
        workspaceName: workspaces.name,
        storeName: merchants.storeName,
        language: merchants.mainLanguage,
      })
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .leftJoin(merchants, eq(merchants.workspaceId, invitations.workspaceId))
      .where(and(eq(invitations.tokenHash, tokenHash), open(), gt(invitations.expiresAt, new Date())))
      .limit(1);
    return row ? { ...row, storeName: row.storeName ?? '', language: row.language ?? 'en' } : null;
  }

  /** Cancels an open invitation of this workspace; false when there is none with that id. */
  async cancel(workspaceId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(invitations)
      .set({ cancelledAt: new Date() })
      .where(and(eq(invitations.id, id), eq(invitations.workspaceId, workspaceId), open()))
      .returning({ id: invitations.id });
    return rows.length === 1;
  }

  /** Closes an expired open invitation so the email can be invited again. */
  async cancelExpired(workspaceId: string, email: string): Promise<void> {
    await this.db
      .update(invitations)
      .set({ cancelledAt: new Date() })
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          eq(invitations.email, email),
          open(),
          lte(invitations.expiresAt, new Date()),
        ),
      );
  }
}

/** SPEC §8 Registration: the words for any link that cannot be used (unknown, used, cancelled or expired). */
export const INVALID_INVITATION = 'Invalid or expired invitation link.';
