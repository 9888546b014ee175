import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TApiKeyScope } from '../../shared/api-keys.js';
import type { Database, DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { apiKeys, memberships, merchants, users } from '../database/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What a request with a key acts as: the key, its store, and the store's first active owner (whose name it uses). */
export interface ApiKeyHolder {
  id: string;
  merchantId: string;
  workspaceId: string;
  scopes: TApiKeyScope[];
  ownerUserId: string;
}

/** A key is touched at most this often: its last use is kept to the minute, not written on every call. */
const TOUCH_EVERY = sql`interval '1 minute'`;

@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db(): Database {
    return this.database.db;
  }

  async create(key: {
    merchantId: string;
    name: string;
    prefix: string;
    secretHash: string;
    scopes: TApiKeyScope[];
    createdBy: string;
  }): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(key).returning();
    return row;
  }

  /** The store's keys, newest first, revoked ones included. */
  list(merchantId: string): Promise<ApiKeyRow[]> {
    return this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.merchantId, merchantId))
      .orderBy(desc(apiKeys.createdAt), asc(apiKeys.id));
  }

  /** Revokes the store's key (once: a second revocation keeps the first time); null when the store has no such key. */
  async revoke(merchantId: string, id: string, at: Date): Promise<ApiKeyRow | null> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(apiKeys.merchantId, merchantId), eq(apiKeys.id, id)))
      .returning();
    return row ?? null;
  }

  /** The live key with this hash and who it acts as; null when unknown, revoked, or its store has no active owner. */
  async holder(secretHash: string): Promise<ApiKeyHolder | null> {
    const [row] = await this.db
      .select({
        id: apiKeys.id,
        merchantId: apiKeys.merchantId,
        workspaceId: merchants.workspaceId,
        scopes: apiKeys.scopes,
        ownerUserId: memberships.userId,
      })
      .from(apiKeys)
      .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
      .innerJoin(memberships, and(eq(memberships.workspaceId, merchants.workspaceId), eq(memberships.role, 'owner')))
      .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.isActive, true)))
      .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    return row ? { ...row, scopes: row.scopes as TApiKeyScope[] } : null;
  }

  /** Records a use, unless one was recorded in the last minute. */
  async touch(id: string, at: Date, address: string): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: at, lastUsedIp: address })
      .where(
        and(
          eq(apiKeys.id, id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${at.toISOString()}::timestamptz - ${TOUCH_EVERY})`,
        ),
      );
  }
}
