import { EventEmitter } from 'node:events';
import type { Cache } from './cache.js';
import { countReads } from '../metrics/metrics.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * In-process cache with TTLs and a bounded size. Values are stored serialised, exactly as in Redis,
 * so callers cannot mutate a cached object by accident and both implementations behave alike.
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory';
  readonly degraded = false;
  private readonly entries = new Map<string, Entry>();
  private readonly channels = new EventEmitter();

  constructor(private readonly maxEntries = 50_000) {}

  async get<T>(key: string): Promise<T | undefined> {
    const raw = this.read(key);
    countReads('memory', raw === undefined ? 0 : 1, 1);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }

  async getMany(keys: string[]): Promise<unknown[]> {
    const raws = keys.map((key) => this.read(key));
    countReads('memory', raws.filter((raw) => raw !== undefined).length, keys.length);
    return raws.map((raw) => (raw === undefined ? undefined : (JSON.parse(raw) as unknown)));
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.store(key, JSON.stringify(value), Date.now() + ttlSeconds * 1000);
  }

  async del(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async incr(key: string): Promise<number> {
    // Read and write with no await between them, so concurrent calls cannot interleave.
    const raw = this.read(key);
    const next = (raw === undefined ? 0 : Number(JSON.parse(raw))) + 1;
    this.store(key, JSON.stringify(next), Number.POSITIVE_INFINITY);
    return next;
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const now = Date.now();
    const entry = this.entries.get(key);
    const live = entry && entry.expiresAt > now ? entry : undefined;
    const count = (live ? Number(JSON.parse(live.value)) : 0) + 1;
    const expiresAt = live?.expiresAt ?? now + windowSeconds * 1000;
    this.store(key, JSON.stringify(count), expiresAt);
    return { count, resetInSeconds: Math.max(1, Math.ceil((expiresAt - now) / 1000)) };
  }

  async publish(channel: string, message: string): Promise<void> {
    this.channels.emit(channel, message);
  }

  subscribe(channel: string, onMessage: (message: string) => void): void {
    this.channels.on(channel, onMessage);
  }

  async ping(): Promise<void> {}

  /** Drops every entry; subscriptions stay. */
  clear(): void {
    this.entries.clear();
  }

  async close(): Promise<void> {
    this.clear();
    this.channels.removeAllListeners();
  }

  private read(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private store(key: string, value: string, expiresAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the least recently written.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt });
  }
}
