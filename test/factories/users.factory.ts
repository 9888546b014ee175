import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import type { TPlatform } from '../../shared/accounts.js';
import { AccountsRepository } from '../../server/accounts/accounts.repository.js';
import { InvitationsRepository } from '../../server/accounts/invitations.repository.js';
import { SessionStamps } from '../../server/accounts/session-stamps.js';
import { AuthTokensService, hashSecret } from '../../server/auth/auth-tokens.service.js';
import { hashPassword } from '../../server/auth/password-hasher.js';
import { MemoryCache } from '../../server/cache/memory.cache.js';
import { VersionedKeys } from '../../server/cache/versioned-keys.js';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../server/database/database.js';
import { merchants } from '../../server/database/schema.js';
import { ROOT_DIR } from '../support/pglite-template.js';

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  workspaceId: string;
  merchantId: string;
  accessToken: string;
}

export const SEEDED_PASSWORD = 'seeded-password-1';

/**
 * Runs `work` on the database a test environment points at, with a connection of its own that is closed after,
 * so it can run before a server process takes PGlite's directory.
 */
export async function withTestDatabase<T>(
  env: Record<string, string | undefined>,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({
    url: env.DATABASE_URL,
    poolSize: 1,
    pgliteDir: `${env.DATA_DIR}/pglite`,
    migrationsFolder: migrationsFolder(ROOT_DIR),
  });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Creates an owner account (user, workspace, store) through the real repository in the database a test
 * environment points at, and mints an access token with the same secret the server uses.
 */
export async function seedUser(
  env: Record<string, string | undefined>,
  jwtSecret: string,
  user: SeededUserInput = { email: 'owner@example.com' },
): Promise<SeededUser> {
  return withTestDatabase(env, (handle) => createSeededUser(handle, jwtSecret, user));
}

/** The repository on a database no app has open: new accounts have no session anywhere to tell of a change. */
function accountsOf(handle: DatabaseHandle): AccountsRepository {
  return new AccountsRepository(handle, new SessionStamps(new VersionedKeys(new MemoryCache())));
}

export interface SeededUserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  platform?: TPlatform;
}

/** `seedUser` on a database already open (e.g. to seed several accounts and their data in one go). */
export async function createSeededUser(
  handle: DatabaseHandle,
  jwtSecret: string,
  user: SeededUserInput,
): Promise<SeededUser> {
  const created = await accountsOf(handle).createOwnerAccount(
    {
      email: user.email,
      passwordHash: await hashPassword(SEEDED_PASSWORD),
      firstName: user.firstName ?? 'Ana',
      lastName: user.lastName ?? 'Souza',
    },
    {
      platform: user.platform ?? 'tiendanube',
      storeId: `seed${randomBytes(6).toString('hex')}`,
      storeName: 'Seeded store',
    },
    'Seeded workspace',
  );
  if (!created) throw new Error(`${user.email} is already registered`);
  const [merchant] = await handle.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.workspaceId, created.workspaceId));
  const accessToken = await new AuthTokensService(new JwtService({ secret: jwtSecret })).signAccess(created.userId, 0);
  return {
    id: created.userId,
    email: user.email,
    password: SEEDED_PASSWORD,
    workspaceId: created.workspaceId,
    merchantId: merchant.id,
    accessToken,
  };
}

/**
 * A member of `owner`'s workspace: an invitation created and accepted through the real repositories (as the sign-up
 * of an invited address does), with an access token minted like `seedUser`'s.
 */
export async function seedMember(
  env: Record<string, string | undefined>,
  jwtSecret: string,
  owner: SeededUser,
  user: { email: string; firstName?: string; lastName?: string },
): Promise<SeededUser> {
  return withTestDatabase(env, async (handle) => {
    const invitation = await new InvitationsRepository(handle).create({
      workspaceId: owner.workspaceId,
      email: user.email,
      tokenHash: hashSecret(randomBytes(16).toString('hex')),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    if (!invitation) throw new Error(`${user.email} is already invited`);
    const created = await accountsOf(handle).createMemberAccount(
      {
        email: user.email,
        passwordHash: await hashPassword(SEEDED_PASSWORD),
        firstName: user.firstName ?? 'Mia',
        lastName: user.lastName ?? 'Costa',
      },
      invitation.id,
    );
    if (typeof created === 'string') throw new Error(`${user.email}: ${created}`);
    const accessToken = await new AuthTokensService(new JwtService({ secret: jwtSecret })).signAccess(
      created.userId,
      0,
    );
    return {
      id: created.userId,
      email: user.email,
      password: SEEDED_PASSWORD,
      workspaceId: owner.workspaceId,
      merchantId: owner.merchantId,
      accessToken,
    };
  });
}
