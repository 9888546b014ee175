import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { refreshTokens } from '../database/schema.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert & { id: string };

@Injectable()
export class RefreshTokensRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(row: NewRefreshToken): Promise<void> {
    await this.database.db.insert(refreshTokens).values(row);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | null> {
    const [row] = await this.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<RefreshTokenRow | null> {
    const [row] = await this.database.db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * Marks a live token as used and stores its successor, in one transaction: whoever sees the token used also sees
   * who it went to. False when it was already used or revoked.
   */
  async rotate(id: string, successor: NewRefreshToken): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const claimed = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date(), replacedBy: successor.id })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) return false;
      await tx.insert(refreshTokens).values(successor);
      return true;
    });
  }

  async revokeFamily(family: string): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllOfUser(userId: string): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}
