import type { LoggerService } from '@nestjs/common';
import { CacheOutbox } from './cache-outbox.js';
import type { Cache } from './cache.js';
import type { MemoryCache } from './memory.cache.js';
import type { RedisCache } from './redis.cache.js';

/** Consecutive failed calls (timeouts, errors) that make the cache stop asking Redis. A lost connection does at once. */
const FAILURES_TO_DEGRADE = 3;
/** While degraded, how often Redis is asked (PING) whether it is back; a reconnection asks at once. */
export const PROBE_INTERVAL_MS = 1_000;
/**
 * While degraded, the longest any value written to process memory is served: other instances cannot tell this one
 * of their changes then (no pub/sub), so a copy must lapse on its own. Rate-limit windows and version counters are
 * not capped (they are not copies of anything).
 */
export const DEGRADED_TTL_S = 5;

/**
 * Redis, never a single point of failure: a circuit breaker in front of it with process memory behind.
 *
 * While Redis answers, every call goes to Redis. When the connection drops, or after a few calls in a row time out
 * or fail, the cache is *degraded*: calls go straight to an in-process MemoryCache without touching Redis. Reads
 * then miss or hit this instance's own short-lived copies (so storefront and dashboard answers come from the
 * database), rate limits count per instance, and the changes other instances must hear of (deleted keys, bumped
 * versions, published invalidations) wait in an outbox. A call that fails while the breaker is still closed is
 * answered the same way. Every PROBE_INTERVAL_MS a PING asks whether Redis is back; when it answers, the outbox is
 * replayed (versions bumped again, invalidations published again) ahead of every later call, and calls go back to
 * Redis.
 *
 * Staleness bounds, with the storefront's own 5-second in-process copies (StorefrontCache):
 * - during an outage, an instance serves its own changes at once and another instance's within
 *   DEGRADED_TTL_S + 5 s = 10 s;
 * - once Redis answers again, every instance serves the changes made during the outage within about 2 s: reconnect
 *   attempts are at most 1 s apart, the outbox is replayed as soon as the connection is ready (or at the next probe)
 *   before the breaker closes, and the subscribers' reconnection drops every local copy. An instance whose CPU is
 *   saturated takes longer (every step waits for its event loop);
 * - if only this instance lost Redis (a partition), the others keep serving Redis's copies of what changed here until
 *   it reconnects and replays, and at most for those copies' TTL (5 minutes storefront, 10 minutes dashboard).
 *
 * A warning is logged once when the cache degrades and once when it recovers, never per call.
 */
export class ResilientCache implements Cache {
  readonly kind = 'redis';
  /** `starting` until the first connection attempt settles. */
  private state: 'starting' | 'up' | 'degraded' = 'starting';
  private failures = 0;
  private closing = false;
  /** The next probe, when one is scheduled. */
  private probe?: NodeJS.Timeout;
  private probing = false;
  /** What the connection last reported (ECONNREFUSED…), to name the cause when it drops. */
  private connectionError?: Error;
  private readonly outbox = new CacheOutbox();

  constructor(
    private readonly redis: RedisCache,
    private readonly fallback: MemoryCache,
    private readonly logger: Pick<LoggerService, 'warn'>,
  ) {
    redis.client.on('error', (error: Error) => {
      this.connectionError = error;
    });
    redis.client.on('ready', () => {
      this.connectionError = undefined;
      // Reconnected: ask at once rather than at the next tick of the probe.
      if (this.state === 'degraded' && this.probe) {
        clearTimeout(this.probe);
        this.probe = undefined;
        this.scheduleProbe(0);
      }
    });
    redis.client.on('close', () => {
      if (this.state === 'up' && !this.closing) this.degrade(this.connectionError ?? new Error('connection lost'));
    });
  }

  /** True while calls are answered from process memory. */
  get degraded(): boolean {
    return this.state !== 'up';
  }

  /** Connects; an unreachable Redis does not stop the start: the cache begins degraded and keeps asking. */
  async connect(): Promise<void> {
    try {
      await this.redis.connect();
      this.state = 'up';
    } catch (error) {
      this.degrade(this.connectionError ?? error);
    }
  }

