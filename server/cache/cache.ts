/** Shared key-value cache: Redis when REDIS_URL is set, else process memory (one instance only). */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  /**
   * True while answers come from this process's memory in place of the shared cache (Redis unreachable): what is read
   * then reflects this instance's own changes only.
   */
  readonly degraded: boolean;
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
  /** Sends `message` to every instance's subscribers of `channel` (this one's included). Fire and forget. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `onMessage` for each message published on `channel`. `onReset` runs whenever messages may have been
   * missed (the Redis subscription reconnected), so subscribers drop what they were told to keep fresh.
   */
  subscribe(channel: string, onMessage: (message: string) => void, onReset?: () => void): void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
