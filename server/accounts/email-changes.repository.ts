import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { emailChanges, passwordResets, refreshTokens, users } from '../database/schema.js';
import { isUniqueViolation } from './accounts.repository.js';
import { SessionStamps } from './session-stamps.js';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

const pending = () => and(isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt));

/** Sign-in email changes waiting for the new address to confirm them; a user has at most one pending. */
@Injectable()
export class EmailChangesRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** Replaces any pending change of the user with this one. */
  async create(row: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date }): Promise<EmailChangeRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(emailChanges)
        .set({ cancelledAt: new Date() })
        .where(and(eq(emailChanges.userId, row.userId), pending()));
      const [created] = await tx.insert(emailChanges).values(row).returning();
      return created;
    });
  }

  /** The user's pending, unexpired change. */
  async findPending(userId: string): Promise<EmailChangeRow | null> {
    const [row] = await this.db
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, userId), pending(), gt(emailChanges.expiresAt, new Date())))
      .orderBy(desc(emailChanges.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** A new link for the pending change (only hashes are stored, so a resend needs a new token). */
  async renew(id: string, userId: string, tokenHash: string, expiresAt: Date): Promise<EmailChangeRow | null> {
    const [row] = await this.db
      .update(emailChanges)
      .set({ tokenHash, expiresAt })
      .where(and(eq(emailChanges.id, id), eq(emailChanges.userId, userId), pending()))
      .returning();
    return row ?? null;
  }

  async cancelPending(userId: string): Promise<boolean> {
    const rows = await this.db
      .update(emailChanges)
      .set({ cancelledAt: new Date() })
      .where(and(eq(emailChanges.userId, userId), pending()))
      .returning({ id: emailChanges.id });
    return rows.length > 0;
  }

  async cancel(id: string, userId: string): Promise<void> {
    await this.db
      .update(emailChanges)
      .set({ cancelledAt: new Date() })
      .where(and(eq(emailChanges.id, id), eq(emailChanges.userId, userId), pending()));
  }

  /**
   * Applies the change a link names, once, in one transaction: the user's email becomes the new one, their session
   * version moves on (every access token issued before stops working), their refresh tokens are revoked and the reset
   * codes mailed to the old address voided. 'email_taken' when another account has the address by now.
   */
  async confirm(tokenHash: string): Promise<{ userId: string; email: string } | 'invalid' | 'email_taken'> {
    try {
      const confirmed = await this.db.transaction(async (tx) => {
        const [change] = await tx
          .update(emailChanges)
          .set({ confirmedAt: new Date() })
          .where(and(eq(emailChanges.tokenHash, tokenHash), pending(), gt(emailChanges.expiresAt, new Date())))
          .returning();
        if (!change) return 'invalid' as const;
        const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail)).limit(1);
        if (holder) throw new AddressTaken();
        const now = new Date();
        await tx
          .update(users)
          .set({ email: change.newEmail, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
          .where(eq(users.id, change.userId));
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, change.userId), isNull(refreshTokens.revokedAt)));
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, change.userId), isNull(passwordResets.usedAt)));
        return { userId: change.userId, email: change.newEmail };
      });
      if (confirmed !== 'invalid') await this.stamps.bump([confirmed.userId]);
      return confirmed;
    } catch (error) {
      if (!(error instanceof AddressTaken) && !isUniqueViolation(error)) throw error;
      // It can never apply now: closed, so the account page stops showing it as pending.
      await this.db
        .update(emailChanges)
        .set({ cancelledAt: new Date() })
        .where(and(eq(emailChanges.tokenHash, tokenHash), pending()));
      return 'email_taken';
    }
  }
}

class AddressTaken extends Error {}
