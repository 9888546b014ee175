import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TPlatform, TRole } from '../../shared/accounts.js';
import type { TLanguage } from '../../shared/constants.js';
import type { Database, DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { invitations, memberships, merchants, signupRequests, users, workspaces } from '../database/schema.js';
import { SessionStamps } from './session-stamps.js';

const at = { user: sql.placeholder('user') };

export type UserRow = typeof users.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export interface NewMerchant {
  platform: TPlatform;
  storeId: string;
  storeName: string;
}

export interface WorkspaceMembership {
  workspaceId: string;
  workspaceName: string;
  role: TRole;
  merchant: MerchantRow | null;
}

export interface UserPatch {
  firstName?: string;
  lastName?: string;
  phone?: string;
  profilePhotoKey?: string | null;
  upgradePromptHiddenUntil?: Date | null;
}

/**
 * Users, their workspaces and memberships, and the merchant each workspace owns. A change to what a signed-in user's
 * requests see bumps the session stamps of the users concerned once committed (SessionStamps).
 */
@Injectable()
export class AccountsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  private get db() {
    return this.database.db;
  }

  private readonly statements = new PreparedStatements('accounts');

  /**
   * A new account with its own workspace, merchant and owner membership, in one transaction.
   * Returns null when the email is already registered.
   */
  async createOwnerAccount(
    user: NewUser,
    merchant: NewMerchant,
    workspaceName: string,
  ): Promise<{ userId: string; workspaceId: string } | null> {
    return this.db
      .transaction((tx) => insertOwner(tx, user, merchant, workspaceName))
      .catch((error: unknown) => {
        if (error instanceof Rollback) return null;
        throw error;
      });
  }

  /**
   * Confirms a sign-up (its mailed link): the request is spent and the account made as `createOwnerAccount` does, in
   * one transaction. 'email_taken' leaves the request unspent, so the link keeps saying so.
   */
  async createOwnerFromSignup(
    tokenHash: string,
    storeId: string,
  ): Promise<{ userId: string; workspaceId: string } | 'signup_invalid' | 'email_taken'> {
    return this.db
      .transaction(async (tx) => {
        const [request] = await tx
          .update(signupRequests)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(signupRequests.tokenHash, tokenHash),
              isNull(signupRequests.usedAt),
              gt(signupRequests.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!request) throw new Rollback('signup_invalid');
        const { email, passwordHash, firstName, lastName, phone, platform, storeName } = request;
        return insertOwner(
          tx,
          { email, passwordHash, firstName, lastName, phone },
          { platform, storeId, storeName },
          // Named after the store when sign-up gave its name, else after its owner until a store names it.
          storeName || `${firstName} ${lastName}`.trim(),
        );
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.reason as 'signup_invalid' | 'email_taken';
        throw error;
      });
  }

  /**
   * Install mode: a new account becomes the owner of a store its platform install created. The claim must match
   * (the installing browser's secret, unexpired) and the store must still have no owner; the claim is spent.
   */
  async createOwnerForStore(
    user: NewUser,
    merchantId: string,
    claimHash: string,
  ): Promise<{ userId: string; workspaceId: string } | 'email_taken' | 'claim_invalid'> {
    return this.db
      .transaction(async (tx) => {
        const [merchant] = await tx
          .select({ workspaceId: merchants.workspaceId })
          .from(merchants)
          .where(
            and(
              eq(merchants.id, merchantId),
              eq(merchants.installClaimHash, claimHash),
              gt(merchants.installClaimExpiresAt, new Date()),
            ),
          )
          .limit(1)
          .for('update');
        if (!merchant) throw new Rollback('claim_invalid');
        const [owner] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.workspaceId, merchant.workspaceId), eq(memberships.role, 'owner')))
          .limit(1);
        if (owner) throw new Rollback('claim_invalid');
        const created = await insertUser(tx, user);
        await tx.insert(memberships).values({ workspaceId: merchant.workspaceId, userId: created.id, role: 'owner' });
        await tx
          .update(merchants)
          .set({ installClaimHash: null, installClaimExpiresAt: null })
          .where(eq(merchants.id, merchantId));
        return { userId: created.id, workspaceId: merchant.workspaceId };
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.reason as 'email_taken' | 'claim_invalid';
        throw error;
      });
  }

  /**
   * A new member account that accepts an invitation: the invitation is claimed (still open and unexpired),
   * the user created and the membership added in one transaction, so a link works exactly once.
   */
  async createMemberAccount(
    user: NewUser,
    invitationId: string,
  ): Promise<{ userId: string; workspaceId: string } | 'email_taken' | 'invitation_gone'> {
    return this.db
      .transaction(async (tx) => {
        const claimed = await claimInvitation(tx, invitationId);
        const created = await insertUser(tx, user);
        await tx.insert(memberships).values({ workspaceId: claimed.workspaceId, userId: created.id, role: 'member' });
        return { userId: created.id, workspaceId: claimed.workspaceId };
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.reason as 'email_taken' | 'invitation_gone';
        throw error;
      });
  }

  /** An existing user accepts an invitation: claimed once, membership added (kept if already there). */
  async acceptInvitation(userId: string, invitationId: string): Promise<{ workspaceId: string } | 'invitation_gone'> {
    const accepted = await this.db
      .transaction(async (tx) => {
        const claimed = await claimInvitation(tx, invitationId);
        await tx
          .insert(memberships)
          .values({ workspaceId: claimed.workspaceId, userId, role: 'member' })
          .onConflictDoNothing();
        return { workspaceId: claimed.workspaceId };
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return 'invitation_gone' as const;
        throw error;
      });
    if (accepted !== 'invitation_gone') await this.stamps.bump([userId]);
    return accepted;
  }

  /** Asked on every signed-in request, as are the user's memberships: prepared statements. */
  async findUserById(id: string): Promise<UserRow | null> {
    const statement = this.statements.get('user_by_id', (name) =>
      this.db.select().from(users).where(eq(users.id, at.user)).limit(1).prepare(name),
    );
    const [row] = await statement.execute({ user: id });
    return row ?? null;
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  /** Names and phone; the email changes only through EmailChangesRepository.confirm. */
  async updateUser(id: string, patch: UserPatch): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await this.stamps.bump([id]);
    return row;
  }

  /** Sets the photo and returns the one it replaced, read in the same statement so concurrent uploads each get theirs. */
  async swapProfilePhoto(id: string, key: string): Promise<string | null> {
    const [row] = await this.database.rows<{ previous: string | null }>(sql`
      update ${users} set profile_photo_key = ${key}, updated_at = now()
      from (select id, profile_photo_key as previous from ${users} where id = ${id} for update) as old
      where ${users.id} = old.id
      returning old.previous`);
    await this.stamps.bump([id]);
    return row?.previous ?? null;
  }

  /** Sets a new password and bumps the session version, which invalidates every access token issued before. */
  async setPassword(id: string, passwordHash: string): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await this.stamps.bump([id]);
    return row;
  }

  async recordLogin(id: string): Promise<void> {
    await this.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));
  }

  /** The user's workspaces, oldest membership first (the first is the default workspace). */
  async listMemberships(userId: string): Promise<WorkspaceMembership[]> {
    const statement = this.statements.get('memberships_of_user', (name) =>
      this.db
        .select({ membership: memberships, workspace: workspaces, merchant: merchants })
        .from(memberships)
        .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
        .leftJoin(merchants, eq(merchants.workspaceId, memberships.workspaceId))
        .where(eq(memberships.userId, at.user))
        .orderBy(asc(memberships.createdAt), asc(memberships.id))
        .prepare(name),
    );
    const rows = await statement.execute({ user: userId });
    return rows.map(({ membership, workspace, merchant }) => ({
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      role: membership.role,
      merchant,
    }));
  }

  async findMembership(userId: string, workspaceId: string): Promise<WorkspaceMembership | null> {
    const [row] = await this.db
      .select({ membership: memberships, workspace: workspaces, merchant: merchants })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .leftJoin(merchants, eq(merchants.workspaceId, memberships.workspaceId))
      .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)))
      .limit(1);
    return row
      ? {
          workspaceId: row.workspace.id,
          workspaceName: row.workspace.name,
          role: row.membership.role,
          merchant: row.merchant,
        }
      : null;
  }

  /** Members of a workspace with their role, owners first, then by joining date. */
  async listMembers(workspaceId: string): Promise<Array<{ user: UserRow; role: TRole; joinedAt: Date }>> {
    const rows = await this.db
      .select({ user: users, role: memberships.role, joinedAt: memberships.createdAt })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspaceId))
      .orderBy(sql`case when ${memberships.role} = 'owner' then 0 else 1 end`, asc(memberships.createdAt));
    return rows;
  }

  async ownerEmails(workspaceId: string): Promise<string[]> {
    const rows = await this.db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner'), eq(users.isActive, true)))
      .orderBy(asc(memberships.createdAt));
    return rows.map((row) => row.email);
  }

  /** The name of the workspace's first owner as it is now (else their email); null without an active owner. */
  async ownerName(workspaceId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner'), eq(users.isActive, true)))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : null;
  }

  async isMemberByEmail(workspaceId: string, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(users.email, email)))
      .limit(1);
    return !!row;
  }

  async deleteMembership(workspaceId: string, userId: string): Promise<void> {
    await this.db
      .delete(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    await this.stamps.bump([userId]);
  }

  async findMerchant(id: string): Promise<MerchantRow | null> {
    const [row] = await this.db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
    return row ?? null;
  }

  /** The store a server render reads for (its session named it): one deleted since fails the read. */
  async requireMerchant(id: string): Promise<MerchantRow> {
    const row = await this.findMerchant(id);
    if (!row) throw new Error(`No store ${id}`);
    return row;
  }

  /** The store's own settings, only within its workspace; null when the workspace has no store with this id. */
  async updateMerchantSettings(
    workspaceId: string,
    merchantId: string,
    patch: { mainLanguage?: TLanguage; storeName?: string },
  ): Promise<MerchantRow | null> {
    const [row] = await this.db
      .update(merchants)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(merchants.id, merchantId), eq(merchants.workspaceId, workspaceId)))
      .returning();
    if (row) await this.stamps.bumpMembers(this.db, workspaceId);
    return row ?? null;
  }

  async completeShopifySetup(merchantId: string): Promise<MerchantRow> {
    const [row] = await this.db
      .update(merchants)
      .set({ shopifySetupComplete: true, updatedAt: new Date() })
      .where(eq(merchants.id, merchantId))
      .returning();
    if (row) await this.stamps.bumpMembers(this.db, row.workspaceId);
    return row;
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A user with their own workspace, merchant and owner membership. */
async function insertOwner(
  tx: Transaction,
  user: NewUser,
  merchant: NewMerchant,
  workspaceName: string,
): Promise<{ userId: string; workspaceId: string }> {
  const created = await insertUser(tx, user);
  const [workspace] = await tx.insert(workspaces).values({ name: workspaceName }).returning({ id: workspaces.id });
  await tx.insert(merchants).values({ workspaceId: workspace.id, ...merchant });
  await tx.insert(memberships).values({ workspaceId: workspace.id, userId: created.id, role: 'owner' });
  return { userId: created.id, workspaceId: workspace.id };
}

/** A new user, or a rollback with 'email_taken' when the email is registered already. */
async function insertUser(tx: Transaction, user: NewUser): Promise<{ id: string }> {
  const [created] = await tx
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) throw new Rollback('email_taken');
  return created;
}

/** Marks an invitation accepted if it is still open and unexpired, so a link works exactly once. */
async function claimInvitation(tx: Transaction, invitationId: string): Promise<{ workspaceId: string }> {
  const [claimed] = await tx
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(invitations.id, invitationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.cancelledAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .returning({ workspaceId: invitations.workspaceId });
  if (!claimed) throw new Rollback('invitation_gone');
  return claimed;
}

class Rollback extends Error {
  constructor(readonly reason: 'email_taken' | 'invitation_gone' | 'claim_invalid' | 'signup_invalid') {
    super(reason);
  }
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
