/** Shared key-value cache: Redis when REDIS_URL is set, else process memory (one instance only). */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get<T>(key: string): Promise<T | undefined>;
  /** Several keys in one round trip, in order. */
  getMany(keys: string[]): Promise<unknown[]>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Atomically adds 1 and returns the new value (0 + 1 for a missing key); the key never expires. */
  incr(key: string): Promise<number>;
  /**
   * Counts one hit in a fixed window that starts with the first hit: returns the count so far and the
   * seconds until the window resets. Rate limits use it, so with Redis every instance shares the count.
   */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
