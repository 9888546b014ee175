import type { Cache } from './cache.js';

/** Beyond this many waiting changes, further ones are dropped: their cached copies then heal by their own TTLs. */
const MAX_PENDING = 100_000;

/**
 * What other instances must learn but Redis could not be told: deleted keys, bumped counters (tenant versions) and
 * published messages. Replayed in that order once Redis answers, so a receiver that rereads after a message finds
 * the new version. Each is kept once: deleting, bumping or telling twice has the same effect as once.
 */
export class CacheOutbox {
  private deletions = new Set<string>();
  private bumps = new Set<string>();
  private messages = new Set<string>();

  get size(): number {
    return this.deletions.size + this.bumps.size + this.messages.size;
  }

  del(keys: string[]): void {
    for (const key of keys) if (this.size < MAX_PENDING) this.deletions.add(key);
  }

  bump(key: string): void {
    if (this.size < MAX_PENDING) this.bumps.add(key);
  }

  publish(channel: string, message: string): void {
    if (this.size < MAX_PENDING) this.messages.add(JSON.stringify([channel, message]));
  }

  /**
   * Sends everything to `redis`. The commands go out in order on one connection without waiting for each other, so
   * Redis applies them in that order in one round trip (a busy instance pays one event-loop turn, not one per change).
   * On a failure everything is kept for the next attempt (a change applied twice is harmless) and the failure thrown.
   */
  async replay(redis: Cache): Promise<void> {
    const { deletions, bumps, messages } = this;
    this.deletions = new Set();
    this.bumps = new Set();
    this.messages = new Set();
    const sent: Array<Promise<unknown>> = [];
    if (deletions.size) sent.push(redis.del(...deletions));
    for (const key of bumps) sent.push(redis.incr(key));
    for (const entry of messages) {
      const [channel, message] = JSON.parse(entry) as [string, string];
      sent.push(redis.publish(channel, message));
    }
    try {
      await Promise.all(sent);
    } catch (error) {
      for (const key of deletions) this.deletions.add(key);
      for (const key of bumps) this.bumps.add(key);
      for (const entry of messages) this.messages.add(entry);
      throw error;
    }
  }
}
