import { randomBytes } from 'node:crypto';
import { startRedisServer, type PrivateRedis } from '../../test/support/redis-server.js';
import { CacheOutbox } from './cache-outbox.js';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory.cache.js';
import { RedisCache } from './redis.cache.js';
import { DEGRADED_TTL_S, PROBE_INTERVAL_MS, ResilientCache } from './resilient.cache.js';
import { VersionedKeys } from './versioned-keys.js';

const COMMAND_TIMEOUT_MS = 200;

function redisCache(url: string, keyPrefix = `vr-test:${randomBytes(6).toString('hex')}:`): RedisCache {
  return new RedisCache(url, { keyPrefix, commandTimeoutMs: COMMAND_TIMEOUT_MS });
}

/** Records the warnings a cache logs. */
function recorder(): { warn: (...args: unknown[]) => void; warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))) };
}

async function resilient(url: string, keyPrefix?: string, logger = recorder()): Promise<ResilientCache> {
  const cache = new ResilientCache(redisCache(url, keyPrefix), new MemoryCache(), logger);
  await cache.connect();
  return cache;
}

// One behaviour, three implementations: the same cases run against memory and (when REDIS_URL is set) Redis, bare
// and behind its circuit breaker as the app uses it.
const implementations: Array<[string, () => Promise<Cache>]> = [['memory', async () => new MemoryCache()]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  implementations.push([
    'redis',
    async () => {
      const cache = redisCache(redisUrl);
      await cache.connect();
      return cache;
    },
  ]);
  implementations.push(['resilient redis', () => resilient(redisUrl)]);
}

