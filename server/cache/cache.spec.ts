import { randomBytes } from 'node:crypto';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory.cache.js';
import { RedisCache } from './redis.cache.js';
import { VersionedKeys } from './versioned-keys.js';

// One behaviour, two implementations: the same cases run against memory and (when REDIS_URL is set) Redis.
const implementations: Array<[string, () => Cache]> = [['memory', () => new MemoryCache()]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  implementations.push(['redis', () => new RedisCache(redisUrl, `vr-test:${randomBytes(6).toString('hex')}:`)]);
}

describe.each(implementations)('%s cache', (_name, make) => {
  let cache: Cache;
  beforeEach(() => {
    cache = make();
  });
  afterEach(() => cache.close());

  it('stores and returns JSON values, and misses unknown keys', async () => {
    await cache.set('a', { n: 1, list: ['x'] }, 60);
    expect(await cache.get('a')).toEqual({ n: 1, list: ['x'] });
    expect(await cache.get('missing')).toBeUndefined();
  });

  it('returns copies, so mutating a result does not change the cache', async () => {
    await cache.set('obj', { n: 1 }, 60);
    const first = await cache.get<{ n: number }>('obj');
    first!.n = 2;
    expect(await cache.get('obj')).toEqual({ n: 1 });
  });

  it('expires entries after their TTL', async () => {
    await cache.set('short', 'v', 1);
    expect(await cache.get('short')).toBe('v');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await cache.get('short')).toBeUndefined();
  });

  it('deletes keys', async () => {
    await cache.set('d1', 1, 60);
    await cache.set('d2', 2, 60);
    await cache.del('d1', 'd2');
    expect(await cache.get('d1')).toBeUndefined();
    expect(await cache.get('d2')).toBeUndefined();
  });

  it('increments atomically from zero', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.incr('counter')));
    expect(results.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await cache.get('counter')).toBe(20);
  });

  it('counts hits in a fixed window shared by concurrent callers, then starts a new window', async () => {
    const hits = await Promise.all(Array.from({ length: 5 }, () => cache.hit('window', 1)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(hits.every((h) => h.resetInSeconds >= 1 && h.resetInSeconds <= 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await cache.hit('window', 60)).count).toBe(1);
  });

  it('answers ping', async () => {
    await expect(cache.ping()).resolves.toBeUndefined();
  });

  describe('versioned keys', () => {
    it('serves cached values until the tenant version is bumped, other tenants untouched', async () => {
      const keys = new VersionedKeys(cache);
      let computed = 0;
      const compute = async () => ++computed;
      expect(await keys.wrap('s1', ['config', 'p'], 60, compute)).toBe(1);
      expect(await keys.wrap('s1', ['config', 'p'], 60, compute)).toBe(1);
      expect(await keys.wrap('s2', ['config', 'p'], 60, compute)).toBe(2);
      await keys.bump('s1');
      expect(await keys.wrap('s1', ['config', 'p'], 60, compute)).toBe(3);
      expect(await keys.wrap('s1', ['config', 'p'], 60, compute)).toBe(3);
      expect(await keys.wrap('s2', ['config', 'p'], 60, compute)).toBe(2);
    });

    it('recomputes after a bump that lands while a value is being computed', async () => {
      const keys = new VersionedKeys(cache);
      let computed = 0;
      const stale = keys.wrap('s3', ['reviews'], 60, async () => {
        await keys.bump('s3'); // a moderation commits meanwhile
        return ++computed;
      });
      expect(await stale).toBe(1);
      expect(await keys.wrap('s3', ['reviews'], 60, async () => ++computed)).toBe(2);
    });
  });

  it('delivers published messages to subscribers', async () => {
    const received: string[] = [];
    cache.subscribe('news', (message) => received.push(message));
    // A Redis subscription is ready once SUBSCRIBE is acknowledged: publish until the first message arrives.
    for (let i = 0; i < 50 && received.length === 0; i += 1) {
      await cache.publish('news', 'first');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await cache.publish('other', 'not for us');
    await cache.publish('news', 'second');
    for (let i = 0; i < 50 && !received.includes('second'); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(received.filter((m) => m !== 'first')).toEqual(['second']);
  });

  it('reads several keys at once, in order', async () => {
    await cache.set('m-a', 1, 60);
    await cache.set('m-c', { c: true }, 60);
    expect(await cache.getMany(['m-a', 'm-b', 'm-c'])).toEqual([1, undefined, { c: true }]);
    expect(await cache.getMany([])).toEqual([]);
  });
});

describe('memory cache bound', () => {
  it('evicts the oldest entries past its size', async () => {
    const cache = new MemoryCache(3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.set(key, key, 60);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('d')).toBe('d');
  });
});
