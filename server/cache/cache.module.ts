import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory.cache.js';
import { RedisCache } from './redis.cache.js';
import { ResilientCache } from './resilient.cache.js';
import { VersionedKeys } from './versioned-keys.js';

export const CACHE = Symbol('CACHE');

/** Redis behind a circuit breaker when REDIS_URL is set (an unreachable Redis does not stop the start), else memory. */
export async function createCache(config: Pick<AppConfig, 'redis'>): Promise<Cache> {
  const { url, keyPrefix, commandTimeoutMs } = config.redis;
  if (!url) return new MemoryCache();
  const cache = new ResilientCache(
    new RedisCache(url, { keyPrefix, commandTimeoutMs }),
    new MemoryCache(),
    new Logger('Cache'),
  );
  await cache.connect();
  return cache;
}

@Global()
@Module({
  providers: [
    { provide: CACHE, inject: [APP_CONFIG], useFactory: createCache },
    { provide: VersionedKeys, inject: [CACHE], useFactory: (cache: Cache) => new VersionedKeys(cache) },
  ],
  exports: [CACHE, VersionedKeys],
})
export class CacheModule implements OnApplicationShutdown {
  constructor(@Inject(CACHE) private readonly cache: Cache) {}

  async onApplicationShutdown(): Promise<void> {
    await this.cache.close();
  }
}
