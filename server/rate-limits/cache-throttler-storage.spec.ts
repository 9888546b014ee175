import { MemoryCache } from '../cache/memory.cache.js';
import { CacheThrottlerStorage, counterKey } from './cache-throttler-storage.js';

describe('CacheThrottlerStorage', () => {
  it('counts per key in a fixed window: past the limit every hit is blocked for what is left of it; reset starts over', async () => {
    const cache = new MemoryCache();
    const storage = new CacheThrottlerStorage(cache);
    const key = counterKey('test', '192.0.2.1');
    const records = [];
    for (let i = 0; i < 4; i++) records.push(await storage.increment(key, 60_000, 2));
    expect(records.map(({ totalHits, isBlocked }) => [totalHits, isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect(records[0]).toMatchObject({ timeToExpire: 60, timeToBlockExpire: 0 });
    expect(records[3].timeToBlockExpire).toBeGreaterThan(0);
    expect(records[3].timeToBlockExpire).toBeLessThanOrEqual(60);
    // Another subject counts on its own.
    expect(await storage.increment(counterKey('test', '192.0.2.2'), 60_000, 2)).toMatchObject({ totalHits: 1 });

    await storage.reset(key);
    expect(await storage.increment(key, 60_000, 2)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('names counters as the limiter before it did, so counts carry over a rolling deploy', () => {
    expect(counterKey('login:ip', '192.0.2.1')).toBe('rl:login:ip:192.0.2.1');
  });
});
