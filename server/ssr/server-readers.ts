import { Global, Injectable, Module } from '@nestjs/common';
import type { TPermission } from '../../shared/permissions.js';
import type { TServerApi } from '../../shared/server-api.js';
import { can, type TSessionUser } from '../../shared/session.js';
import { RenderReads } from '../database/render-reads.js';

/** What a reader is bound to: the current store (most pages) or the current workspace (the team, with or without a store). */
export type TReaderScope = 'store' | 'workspace';

/**
 * Bound to the store's or workspace's id; the user is there for reads of the member's own (their preferences), the
 * render's reads for those several readers make (RenderReads).
 */
type Reader<K extends keyof TServerApi> = (
  id: string,
  user: TSessionUser,
  reads: RenderReads,
) => NonNullable<TServerApi[K]>;

interface Registration {
  /** null: every member of the workspace may read it (the API route asks for no permission). */
  permission: TPermission | null;
  scope: TReaderScope;
  reader: Reader<keyof TServerApi>;
}

/**
 * The in-process reads a server render offers its page (`pageContext.serverApi`). Each domain registers its own, with
 * the permission its API route needs, so the SSR controller knows no domain (DESIGN §11.2).
 */
@Injectable()
export class ServerReaders {
  private readonly readers = new Map<keyof TServerApi, Registration>();
  private readonly publicReads = new Map<keyof TServerApi, unknown>();

  register<K extends keyof TServerApi>(
    key: K,
    permission: TPermission | null,
    reader: Reader<K>,
    scope: TReaderScope = 'store',
  ): void {
    this.readers.set(key, { permission, scope, reader: reader as Reader<keyof TServerApi> });
  }

  /** A read that needs no session, for a public page (whether a mailed link still works). */
  registerPublic<K extends keyof TServerApi>(key: K, read: NonNullable<TServerApi[K]>): void {
    this.publicReads.set(key, read);
  }

  /**
   * The public reads, and every reader bound to the user's current store or workspace: null where signed out,
   * outside one, or not permitted.
   */
  for(user: TSessionUser | null): TServerApi {
    const api: Record<string, unknown> = Object.fromEntries(this.publicReads);
    const reads = new RenderReads();
    for (const [key, { permission, scope, reader }] of this.readers) {
      const id = scope === 'store' ? user?.merchant?.id : user?.workspace_id;
      api[key] = user && id && (permission === null || can(user, permission)) ? reader(id, user, reads) : null;
    }
    return api as unknown as TServerApi;
  }
}

@Global()
@Module({ providers: [ServerReaders], exports: [ServerReaders] })
export class ServerReadersModule {}
