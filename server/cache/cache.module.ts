import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory.cache.js';
import { RedisCache } from './redis.cache.js';
import { VersionedKeys } from './versioned-keys.js';

export const CACHE = Symbol('CACHE');

export function createCache(config: Pick<AppConfig, 'redis'>): Cache {
  return config.redis.url ? new RedisCache(config.redis.url, config.redis.keyPrefix) : new MemoryCache();
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
