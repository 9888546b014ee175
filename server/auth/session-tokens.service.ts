import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TOKEN_COOKIE_MAX_AGE_S } from '../../shared/constants.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
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
 * Issues access + refresh pairs and rotates them (DESIGN §4): refresh tokens are opaque, stored hashed,
 * single-use; presenting a used one revokes its whole family, since only a thief or a replay can do that.
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
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    });
    return { access: await this.tokens.signAccess(user.id, user.sessionVersion), refresh };
  }

  async rotate(refresh: string, client: ClientInfo): Promise<SessionTokens & { userId: string }> {
    const row = await this.refreshTokens.findByHash(hashSecret(refresh));
    if (!row || row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
    const nextId = randomUUID();
    if (row.revokedAt || !(await this.refreshTokens.claim(row.id, nextId))) {
      if (row.replacedBy) await this.refreshTokens.revokeFamily(row.family);
      throw invalidRefresh();
    }
    const user = await this.accounts.findUserById(row.userId);
    if (!user?.isActive) throw invalidRefresh();
    return { ...(await this.issue(user, client, row.family, nextId)), userId: user.id };
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
