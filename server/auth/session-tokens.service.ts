import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TOKEN_COOKIE_MAX_AGE_S } from '../../shared/constants.js';
import { AccountsRepository, type UserRow } from '../accounts/accounts.repository.js';
import { ApiError } from '../common/api-error.js';
import { AuthTokensService, hashSecret, newSecret } from './auth-tokens.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

export interface SessionTokens {
  access: string;
  refresh: string;
}

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

/** Refresh tokens live as long as their cookie (SPEC §9: 2 days); every refresh starts a new 2 days. */
const REFRESH_TTL_MS = TOKEN_COOKIE_MAX_AGE_S * 1000;

/**
 * A used token presented again this soon after its rotation is another tab (or a page render) refreshing
 * at the same moment: the winner's cookies are already on their way, so it is refused without alarm.
 */
const ROTATION_GRACE_MS = 30_000;

/**
 * Issues access + refresh pairs and rotates them (DESIGN §4): refresh tokens are opaque, stored hashed,
 * single-use; presenting one that was rotated earlier than the grace window revokes its whole family, since
 * only a thief or a replay can do that.
 */
@Injectable()
export class SessionTokensService {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  async issue(
    user: { id: string; sessionVersion: number },
    client: ClientInfo,
    family: string = randomUUID(),
    id: string = randomUUID(),
  ): Promise<SessionTokens> {
    const refresh = newSecret();
    await this.refreshTokens.insert({
      id,
      userId: user.id,
      family,
      tokenHash: hashSecret(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
      sessionVersion: user.sessionVersion,
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    });
    return { access: await this.tokens.signAccess(user.id, user.sessionVersion), refresh };
  }

  async rotate(refresh: string, client: ClientInfo): Promise<SessionTokens & { user: UserRow }> {
    const tokenHash = hashSecret(refresh);
    const row = await this.refreshTokens.findByHash(tokenHash);
    if (!row || row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
    const nextId = randomUUID();
    if (!row.revokedAt && (await this.refreshTokens.claim(row.id, nextId))) {
      const user = await this.accounts.findUserById(row.userId);
      if (!user?.isActive || user.sessionVersion !== row.sessionVersion) throw invalidRefresh();
      return { ...(await this.issue(user, client, row.family, nextId)), user };
    }
    // Already used. Read it again: the request that used it may have finished after our first read.
    const used = await this.refreshTokens.findByHash(tokenHash);
    if (used?.replacedBy && used.revokedAt) {
      if (Date.now() - used.revokedAt.getTime() < ROTATION_GRACE_MS) {
        throw ApiError.unauthorized('This token was just refreshed by another request.', 'token_rotated');
      }
      await this.refreshTokens.revokeFamily(used.family);
    }
    throw invalidRefresh();
  }

  async revoke(refresh: string): Promise<void> {
    const row = await this.refreshTokens.findByHash(hashSecret(refresh));
    if (row) await this.refreshTokens.revokeFamily(row.family);
  }

  revokeAllOfUser(userId: string): Promise<void> {
    return this.refreshTokens.revokeAllOfUser(userId);
  }
}

function invalidRefresh(): ApiError {
  return ApiError.unauthorized('Token is invalid or expired.', 'token_not_valid');
}
