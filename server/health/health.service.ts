import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '../cache/cache.js';
import { CACHE } from '../cache/cache.module.js';
import { ApiError } from '../common/api-error.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';

type CheckResult = 'ok' | 'unavailable';

@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  /** Ready = the database and the cache both answer; 503 names the ones that do not. */
  async readiness() {
    const [database, cache] = await Promise.all([check(() => this.database.ping()), check(() => this.cache.ping())]);
    const checks = {
      database: { status: database, kind: this.database.kind },
      cache: { status: cache, kind: this.cache.kind },
    };
    if (database !== 'ok' || cache !== 'ok') {
      const down = Object.entries(checks)
        .filter(([, c]) => c.status !== 'ok')
        .map(([name]) => name);
      throw new ApiError(503, { detail: `Not ready: ${down.join(', ')} unavailable.`, code: 'not_ready', checks });
    }
    return { status: 'ok', checks };
  }
}

async function check(probe: () => Promise<void>): Promise<CheckResult> {
  try {
    await probe();
    return 'ok';
  } catch {
    return 'unavailable';
  }
}
