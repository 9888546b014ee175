import { Global, Injectable, Module } from '@nestjs/common';
import type { TPermission } from '../../shared/permissions.js';
import type { TServerApi } from '../../shared/server-api.js';
import { can, type TSessionUser } from '../../shared/session.js';

type Reader<K extends keyof TServerApi> = (merchantId: string) => NonNullable<TServerApi[K]>;

/**
 * The in-process reads a server render offers its page (`pageContext.serverApi`). Each domain registers its own, with
 * the permission its API route needs, so the SSR controller knows no domain (DESIGN §11.2).
 */
@Injectable()
export class ServerReaders {
  private readonly readers = new Map<keyof TServerApi, { permission: TPermission; reader: Reader<keyof TServerApi> }>();

  register<K extends keyof TServerApi>(key: K, permission: TPermission, reader: Reader<K>): void {
    this.readers.set(key, { permission, reader: reader as Reader<keyof TServerApi> });
  }

  /** Every reader bound to the user's current store; null where signed out, storeless or not permitted. */
  for(user: TSessionUser | null): TServerApi {
    const store = user?.merchant?.id;
    const api: Record<string, unknown> = {};
    for (const [key, { permission, reader }] of this.readers) {
      api[key] = store && can(user, permission) ? reader(store) : null;
    }
    return api as unknown as TServerApi;
  }
}

@Global()
@Module({ providers: [ServerReaders], exports: [ServerReaders] })
export class ServerReadersModule {}
