import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { oauthStates } from '../database/schema.js';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * OAuth `state` nonces in the database, so the instance that handles the platform's callback need not be the one
 * that started the install. Stored hashed; consumed once; short-lived.
 */
@Injectable()
export class OAuthStatesRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async create(state: Omit<typeof oauthStates.$inferInsert, 'createdAt'>): Promise<void> {
    // Expired nonces are swept as new ones arrive: the table stays as small as the installs under way.
    await this.database.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
    await this.database.db.insert(oauthStates).values(state);
  }

  /** Deletes and returns the nonce when it exists, is the provider's and has not expired: a second use finds nothing. */
  async consume(nonceHash: string, provider: string): Promise<OAuthStateRow | null> {
    const [row] = await this.database.db
      .delete(oauthStates)
      .where(
        and(
          eq(oauthStates.nonceHash, nonceHash),
          eq(oauthStates.provider, provider),
          gt(oauthStates.expiresAt, new Date()),
        ),
      )
      .returning();
    return row ?? null;
  }
}