  get<T>(key: string): Promise<T | undefined> {
    return this.route(
      () => this.redis.get<T>(key),
      () => this.fallback.get<T>(key),
    );
  }

  getMany(keys: string[]): Promise<unknown[]> {
    return this.route(
      () => this.redis.getMany(keys),
      () => this.fallback.getMany(keys),
    );
  }

  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    return this.route(
      () => this.redis.set(key, value, ttlSeconds),
      () => this.fallback.set(key, value, Math.min(ttlSeconds, DEGRADED_TTL_S)),
    );
  }

  del(...keys: string[]): Promise<void> {
    return this.route(
      () => this.redis.del(...keys),
      () => {
        this.outbox.del(keys);
        return this.fallback.del(...keys);
      },
    );
  }

  incr(key: string): Promise<number> {
    return this.route(
      () => this.redis.incr(key),
      () => {
        this.outbox.bump(key);
        return this.fallback.incr(key);
      },
    );
  }

  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    return this.route(
      () => this.redis.hit(key, windowSeconds),
      () => this.fallback.hit(key, windowSeconds),
    );
  }

  publish(channel: string, message: string): Promise<void> {
    return this.route(
      () => this.redis.publish(channel, message),
      () => {
        this.outbox.publish(channel, message);
        return this.fallback.publish(channel, message);
      },
    );
  }

  /** Through Redis (every instance), and through memory for what this instance publishes while degraded. */
  subscribe(channel: string, onMessage: (message: string) => void, onReset?: () => void): void {
    this.redis.subscribe(channel, onMessage, onReset);
    this.fallback.subscribe(channel, onMessage);
  }

  /** Fails while degraded: /api/ready reports the cache unavailable (the instance still serves). */
  async ping(): Promise<void> {
    if (this.state !== 'up') throw new Error('Redis is unavailable: answering from process memory');
    try {
      await this.redis.ping();
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.probe);
    await this.redis.close();
    await this.fallback.close();
  }

  private async route<T>(viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    if (this.state !== 'up') return viaMemory();
    try {
      const result = await viaRedis();
      this.failures = 0;
      return result;
    } catch (error) {
      this.failed(error);
      return viaMemory();
    }
  }

  private failed(error: unknown): void {
    this.failures += 1;
    if (this.failures >= FAILURES_TO_DEGRADE) this.degrade(error);
    // Below the threshold, what this call could not tell Redis waits in the outbox for the next probe.
    else this.scheduleProbe();
  }

  private degrade(error: unknown): void {
    if (this.state !== 'degraded') {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        `Redis is unreachable (${reason}): answering from process memory, rate limits per instance, until it answers`,
      );
    }
    this.state = 'degraded';
    this.scheduleProbe();
  }

  private scheduleProbe(delayMs = PROBE_INTERVAL_MS): void {
    if (this.probe || this.probing || this.closing) return;
    this.probe = setTimeout(() => {
      this.probe = undefined;
      void this.runProbe();
    }, delayMs);
    // A probe must not keep a finished process alive.
    this.probe.unref();
  }

  private async runProbe(): Promise<void> {
    this.probing = true;
    try {
      await this.redis.ping();
      if (this.closing) return;
      // The replay's commands are written now, ahead of any call that follows on this connection: Redis applies them
      // first, so calls may go back to Redis at once (waiting for the replay under a steady load would never end).
      const replayed = this.outbox.replay(this.redis);
      if (this.state === 'degraded') {
        this.state = 'up';
        this.failures = 0;
        // Nothing kept meanwhile is needed any more; the next outage starts afresh.
        this.fallback.clear();
        this.logger.warn('Redis answers again: the cache, rate limits and invalidations are shared again');
      }
      await replayed;
    } catch {
      // Still away, or gone again: what was not replayed stays in the outbox.
    } finally {
      this.probing = false;
    }
    if (this.state !== 'up' || this.outbox.size > 0) this.scheduleProbe();
  }
}
