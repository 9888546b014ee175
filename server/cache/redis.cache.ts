import { Redis } from 'ioredis';
import type { Cache } from './cache.js';
import { countReads } from '../metrics/metrics.js';

export interface RedisCacheOptions {
  keyPrefix: string;
  /** A command not answered by then fails: nothing waits on a dead or paused Redis. */
  commandTimeoutMs: number;
}

/**
 * Rejects when `command` has not settled `ms` after the call. When the timer fires, replies already waiting in the
 * socket are read first (the poll phase runs before setImmediate callbacks): a busy event loop that made the timer fire
 * late is not mistaken for a slow Redis.
 */
function within<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`Redis did not answer within ${ms} ms`))), ms);
    command.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The cache on Redis. Every call fails fast when Redis is unreachable (no offline queue, a short command timeout);
 * ResilientCache decides what to do then. Opens its connection on `connect()`.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis';
  readonly degraded = false;
  readonly client: Redis;
  /** Opened on the first subscription: a subscribed Redis connection can do nothing else. */
  private subscriber?: Redis;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  private readonly resets: Array<() => void> = [];

  private readonly keyPrefix: string;
  private readonly timeoutMs: number;

  constructor(url: string, options: RedisCacheOptions) {
    this.keyPrefix = options.keyPrefix;
    this.timeoutMs = options.commandTimeoutMs;
    this.client = new Redis(url, {
      keyPrefix: options.keyPrefix,
      lazyConnect: true,
      connectTimeout: 5_000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect attempts at most a second apart (ioredis waits up to 2 s): a returning Redis is found soon.
      retryStrategy: (attempt: number) => Math.min(attempt * 50, 1_000),
      // A command that timed out was answered from elsewhere: never send it again after a reconnection.
      autoResendUnfulfilledCommands: false,
      // Closing a broken connection: its socket is dropped soon after, not kept (with the process) for 2 s.
      disconnectTimeout: 100,
    });
    // Connection errors are reported by /api/ready and by the failing call; ioredis keeps reconnecting.
    this.client.on('error', () => undefined);
  }

  /** Resolves once connected; rejects if Redis cannot be reached now (ioredis keeps trying in the background). */
  async connect(): Promise<void> {
    await this.client.connect();
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await within(this.client.get(key), this.timeoutMs);
    countReads('redis', raw === null ? 0 : 1, 1);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async getMany(keys: string[]): Promise<unknown[]> {
    if (keys.length === 0) return [];
    const raws = await within(this.client.mget(...keys), this.timeoutMs);
    countReads('redis', raws.filter((raw) => raw !== null).length, keys.length);
    return raws.map((raw) => (raw === null ? undefined : (JSON.parse(raw) as unknown)));
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await within(this.client.set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds))), this.timeoutMs);
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await within(this.client.del(...keys), this.timeoutMs);
  }

  incr(key: string): Promise<number> {
    return within(this.client.incr(key), this.timeoutMs);
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const results = await within(
      this.client
        .multi()
        .incr(key)
        .expire(key, Math.max(1, Math.ceil(windowSeconds)), 'NX')
        .ttl(key)
        .exec(),
      this.timeoutMs,
    );
    if (!results) throw new Error('Redis transaction was aborted');
    const [[incrError, count], , [ttlError, ttl]] = results;
    if (incrError ?? ttlError) throw incrError ?? ttlError;
    return { count: Number(count), resetInSeconds: Math.max(1, Number(ttl)) };
  }

  async publish(channel: string, message: string): Promise<void> {
    // ioredis prefixes keys, not channels: prefix them here so deployments (and tests) sharing a Redis stay apart.
    await within(this.client.publish(this.keyPrefix + channel, message), this.timeoutMs);
  }

  subscribe(channel: string, onMessage: (message: string) => void, onReset?: () => void): void {
    if (!this.subscriber) {
      // Subscribing waits for the connection (an offline queue, never flushed) for as long as it takes: it holds up no
      // request, and a subscription made while Redis is away applies once it is back.
      const subscriber = this.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      subscriber.on('error', () => undefined);
      subscriber.on('message', (name: string, message: string) => {
        for (const handler of this.handlers.get(name) ?? []) handler(message);
      });
      // After a reconnection (ioredis resubscribes by itself) messages may have been lost meanwhile.
      let connectedOnce = false;
      subscriber.on('ready', () => {
        if (connectedOnce) for (const reset of this.resets) reset();
        connectedOnce = true;
      });
      this.subscriber = subscriber;
    }
    const name = this.keyPrefix + channel;
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), onMessage]);
    if (onReset) this.resets.push(onReset);
    this.subscriber.subscribe(name).catch(() => undefined);
  }

  async ping(): Promise<void> {
    await within(this.client.ping(), this.timeoutMs);
  }

  async close(): Promise<void> {
    // QUIT waits for a server that may be gone; drop the socket unless the connection is healthy.
    for (const connection of [this.client, this.subscriber]) {
      if (!connection) continue;
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    }
  }
}
