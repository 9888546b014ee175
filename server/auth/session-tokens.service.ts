import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TOKEN_COOKIE_MAX_AGE_S } from '../../shared/constants.js';
import { AccountsRepository, type UserRow } from '../accounts/accounts.repository.js';
import { ApiError } from '../common/api-error.js';
import { AuthTokensService, hashSecret, newSecret } from './auth-tokens.service.js';
import { RefreshTokensRepository, type NewRefreshToken } from './refresh-tokens.repository.js';

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
 * A used token presented again this soon after its rotation, by the client the rotation went to (same user agent and
 * address), is another tab (or a page render) refreshing at the same moment: the winner's cookies are already on
 * their way, so it is refused without alarm. From any other client it is a stolen copy.
 */
const ROTATION_GRACE_MS = 30_000;

/**
 * Issues access + refresh pairs and rotates them (DESIGN §4): refresh tokens are opaque, stored hashed,
 * single-use; presenting one that was already used revokes its whole family (only a thief or a replay can do that),
 * except for the benign race above.
 */
@Injectable()
export class SessionTokensService {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  async issue(user: { id: string; sessionVersion: number }, client: ClientInfo): Promise<SessionTokens> {
    const refresh = newSecret();
    await this.refreshTokens.insert(this.row(user, client, randomUUID(), refresh));
    return { access: await this.tokens.signAccess(user.id, user.sessionVersion), refresh };
  }

  async rotate(refresh: string, client: ClientInfo): Promise<SessionTokens & { user: UserRow }> {
    const tokenHash = hashSecret(refresh);
    const row = await this.refreshTokens.findByHash(tokenHash);
    if (!row || row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
    if (!row.revokedAt) {
      const user = await this.accounts.findUserById(row.userId);
      if (!user?.isActive || user.sessionVersion !== row.sessionVersion) throw invalidRefresh();
      const next = newSecret();
      if (await this.refreshTokens.rotate(row.id, this.row(user, client, row.family, next))) {
        return { access: await this.tokens.signAccess(user.id, user.sessionVersion), refresh: next, user };
      }
    }
    // Already used. Read it again: the request that used it may have finished after our first read.
    const used = await this.refreshTokens.findByHash(tokenHash);
    if (used?.replacedBy && used.revokedAt) {
      const successor = await this.refreshTokens.findById(used.replacedBy);
      const recent = Date.now() - used.revokedAt.getTime() < ROTATION_GRACE_MS;
      if (recent && successor && sameClient(successor, client)) {
        throw ApiError.unauthorized('This token was just refreshed by another request.', 'token_rotated');
      }
      await this.refreshTokens.revokeFamily(used.family);
    }
    throw invalidRefresh();
  }

  private row(
    user: { id: string; sessionVersion: number },
    client: ClientInfo,
    family: string,
    refresh: string,
  ): NewRefreshToken {
    return {
      id: randomUUID(),
      userId: user.id,
      family,
      tokenHash: hashSecret(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
      sessionVersion: user.sessionVersion,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX),
      ip: client.ip,
    };
  }

  async revoke(refresh: string): Promise<void> {
    const row = await this.refreshTokens.findByHash(hashSecret(refresh));
    if (row) await this.refreshTokens.revokeFamily(row.family);
  }

  revokeAllOfUser(userId: string): Promise<void> {
    return this.refreshTokens.revokeAllOfUser(userId);
  }
}

const USER_AGENT_MAX = 300;

/** The client a token was issued to: the same user agent (as stored) and address. */
function sameClient(token: { userAgent: string | null; ip: string | null }, client: ClientInfo): boolean {
  return (
    (token.userAgent ?? null) === (client.userAgent?.slice(0, USER_AGENT_MAX) ?? null) &&
    (token.ip ?? null) === (client.ip ?? null)
  );
}

function invalidRefresh(): ApiError {
  return ApiError.unauthorized('Token is invalid or expired.', 'token_not_valid');
}
