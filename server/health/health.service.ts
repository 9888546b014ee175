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

  /**
   * Ready = the database answers; 503 names what does not. Without Redis the instance still serves (from the database
   * and its own memory): 200 `degraded`, so a load balancer does not pull every instance when Redis goes away.
   */
  async readiness() {
    const [database, cache] = await Promise.all([check(() => this.database.ping()), check(() => this.cache.ping())]);
    const checks = {
      database: { status: database, kind: this.database.kind },
      cache: { status: cache, kind: this.cache.kind },
    };
    if (database !== 'ok') {
      const down = Object.entries(checks)
        .filter(([, c]) => c.status !== 'ok')
        .map(([name]) => name);
      throw new ApiError(503, { detail: `Not ready: ${down.join(', ')} unavailable.`, code: 'not_ready', checks });
    }
    return { status: cache === 'ok' ? 'ok' : 'degraded', checks };
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
