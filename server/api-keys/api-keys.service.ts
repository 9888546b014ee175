import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TApiKeyList, TApiKeyScope } from '../../shared/api-keys.js';
import { ApiKeySessions, newApiKey } from '../auth/api-key-sessions.js';
import { ApiKeysRepository, type ApiKeyRow } from '../auth/api-keys.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { ServerReaders } from '../ssr/server-readers.js';

/** Live keys a store may hold at once: enough for every integration, few enough to review. */
export const MAX_LIVE_KEYS = 20;

function toApiKey(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The store owner's keys: listed, created (the key shown once), revoked. */
@Injectable()
export class ApiKeysService implements OnModuleInit {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly sessions: ApiKeySessions,
    private readonly clock: Clock,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // Settings → API keys, drawn with its table (the API route's permission).
    this.readers.register('apiKeys', 'manage_integrations', (merchantId) => () => this.listOf(merchantId));
  }

  list(auth: WorkspaceContext): Promise<TApiKeyList> {
    return this.listOf(storeOf(auth).id);
  }

  async listOf(merchantId: string): Promise<TApiKeyList> {
    return { results: (await this.keys.list(merchantId)).map(toApiKey) };
  }

  async create(auth: WorkspaceContext, body: TApiKeyCreate): Promise<TApiKeyCreated> {
    const merchantId = storeOf(auth).id;
    const live = (await this.keys.list(merchantId)).filter((row) => !row.revokedAt).length;
    if (live >= MAX_LIVE_KEYS) {
      throw ApiError.conflict(`A store holds at most ${MAX_LIVE_KEYS} live keys: revoke one first.`, 'api_key_limit');
    }
    const { key, secretHash, prefix } = newApiKey();
    const row = await this.keys.create({
      merchantId,
      name: body.name,
      prefix,
      secretHash,
      scopes: body.scopes,
      createdBy: auth.user.id,
    });
    return { ...toApiKey(row), key };
  }

  async revoke(auth: WorkspaceContext, id: string): Promise<void> {
    const row = await this.keys.revoke(storeOf(auth).id, id, this.clock.now());
    if (!row) throw ApiError.notFound('No such key.');
    await this.sessions.forget(row.secretHash);
  }
}
