import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { TPlatform } from '../../shared/accounts.js';
import type { TLanguage } from '../../shared/constants.js';
import { isUniqueViolation, type MerchantRow } from '../accounts/accounts.repository.js';
import { SessionStamps } from '../accounts/session-stamps.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { memberships, merchants, users, workspaces } from '../database/schema.js';
import { newStoreId } from '../stores/store-id.js';

/** What a platform tells about a store; null fields are left as they were. */
export interface StoreDetails {
  storeName: string;
  storeDomain: string | null;
  currency: string | null;
  /** IANA zone; one PostgreSQL does not know is ignored. */
  timezone: string | null;
  language: TLanguage | null;
}

export interface PlatformConnection {
  platform: TPlatform;
  externalStoreId: string;
  /** Seals the access token for the merchant row it will live in (SecretBox context). */
  sealToken: (merchantId: string) => string;
  scopes: string;
  /** The API client the token belongs to, where the platform wants it beside the token (BigCommerce). */
  clientId?: string;
  details: StoreDetails;
}

/** Zone accepted only when PostgreSQL knows it (the merchants check constraint and the rollups rely on it). */
function knownZone(zone: string | null) {
  return zone === null
    ? sql`${merchants.timezone}`
    : sql`case when exists (select 1 from pg_timezone_names where name = ${zone}) then ${zone} else ${merchants.timezone} end`;
}

function detailsSet(details: StoreDetails) {
  return {
    storeName: details.storeName,
    ...(details.storeDomain !== null && { storeDomain: details.storeDomain }),
    ...(details.currency !== null && { currency: details.currency }),
    ...(details.language !== null && { mainLanguage: details.language }),
    timezone: knownZone(details.timezone),
  };
}

/**
 * Stores as their platforms know them (DESIGN §5 merchants): one row per platform store, found again on re-install,
 * with its access token sealed at rest. Shared by every platform integration. A change to a store shows in its
 * members' sessions: their session stamps are bumped once it is committed.
 */
@Injectable()
export class StoreConnectionsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  private get db() {
    return this.database.db;
  }

  private async changed<T extends { workspaceId: string } | undefined>(row: T): Promise<T> {
    if (row) await this.stamps.bumpMembers(this.db, row.workspaceId);
    return row;
  }

  async findById(merchantId: string): Promise<MerchantRow | null> {
    const [row] = await this.db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
    return row ?? null;
  }

  async findByWorkspace(workspaceId: string): Promise<MerchantRow | null> {
    const [row] = await this.db.select().from(merchants).where(eq(merchants.workspaceId, workspaceId)).limit(1);
    return row ?? null;
  }

  async findByExternal(platform: TPlatform, externalStoreId: string): Promise<MerchantRow | null> {
    const [row] = await this.db
      .select()
      .from(merchants)
      .where(and(eq(merchants.platform, platform), eq(merchants.externalStoreId, externalStoreId)))
      .limit(1);
    return row ?? null;
  }

  /** The store's first owner, the one a platform sign-in signs in. */
  async ownerOf(workspaceId: string): Promise<{ userId: string; active: boolean } | null> {
    const [row] = await this.db
      .select({ userId: memberships.userId, active: users.isActive })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * A store installed from its platform before anyone signed up for it: its own workspace and merchant, no member
   * yet, claimable by the holder of the claim secret. Two installs racing for one store end in one row.
   */
  async createUnclaimed(
    connection: PlatformConnection,
    claim: { hash: string; expiresAt: Date },
  ): Promise<MerchantRow> {
    const id = randomUUID();
    try {
      return await this.db.transaction(async (tx) => {
        const [workspace] = await tx
          .insert(workspaces)
          .values({ name: connection.details.storeName })
          .returning({ id: workspaces.id });
        const now = new Date();
        const [row] = await tx
          .insert(merchants)
          .values({
            id,
            workspaceId: workspace.id,
            platform: connection.platform,
            storeId: newStoreId(),
            externalStoreId: connection.externalStoreId,
            accessTokenEncrypted: connection.sealToken(id),
            accessScopes: connection.scopes,
            platformClientId: connection.clientId ?? null,
            connectedAt: now,
            installClaimHash: claim.hash,
            installClaimExpiresAt: claim.expiresAt,
            storeName: connection.details.storeName,
          })
          .returning();
        const [updated] = await tx
          .update(merchants)
          .set(detailsSet(connection.details))
          .where(eq(merchants.id, row.id))
          .returning();
        return updated;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.findByExternal(connection.platform, connection.externalStoreId);
      if (!existing) throw error;
      return existing;
    }
  }

  /**
   * Connects (or reconnects) an existing merchant to its platform store: new token, details refreshed, connected
   * again. Returns 'taken' when that platform store already belongs to another merchant.
   */
  async connect(merchantId: string, connection: PlatformConnection): Promise<MerchantRow | 'taken'> {
    try {
      const [row] = await this.db
        .update(merchants)
        .set({
          platform: connection.platform,
          externalStoreId: connection.externalStoreId,
          accessTokenEncrypted: connection.sealToken(merchantId),
          accessScopes: connection.scopes,
          platformClientId: connection.clientId ?? null,
          connectedAt: new Date(),
          disconnectedAt: null,
          ...detailsSet(connection.details),
          updatedAt: new Date(),
        })
        .where(eq(merchants.id, merchantId))
        .returning();
      return await this.changed(row);
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  async setClaim(merchantId: string, claim: { hash: string; expiresAt: Date }): Promise<void> {
    const [row] = await this.db
      .update(merchants)
      .set({ installClaimHash: claim.hash, installClaimExpiresAt: claim.expiresAt })
      .where(eq(merchants.id, merchantId))
      .returning({ workspaceId: merchants.workspaceId });
    await this.changed(row);
  }

  async updateDetails(merchantId: string, details: StoreDetails): Promise<MerchantRow | null> {
    const [row] = await this.db
      .update(merchants)
      .set({ ...detailsSet(details), updatedAt: new Date() })
      .where(eq(merchants.id, merchantId))
      .returning();
    return (await this.changed(row)) ?? null;
  }

  /**
   * The app was uninstalled at `at`: the token goes and the store is marked disconnected, unless the store was
   * connected again after that moment (a late delivery of an earlier uninstall). Returns the row when it changed.
   */
  async disconnect(merchantId: string, at: Date): Promise<MerchantRow | null> {
    const [row] = await this.db
      .update(merchants)
      .set({ accessTokenEncrypted: null, disconnectedAt: at, updatedAt: new Date() })
      .where(
        and(
          eq(merchants.id, merchantId),
          or(isNull(merchants.connectedAt), lte(merchants.connectedAt, at)),
          isNull(merchants.disconnectedAt),
        ),
      )
      .returning();
    return (await this.changed(row)) ?? null;
  }

  async markCatalogSynced(merchantId: string): Promise<void> {
    const [row] = await this.db
      .update(merchants)
      .set({ catalogSyncedAt: new Date() })
      .where(eq(merchants.id, merchantId))
      .returning({ workspaceId: merchants.workspaceId });
    await this.changed(row);
  }
}
