import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { minutes } from '@nestjs/throttler';
import { API_KEY_PREFIX, API_KEY_VISIBLE } from '../../shared/api-keys.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import type { Cache } from '../cache/cache.js';
import { CACHE } from '../cache/cache.module.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import type { AuthContext } from './auth-context.js';
import { ApiKeysRepository, type ApiKeyHolder } from './api-keys.repository.js';
import { SessionCache } from './session-cache.js';

/** How long an instance trusts what it read of a key; a revocation deletes the entry at once. */
const HOLDER_TTL_S = 60;
const KEY = /^vr_[A-Za-z0-9_-]{43}$/;

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: `vr_` and 32 random bytes in base64url; what is stored (its hash) and shown in lists (its start). */
export function newApiKey(): { key: string; secretHash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, secretHash: hashApiKey(key), prefix: key.slice(0, API_KEY_VISIBLE) };
}

/**
 * Who a request with `Authorization: Bearer vr_…` acts as: the key's store, through its first active owner, with the
 * key's scopes in place of a role's permissions (SessionGuard checks the route's scope). Each call counts against the
 * key's rate; the first call of each minute records the key's last use.
 */
@Injectable()
export class ApiKeySessions {
  /** Calls per key and minute over every instance (API_KEY_RATE_PER_MINUTE): an integrator's sync, not a crawler. */
  private readonly rate: RateLimit;

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly accounts: AccountsRepository,
    private readonly limits: RateLimits,
    private readonly sessions: SessionCache,
    private readonly clock: Clock,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rate = { name: 'api-key', limit: config.apiKeys.ratePerMinute, ttl: minutes(1) };
  }

  async context(key: string, address: string): Promise<AuthContext | null> {
    if (!KEY.test(key)) return null;
    const secretHash = hashApiKey(key);
    const holder = await this.holder(secretHash);
    if (!holder) return null;
    const { totalHits, isBlocked, timeToBlockExpire } = await this.limits.hit(this.rate, holder.id);
    if (isBlocked) {
      throw ApiError.tooManyRequests(
        timeToBlockExpire,
        `This key made too many calls. Try again in ${timeToBlockExpire} seconds.`,
      );
    }
    if (totalHits === 1) await this.keys.touch(holder.id, this.clock.now(), address);
    // Kept per instance like a session's, behind the owner's stamp: a change to the owner or the team shows at once.
    const identity = { userId: holder.ownerUserId, sessionVersion: -1 };
    return this.sessions.context(identity, `key:${holder.id}`, async () => {
      const [user, workspace] = await Promise.all([
        this.accounts.findUserById(holder.ownerUserId),
        this.accounts.findMembership(holder.ownerUserId, holder.workspaceId),
      ]);
      if (!user?.isActive || !workspace) return null;
      return { user, workspace, permissions: [], apiKey: { id: holder.id, scopes: holder.scopes } };
    });
  }

  /** Forgets what any instance holds of the key (revoked). */
  async forget(secretHash: string): Promise<void> {
    await this.cache.del(this.cacheKey(secretHash));
  }

  private cacheKey(secretHash: string): string {
    return `api-key:${secretHash}`;
  }

  private async holder(secretHash: string): Promise<ApiKeyHolder | null> {
    const cached = await this.cache.get<ApiKeyHolder | { none: true }>(this.cacheKey(secretHash));
    if (cached) return 'none' in cached ? null : cached;
    const holder = await this.keys.holder(secretHash);
    // An unknown key is remembered too, briefly: a client retrying a wrong key does not reach the database each time.
    await this.cache.set(this.cacheKey(secretHash), holder ?? { none: true }, holder ? HOLDER_TTL_S : 10);
    return holder;
  }
}
