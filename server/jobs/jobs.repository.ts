import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { jobSchedules, jobs } from '../database/schema.js';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  queue: string;
  key?: string;
  group?: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  runAt?: Date;
}

export interface JobCounts {
  queue: string;
  /** Waiting and due now. */
  due: number;
  /** Waiting for a later time: a retry's backoff, or a delay. */
  scheduled: number;
  active: number;
  failed: number;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } })?.cause?.code === UNIQUE_VIOLATION;

/** A job to run now: one due, or one whose worker's lease lapsed (the worker died). */
const DUE = sql`((state = 'waiting' and run_at <= now()) or (state = 'active' and locked_until < now()))`;
const CLAIMED = (leaseMs: number) =>
  sql`state = 'active', attempts = j.attempts + 1, locked_until = now() + ${`${leaseMs} milliseconds`}::interval`;
const RETURNED = sql`j.id, j.queue, j.key, j.group_key as "groupKey", j.payload, j.state, j.attempts,
  j.max_attempts as "maxAttempts", j.run_at as "runAt", j.locked_until as "lockedUntil", j.last_error as "lastError",
  j.created_at as "createdAt", j.finished_at as "finishedAt"`;
/** Arbitrary constant: with the queue's name, the lock that serializes claims of a queue run one per group. */
const GROUP_CLAIM_LOCK = 727_104_552;

