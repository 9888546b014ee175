import { Inject, Injectable } from '@nestjs/common';
import type { TPrerequisite, TReadiness, TReadinessChecks } from '../../shared/health.js';
import type { Cache } from '../cache/cache.js';
import { CACHE } from '../cache/cache.module.js';
import { ApiError } from '../common/api-error.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PREREQUISITES } from './prerequisites.js';
import { Prerequisites } from './prerequisites.service.js';

type CheckResult = 'ok' | 'unavailable';

@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(CACHE) private readonly cache: Cache,
    private readonly prerequisites: Prerequisites,
  ) {}

  /**
   * Ready = the database answers; 503 names what does not. Without Redis the instance still serves (from the database
   * and its own memory): 200 `degraded`, so a load balancer does not pull every instance when Redis goes away. The
   * machine's prerequisites (the last start-up or periodic check) are listed the same way: without ffmpeg the instance
   * still serves the dashboard, the widget, reviews and photos, and its videos wait, so a missing piece is `degraded`
   * with its fix, never a reason to take the instance out of the balancer.
   */
  async readiness(): Promise<TReadiness> {
    const [database, cache, machine] = await Promise.all([
      check(() => this.database.ping()),
      check(() => this.cache.ping()),
      this.prerequisites.current(),
    ]);
    const checks: TReadinessChecks = {
      database: { status: database, kind: this.database.kind },
      cache: { status: cache, kind: this.cache.kind },
      ...(Object.fromEntries(
        PREREQUISITES.map((name) => [name, { status: machine[name].status, fix: machine[name].fix }]),
      ) as Pick<TReadinessChecks, TPrerequisite>),
    };
    if (database !== 'ok') {
      const down = Object.entries(checks)
        .filter(([, c]) => c.status !== 'ok')
        .map(([name]) => name);
      throw new ApiError(503, { detail: `Not ready: ${down.join(', ')} unavailable.`, code: 'not_ready', checks });
    }
    const lacking = PREREQUISITES.some((name) => !['ok', 'disabled'].includes(machine[name].status));
    return { status: cache === 'ok' && !lacking ? 'ok' : 'degraded', checks };
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