describe.each(implementations)('%s cache', (_name, make) => {
  let cache: Cache;
  beforeEach(async () => {
    cache = await make();
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

    it('keeps a value that follows several tenants until any of them is bumped', async () => {
      const keys = new VersionedKeys(cache);
      let computed = 0;
      const both = () => keys.wrapAll(['s4', 's5'], 's4+s5:figures', 60, async () => ++computed);
      expect(await both()).toBe(1);
      expect(await both()).toBe(1);
      await keys.bump('s5');
      expect(await both()).toBe(2);
      await keys.bump('s4');
      expect(await both()).toBe(3);
      expect(await both()).toBe(3);
      await keys.bump('s5');
      const stale = keys.wrapAll(['s4', 's5'], 's4+s5:figures', 60, async () => {
        await keys.bump('s4'); // a change commits while the value is computed
        return ++computed;
      });
      expect(await stale).toBe(4);
      expect(await both()).toBe(5);
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

describe('Redis behind its circuit breaker', () => {
  let redis: PrivateRedis;
  const caches: Cache[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const cache of caches.splice(0)) await cache.close();
    await redis.start().catch(() => undefined);
  });
  afterAll(() => redis.close());

  async function open(keyPrefix?: string, logger = recorder()): Promise<ResilientCache> {
    const cache = await resilient(redis.url, keyPrefix, logger);
    caches.push(cache);
    return cache;
  }

  async function until(check: () => boolean | Promise<boolean>, withinMs = 5_000): Promise<void> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > withinMs) throw new Error(`Not within ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('answers from memory at once when Redis stops, counts hits per instance, and warns once', async () => {
    const logger = recorder();
    const cache = await open(undefined, logger);
    await cache.set('kept', 'in redis', 60);
    await redis.stop();
    await until(() => cache.degraded);

    const started = Date.now();
    expect(await cache.get('kept')).toBeUndefined();
    await cache.set('a', { n: 1 }, 60);
    expect(await cache.getMany(['a', 'b'])).toEqual([{ n: 1 }, undefined]);
    expect(await cache.incr('ver:s1')).toBe(1);
    expect(await cache.incr('ver:s1')).toBe(2);
    expect((await cache.hit('rl:x', 60)).count).toBe(1);
    expect((await cache.hit('rl:x', 60)).count).toBe(2);
    await cache.del('a');
    expect(await cache.get('a')).toBeUndefined();
    await cache.publish('news', 'm');
    expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS);
    await expect(cache.ping()).rejects.toThrow('Redis is unavailable');
    expect(logger.warnings).toEqual([expect.stringMatching(/^Redis is unreachable/)]);
  });

  it('keeps nothing in memory longer than DEGRADED_TTL_S while degraded, whatever TTL was asked', async () => {
    const cache = await open();
    await redis.stop();
    await until(() => cache.degraded);
    await cache.set('copy', 'v', 300);
    expect(await cache.get('copy')).toBe('v');
    const now = Date.now;
    Date.now = () => now() + DEGRADED_TTL_S * 1000 + 1;
    try {
      expect(await cache.get('copy')).toBeUndefined();
    } finally {
      Date.now = now;
    }
  });

  it('stops waiting on a paused Redis after a few timed-out calls', async () => {
    const cache = await open();
    await cache.set('k', 1, 60);
    await redis.pause(5_000);
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) await cache.get('k');
    expect(cache.degraded).toBe(true);
    // Three calls timed out before the breaker opened, the others did not wait: far from 20 timeouts or the pause.
    expect(Date.now() - started).toBeLessThan(10 * COMMAND_TIMEOUT_MS);
    await until(() => !cache.degraded, 5_000 + 3 * PROBE_INTERVAL_MS);
    expect(await cache.get('k')).toBe(1);
  });

  it('does not mistake a busy event loop for a slow Redis', async () => {
    const cache = redisCache(redis.url);
    caches.push(cache);
    await cache.connect();
    await cache.set('k', 'v', 60);
    const reading = cache.get('k');
    // The answer arrives while this process is busy for longer than the timeout, as under a CPU-bound load.
    const busyUntil = Date.now() + 2 * COMMAND_TIMEOUT_MS;
    while (Date.now() < busyUntil);
    await expect(reading).resolves.toBe('v');
  });

  it('replays what Redis missed (deletions, version bumps, invalidations) before going back to it', async () => {
    const prefix = `vr-test:${randomBytes(6).toString('hex')}:`;
    const logger = recorder();
    const a = await open(prefix, logger);
    const b = await open(prefix);
    const received: string[] = [];
    let resets = 0;
    b.subscribe(
      'invalidate',
      (message) => received.push(message),
      () => (resets += 1),
    );
    await a.set('store:x', 'old', 60);
    expect(await a.incr('ver:s1')).toBe(1);
    await redis.stop({ keepData: true });
    await until(() => a.degraded && b.degraded);

    await a.del('store:x');
    await a.incr('ver:s1');
    await a.incr('ver:s1'); // one replayed bump is enough
    await a.publish('invalidate', 's1');
    await redis.start();
    await until(() => !a.degraded && !b.degraded, 4 * PROBE_INTERVAL_MS + 2_000);

    expect(await b.get('store:x')).toBeUndefined();
    expect(await b.get('ver:s1')).toBe(2);
    // b hears the replayed message, unless its subscription came back after it: then its reset dropped its copies.
    await until(() => received.includes('s1') || resets > 0);
    expect(logger.warnings).toEqual([
      expect.stringMatching(/^Redis is unreachable/),
      expect.stringMatching(/^Redis answers again/),
    ]);
  });

  it('replays its outbox in one go and in order: deletions and bumps land before the messages', async () => {
    const prefix = `vr-test:${randomBytes(6).toString('hex')}:`;
    const target = redisCache(redis.url, prefix);
    caches.push(target);
    await target.connect();
    const listener = await open(prefix);
    const heard: string[] = [];
    let subscribed = false;
    listener.subscribe('invalidate', (message) => {
      if (message === 'ready') subscribed = true;
      else void listener.get('ver:t').then((version) => heard.push(`${message}@${String(version)}`));
    });
    await until(async () => {
      await target.publish('invalidate', 'ready');
      return subscribed;
    });
    await target.set('store:y', 1, 60);

    const outbox = new CacheOutbox();
    outbox.del(['store:y']);
    outbox.bump('ver:t');
    outbox.bump('ver:t');
    outbox.publish('invalidate', 't');
    await outbox.replay(target);
    expect(outbox.size).toBe(0);
    await until(() => heard.length > 0);
    expect(heard).toEqual(['t@1']);
    expect(await target.get('store:y')).toBeUndefined();
  });

  it('starts degraded when Redis cannot be reached, and recovers when it starts, subscriptions included', async () => {
    await redis.stop();
    const logger = recorder();
    const prefix = `vr-test:${randomBytes(6).toString('hex')}:`;
    const cache = await open(prefix, logger);
    expect(cache.degraded).toBe(true);
    const received: string[] = [];
    cache.subscribe('news', (message) => received.push(message));
    expect(await cache.incr('ver:s2')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3 * PROBE_INTERVAL_MS));
    await redis.start();
    await until(() => !cache.degraded, 4 * PROBE_INTERVAL_MS + 2_000);
    await expect(cache.ping()).resolves.toBeUndefined();
    expect(await cache.get('ver:s2')).toBe(1);
    expect(logger.warnings).toHaveLength(2);
    // The subscription made while Redis was away now hears other instances (here: a bare client).
    await until(async () => {
      await redis.command('PUBLISH', `${prefix}news`, 'from elsewhere');
      return received.includes('from elsewhere');
    });
  });
});
