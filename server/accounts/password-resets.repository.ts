import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { passwordResets } from '../database/schema.js';

@Injectable()
export class PasswordResetsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async create(userId: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.database.db.insert(passwordResets).values({ userId, codeHash, expiresAt });
  }

  async isUsable(codeHash: string): Promise<boolean> {
    const rows = await this.database.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.codeHash, codeHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return rows.length === 1;
  }

  /** Uses a live code once: returns its user, or null for an unknown, used or expired code. */
  async consume(codeHash: string): Promise<string | null> {
    const [row] = await this.database.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.codeHash, codeHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId ?? null;
  }

  /** After a reset, the user's other outstanding codes stop working too. */
  async voidAllOfUser(userId: string): Promise<void> {
    await this.database.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }
}
