import { JwtService } from '@nestjs/jwt';
import { AccountsRepository } from '../../server/accounts/accounts.repository.js';
import { AuthTokensService } from '../../server/auth/auth-tokens.service.js';
import { migrationsFolder, openDatabase } from '../../server/database/database.js';
import { ROOT_DIR } from '../support/pglite-template.js';

export interface SeededUser {
  id: string;
  email: string;
  accessToken: string;
}

/**
 * Creates a user through the real repository in the database a test environment points at, and mints
 * an access token with the same secret the server uses. Opens and closes its own connection, so it can
 * run before a server process takes PGlite's directory.
 */
export async function seedUser(
  env: Record<string, string | undefined>,
  jwtSecret: string,
  user: { email: string; firstName?: string; lastName?: string } = { email: 'owner@example.com' },
): Promise<SeededUser> {
  const handle = await openDatabase({
    url: env.DATABASE_URL,
    poolSize: 1,
    pgliteDir: `${env.DATA_DIR}/pglite`,
    migrationsFolder: migrationsFolder(ROOT_DIR),
  });
  try {
    const { id } = await new AccountsRepository(handle).createUser({
      email: user.email,
      // Password login comes with the accounts issue; these tests enter through a minted token.
      passwordHash: 'unusable',
      firstName: user.firstName ?? 'Ana',
      lastName: user.lastName ?? 'Souza',
    });
    const accessToken = await new AuthTokensService(new JwtService({ secret: jwtSecret })).signAccess(id);
    return { id, email: user.email, accessToken };
  } finally {
    await handle.close();
  }
}
