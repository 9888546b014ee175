/** Shared key-value cache: Redis when REDIS_URL is set, else process memory (one instance only). */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Atomically adds 1 and returns the new value (0 + 1 for a missing key); the key never expires. */
  incr(key: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
