import { Redis } from 'ioredis';
import type { Cache } from './cache.js';

const PING_TIMEOUT_MS = 2_000;

export class RedisCache implements Cache {
  readonly kind = 'redis';
  readonly client: Redis;

  constructor(url: string, keyPrefix: string) {
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
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }
}
