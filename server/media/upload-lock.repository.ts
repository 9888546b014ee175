import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { uploadLocks } from '../database/schema.js';

const lease = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/**
 * The leases on resumable uploads. Upload ids are random and the callers (tus requests) start from an id alone, as
 * the storage does. Times are the database's, so the instances' clocks never disagree about a lease.
 */
@Injectable()
export class UploadLockRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Takes the lease unless someone holds one that has not lapsed; answers whether `holder` now has it. */
  async acquire(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
    const rows = await this.database.rows<{ holder: string }>(sql`
      insert into ${uploadLocks} (upload_id, holder, expires_at) values (${uploadId}, ${holder}, ${lease(leaseMs)})
      on conflict (upload_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where ${uploadLocks.expiresAt} < now()
      returning holder`);
    return rows.length > 0;
  }

  /** Extends the lease; false when `holder` no longer has it (it lapsed and someone else took it). */
  async renew(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
    const rows = await this.database.rows<{ holder: string }>(sql`
      update ${uploadLocks} set expires_at = ${lease(leaseMs)}
      where upload_id = ${uploadId} and holder = ${holder}
      returning holder`);
    return rows.length > 0;
  }

  async release(uploadId: string, holder: string): Promise<void> {
    await this.database.rows(sql`delete from ${uploadLocks} where upload_id = ${uploadId} and holder = ${holder}`);
  }

  /** Removes the leases that lapsed more than `graceMs` ago (their holders crashed); answers how many. */
  async removeLapsed(graceMs: number): Promise<number> {
    const rows = await this.database.rows<{ upload_id: string }>(sql`
      delete from ${uploadLocks} where expires_at < now() - ${`${graceMs} milliseconds`}::interval
      returning upload_id`);
    return rows.length;
  }
}
