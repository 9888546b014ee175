import { Injectable } from '@nestjs/common';
import { SessionStamps } from '../accounts/session-stamps.js';
import type { AuthContext } from './auth-context.js';
import type { AccessIdentity } from './auth-tokens.service.js';

/**
 * How long an instance may use what it read of a session (the user, the workspace and its store). Every use first
 * checks the user's stamp in the shared cache (SessionStamps), so a change — a removed membership, a new password,
 * an email change, a store's new details — shows on every instance at its next request. This is the bound when that
 * check cannot see a change: Redis unreachable from this instance, or from the one that made the change.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  context: AuthContext;
  stamp: number;
  until: number;
}

/**
 * A short-lived per-instance copy of each session's AuthContext, so authenticated calls cost a stamp check (one Redis
 * round trip, or a memory read) rather than the user and workspace reads. Contexts are shared between requests: they
 * are never modified.
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads in progress: a burst of one session's calls after its entry lapsed makes one read, not one each. */
  private readonly reading = new Map<string, Promise<AuthContext | null>>();

  constructor(private readonly stamps: SessionStamps) {}

  /**
   * The context of a session on a valid access token; `selector` names the workspace choice the request carries
   * (header or cookie); `read` reads it from the database. A null (an ended session) and a refusal are not kept.
   */
  async context(
    identity: AccessIdentity,
    selector: string,
    read: () => Promise<AuthContext | null>,
  ): Promise<AuthContext | null> {
    const key = `${identity.userId}|${identity.sessionVersion}|${selector}`;
    // Read before the database is: a change committed before this stamp was bumped is in what is read next.
    const stamp = await this.stamps.of(identity.userId);
    const entry = this.entries.get(key);
    if (entry && entry.stamp === stamp && entry.until > Date.now()) return entry.context;
    const readKey = `${key}|${stamp}`;
    let pending = this.reading.get(readKey);
    if (!pending) {
      pending = this.readAndKeep(key, stamp, read).finally(() => this.reading.delete(readKey));
      this.reading.set(readKey, pending);
    }
    return pending;
  }

  private async readAndKeep(
    key: string,
    stamp: number,
    read: () => Promise<AuthContext | null>,
  ): Promise<AuthContext | null> {
    const until = Date.now() + SESSION_CACHE_TTL_MS;
    const context = await read();
    if (context) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { context, stamp, until });
    }
    return context;
  }
}