/** The jobs table: the only place that knows its SQL (server/jobs/job-queue.service.ts runs the jobs). */
@Injectable()
export class JobsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** False when a job of this queue and key is already waiting (it is that job, `debounce` moved). */
  /**
   * Inserts the jobs in one statement. A job whose queue and key is already waiting is left out; with `debounce`, that
   * waiting job takes the new one's `runAt` (and payload) instead, but never past its creation plus `maxWaitMs`: a
   * burst of changes makes one run, after the burst.
   */
  async insert(list: NewJob[], debounce?: { maxWaitMs: number }): Promise<void> {
    if (!list.length) return;
    const insert = this.database.db.insert(jobs).values(
      list.map((job) => ({
        queue: job.queue,
        key: job.key ?? null,
        groupKey: job.group ?? null,
        payload: job.payload,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt ?? new Date(),
      })),
    );
    if (!debounce) {
      await insert.onConflictDoNothing();
      return;
    }
    const maxWait = `${debounce.maxWaitMs} milliseconds`;
    await insert.onConflictDoUpdate({
      target: [jobs.queue, jobs.key],
      targetWhere: sql`state = 'waiting'`,
      set: {
        payload: sql`excluded.payload`,
        runAt: sql`least(excluded.run_at, ${jobs.createdAt} + ${maxWait}::interval)`,
      },
    });
  }

  /** The queues among `queues` with a job to run now: one due, or one whose worker's lease lapsed. */
  async dueQueues(queues: string[]): Promise<string[]> {
    if (!queues.length) return [];
    const rows = await this.database.rows<{ queue: string }>(sql`
      select distinct queue from ${jobs}
      where queue in ${queues} and ${DUE}`);
    return rows.map((row) => row.queue);
  }

  /** Claims up to `limit` jobs of `queue` for `leaseMs`, oldest due first, counting the attempt. */
  async claim(queue: string, limit: number, leaseMs: number): Promise<JobRow[]> {
    return this.database.rows<JobRow>(sql`
      update ${jobs} j
      set ${CLAIMED(leaseMs)}
      from (
        select id from ${jobs}
        where queue = ${queue} and ${DUE}
        order by run_at limit ${limit} for update skip locked
      ) due
      where j.id = due.id
      returning ${RETURNED}`);
  }

  /**
   * Claims like `claim`, but never a job of a group that has one running (on any instance, its lease unexpired), and
   * at most one per group; among groups, the one whose last job finished longest ago (or never) first, so a store
   * with many jobs waiting takes turns with the others. Claims of the queue take turns under a lock held to the end
   * of the transaction, so each sees the groups the one before made busy: the check and the claim are one step across
   * instances.
   */
  async claimByGroup(queue: string, limit: number, leaseMs: number): Promise<JobRow[]> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${GROUP_CLAIM_LOCK}, hashtext(${queue}))`);
      const result = await tx.execute(sql`
        update ${jobs} j
        set ${CLAIMED(leaseMs)}
        from (
          select heads.id from (
            select distinct on (coalesce(c.group_key, c.id::text)) c.id, c.group_key, c.run_at
            from ${jobs} c
            where c.queue = ${queue} and ${DUE}
              and not exists (
                select 1 from ${jobs} busy
                where busy.queue = ${queue} and busy.group_key = c.group_key
                  and busy.state = 'active' and busy.locked_until >= now())
            order by coalesce(c.group_key, c.id::text), c.run_at
          ) heads
          order by (
            select max(served.finished_at) from ${jobs} served
            where served.queue = ${queue} and served.group_key = heads.group_key
          ) nulls first, heads.run_at
          limit ${limit}
        ) due
        where j.id = due.id and ${DUE}
        returning ${RETURNED}`);
      return (result as unknown as { rows: JobRow[] }).rows;
    });
  }

  /** Keeps a running job its worker's for `leaseMs` more, while that claim (its attempt) is still the job's. */
  async renew(job: Pick<JobRow, 'id' | 'attempts'>, leaseMs: number): Promise<void> {
    await this.database.rows(sql`
      update ${jobs} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id = ${job.id} and state = 'active' and attempts = ${job.attempts}`);
  }

  /** Done: the payload (a mail's link, say) is not kept beyond the work. */
  async complete(id: string): Promise<void> {
    await this.finish(id, 'done', null);
  }

  async fail(id: string, error: string): Promise<void> {
    await this.finish(id, 'failed', error);
  }

  /**
   * Back to waiting until `at`. When the same job was enqueued again meanwhile, that waiting one will do the work:
   * this one ends as done rather than break the one-waiting-job-per-key rule.
   */
  async retryAt(job: Pick<JobRow, 'id'>, error: string, at: Date): Promise<void> {
    try {
      await this.database.db
        .update(jobs)
        .set({ state: 'waiting', runAt: at, lockedUntil: null, lastError: error.slice(0, 1000) })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'active')));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await this.finish(job.id, 'done', `Superseded by a newer run after: ${error}`.slice(0, 1000));
    }
  }

  /** Gives a claimed job back without counting the attempt (its instance is shutting down). */
  async release(id: string): Promise<void> {
    try {
      await this.database.rows(sql`
        update ${jobs} set state = 'waiting', attempts = greatest(attempts - 1, 0), locked_until = null
        where id = ${id} and state = 'active'`);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await this.finish(id, 'done', 'Superseded by a newer run.');
    }
  }

  /** A done job keeps the error of its last failed attempt, if any. */
  private async finish(id: string, state: 'done' | 'failed', error: string | null): Promise<void> {
    await this.database.db
      .update(jobs)
      .set({
        state,
        payload: {},
        lockedUntil: null,
        finishedAt: new Date(),
        ...(error === null ? {} : { lastError: error.slice(0, 1000) }),
      })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'active')));
  }

  /** Creates or updates each schedule's period; a new one is due at once. */
  async defineSchedules(schedules: Array<{ name: string; everySeconds: number }>): Promise<void> {
    if (!schedules.length) return;
    await this.database.db
      .insert(jobSchedules)
      .values(schedules)
      .onConflictDoUpdate({ target: jobSchedules.name, set: { everySeconds: sql`excluded.every_seconds` } });
  }

  /** Moves every due schedule among `names` to its next run and answers those this call moved (its to run). */
  async claimSchedules(names: string[]): Promise<string[]> {
    if (!names.length) return [];
    const rows = await this.database.rows<{ name: string }>(sql`
      update ${jobSchedules}
      set next_run_at = now() + every_seconds * interval '1 second'
      where name in ${names} and next_run_at <= now()
      returning name`);
    return rows.map((row) => row.name);
  }

  async counts(): Promise<JobCounts[]> {
    return this.database.rows<JobCounts>(sql`
      select queue,
        count(*) filter (where state = 'waiting' and run_at <= now())::int as due,
        count(*) filter (where state = 'waiting' and run_at > now())::int as scheduled,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'failed')::int as failed
      from ${jobs} where state <> 'done' group by queue order by queue`);
  }

  /** Forgets finished jobs: done ones after `doneBefore`, failed ones (kept longer, for a look) after `failedBefore`. */
  async prune(doneBefore: Date, failedBefore: Date): Promise<number> {
    const rows = await this.database.rows<{ id: string }>(sql`
      delete from ${jobs}
      where (state = 'done' and finished_at < ${doneBefore.toISOString()}::timestamptz)
         or (state = 'failed' and finished_at < ${failedBefore.toISOString()}::timestamptz)
      returning id`);
    return rows.length;
  }

  async find(id: string): Promise<JobRow | null> {
    const [row] = await this.database.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }
}
