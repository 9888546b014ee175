import { Redis } from 'ioredis';
import type { Cache } from './cache.js';

const PING_TIMEOUT_MS = 2_000;

export class RedisCache implements Cache {
  readonly kind = 'redis';
  readonly client: Redis;
  /** Opened on the first subscription: a subscribed Redis connection can do nothing else. */
  private subscriber?: Redis;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  private readonly resets: Array<() => void> = [];

  constructor(
    url: string,
    private readonly keyPrefix: string,
  ) {
    this.client = new Redis(url, {
      keyPrefix,
      lazyConnect: false,
      connectTimeout: 5_000,
      maxRetriesPerRequest: 2,
    });
    // Connection errors are reported by /api/ready and by the failing call; ioredis keeps reconnecting.
    this.client.on('error', () => undefined);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.client.get(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async getMany(keys: string[]): Promise<unknown[]> {
    if (keys.length === 0) return [];
    const raws = await this.client.mget(...keys);
    return raws.map((raw) => (raw === null ? undefined : (JSON.parse(raw) as unknown)));
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.client.set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.client.del(...keys);
  }

  incr(key: string): Promise<number> {
    return this.client.incr(key);
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const results = await this.client
      .multi()
      .incr(key)
      .expire(key, Math.max(1, Math.ceil(windowSeconds)), 'NX')
      .ttl(key)
      .exec();
    if (!results) throw new Error('Redis transaction was aborted');
    const [[incrError, count], , [ttlError, ttl]] = results;
    if (incrError ?? ttlError) throw incrError ?? ttlError;
    return { count: Number(count), resetInSeconds: Math.max(1, Number(ttl)) };
  }

  async publish(channel: string, message: string): Promise<void> {
    // ioredis prefixes keys, not channels: prefix them here so deployments (and tests) sharing a Redis stay apart.
    await this.client.publish(this.keyPrefix + channel, message);
  }

  subscribe(channel: string, onMessage: (message: string) => void, onReset?: () => void): void {
    if (!this.subscriber) {
      const subscriber = this.client.duplicate();
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
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer PING in time')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.client.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
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
