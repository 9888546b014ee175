import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/config.js';
import { jobs } from '../../server/database/schema.js';
import { JobQueue, PermanentJobError, retryDelayMs } from '../../server/jobs/job-queue.service.js';
import { JobsRepository } from '../../server/jobs/jobs.repository.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { createTestEnv } from '../support/test-env.js';
import { databaseOf, handleOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await startTestApp();
  queue = t.app.get(JobQueue);
});
afterAll(() => t.close());

const rowsOf = (name: string) => databaseOf(t).select().from(jobs).where(eq(jobs.queue, name));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('one instance', () => {
  it('debounces a keyed job: each enqueue while it waits pushes it back, never past its maximum wait', async () => {
    const seen: unknown[] = [];
    queue.register('debounced', { handle: async (payload) => void seen.push(payload) });
    const runAt = async () =>
      (await rowsOf('debounced')).filter((row) => row.state === 'waiting').map((row) => row.runAt);
    await queue.enqueue('debounced', { n: 1 }, { key: 'p', delayMs: 10_000, debounce: { maxWaitMs: 60_000 } });
    const [first] = await runAt();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.enqueue('debounced', { n: 2 }, { key: 'p', delayMs: 10_000, debounce: { maxWaitMs: 60_000 } });
    const [second, ...more] = await runAt();
    expect(more).toEqual([]);
    expect(second.getTime()).toBeGreaterThan(first.getTime());
    // Capped: created + 60 s, however long the delay asked.
    await queue.enqueue('debounced', { n: 3 }, { key: 'p', delayMs: 600_000, debounce: { maxWaitMs: 60_000 } });
    const [row] = (await rowsOf('debounced')).filter((job) => job.state === 'waiting');
    expect(row.runAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60_000);
    expect(row.runAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59_000);
    await databaseOf(t).update(jobs).set({ runAt: new Date() }).where(eq(jobs.queue, 'debounced'));
    await queue.settled();
    // One run, with the last payload.
    expect(seen).toEqual([{ n: 3 }]);
  });

  it('runs a job once; the same key while it waits is the same job', async () => {
    const seen: unknown[] = [];
    queue.register('echo', { handle: async (payload) => void seen.push(payload) });
    await queue.enqueue('echo', { n: 1 }, { key: 'k', delayMs: 60_000 });
    await queue.enqueue('echo', { n: 2 }, { key: 'k', delayMs: 60_000 });
    expect(await queue.counts()).toContainEqual({ queue: 'echo', due: 0, scheduled: 1, active: 0, failed: 0 });
    await databaseOf(t).update(jobs).set({ runAt: new Date() }).where(eq(jobs.queue, 'echo'));
    await queue.settled();
    expect(seen).toEqual([{ n: 1 }]);
    // Once it ran, the key is free again.
    await queue.enqueue('echo', { n: 3 }, { key: 'k' });
    await queue.settled();
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
    expect((await rowsOf('echo')).map((row) => [row.state, row.attempts, row.payload])).toEqual([
      ['done', 1, {}],
      ['done', 1, {}],
    ]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    let calls = 0;
    queue.register('flaky', {
      attempts: 5,
      backoffMs: 40,
      handle: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`failure ${calls}`);
      },
    });
    await queue.enqueue('flaky');
    const [row] = await until(
      () => rowsOf('flaky'),
      ([job]) => job?.state === 'done',
    );
    expect(row).toMatchObject({ state: 'done', attempts: 3, lastError: 'failure 2' });
    expect(calls).toBe(3);
  });

  it('fails a job for good after its attempts, or at once when no retry can help; both visible', async () => {
    queue.register('broken', { attempts: 2, backoffMs: 20, handle: () => Promise.reject(new Error('still broken')) });
    queue.register('hopeless', { handle: () => Promise.reject(new PermanentJobError('malformed')) });
    await queue.enqueue('broken');
    await queue.enqueue('hopeless');
    const [broken] = await until(
      () => rowsOf('broken'),
      ([job]) => job?.state === 'failed',
    );
    expect(broken).toMatchObject({ state: 'failed', attempts: 2, lastError: 'still broken', payload: {} });
    const [hopeless] = await until(
      () => rowsOf('hopeless'),
      ([job]) => job?.state === 'failed',
    );
    expect(hopeless).toMatchObject({ state: 'failed', attempts: 1, lastError: 'malformed' });
    expect(await queue.counts()).toContainEqual({ queue: 'broken', due: 0, scheduled: 0, active: 0, failed: 1 });
    const metrics = (await request(t.app.getHttpServer()).get('/metrics').expect(200)).text;
    expect(metrics).toContain('vr_queue_jobs{queue="broken",state="failed"} 1');
    expect(metrics).toMatch(/^vr_job_runs_total\{queue="broken",outcome="failed"\} [1-9]/m);
    expect(metrics).toMatch(/^vr_job_duration_seconds_count\{queue="broken"\} [1-9]/m);
  });

  it('waits twice as long before each retry, up to its ceiling', () => {
    const policy = { backoffMs: 30_000, maxBackoffMs: 60 * 60_000 };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(policy, attempt))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(policy, 20)).toBe(60 * 60_000);
  });

  it("runs again a job whose worker's lease lapsed (the worker died), and gives up on one that kept dying", async () => {
    const seen: unknown[] = [];
    queue.register('orphaned', { attempts: 3, handle: async (payload) => void seen.push(payload) });
    const lapsed = new Date(Date.now() - 1000);
    await databaseOf(t)
      .insert(jobs)
      .values([
        { queue: 'orphaned', payload: { n: 1 }, state: 'active', attempts: 1, maxAttempts: 3, lockedUntil: lapsed },
        { queue: 'orphaned', payload: { n: 2 }, state: 'active', attempts: 3, maxAttempts: 3, lockedUntil: lapsed },
      ]);
    await queue.settled();
    expect(seen).toEqual([{ n: 1 }]);
    const rows = await rowsOf('orphaned');
    expect(rows.map((row) => [row.state, row.attempts]).sort()).toEqual([
      ['done', 2],
      ['failed', 4],
    ]);
  });

  it('keeps a long job its own by renewing the lease, so no worker starts it twice', async () => {
    const leaseMs = 1_500;
    let runs = 0;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    // Two workers: a lapsed lease would make the running job due again, and the free worker would claim it.
    queue.register('long', { concurrency: 2, leaseMs, handle: () => ((runs += 1), held) });
    await queue.enqueue('long');
    const [claimed] = await until(
      () => rowsOf('long'),
      ([job]) => job?.state === 'active',
    );
    // Four leases long, while the instance keeps polling for due jobs.
    await new Promise((resolve) => setTimeout(resolve, 4 * leaseMs));
    const [running] = await rowsOf('long');
    expect(running.lockedUntil!.getTime()).toBeGreaterThan(claimed.lockedUntil!.getTime());
    finish();
    await queue.settled();
    expect(runs).toBe(1);
    expect((await rowsOf('long')).map((row) => [row.state, row.attempts])).toEqual([['done', 1]]);
  });

  it('forgets finished jobs after their keeping time, never waiting ones', async () => {
    queue.register('old', { handle: async () => undefined });
    const long = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await databaseOf(t)
      .insert(jobs)
      .values([
        { queue: 'old', state: 'done', maxAttempts: 1, finishedAt: long },
        { queue: 'old', state: 'failed', maxAttempts: 1, finishedAt: long },
        { queue: 'old', state: 'failed', maxAttempts: 1, finishedAt: new Date() },
        { queue: 'old', state: 'waiting', maxAttempts: 1, runAt: new Date(Date.now() + 60_000), createdAt: long },
      ]);
    expect(await queue.prune()).toBe(2);
    expect((await rowsOf('old')).map((row) => row.state).sort()).toEqual(['failed', 'waiting']);
  });
});

describe('a queue that runs one job per group', () => {
  /** Jobs inserted behind the queue's back, due together in this order (as if queued while the workers were busy). */
  async function queueTogether(queue: string, groups: string[]): Promise<void> {
    const repository = t.app.get(JobsRepository);
    const later = Date.now() + 60 * 60_000;
    for (const [n, group] of groups.entries()) {
      await repository.insert([{ queue, group, payload: { n, group }, maxAttempts: 3, runAt: new Date(later + n) }]);
    }
    await handleOf(t).rows(sql`update jobs set run_at = run_at - interval '1 hour' where queue = ${queue}`);
  }

  it("never runs two of a group's jobs at once, even with workers free: the other groups get them", async () => {
    const running = new Map<number, () => void>();
    const ran: number[] = [];
    queue.register<{ n: number; group: string }>('per-store', {
      concurrency: 3,
      oneJobPerGroup: true,
      handle: ({ n }) =>
        new Promise<void>((resolve) => {
          ran.push(n);
          running.set(n, () => {
            running.delete(n);
            resolve();
          });
        }),
    });
    await queueTogether('per-store', ['a', 'a', 'a', 'b']);
    const started = (count: number) =>
      until(
        async () => [...running.keys()].sort(),
        (keys) => keys.length === count,
      );
    // Three workers, but store a holds only one: its second and third wait while b's job runs.
    expect(await started(2)).toEqual([0, 3]);
    running.get(0)!();
    expect(await started(2)).toEqual([1, 3]);
    running.get(3)!();
    running.get(1)!();
    expect(await started(1)).toEqual([2]);
    running.get(2)!();
    await queue.settled();
    expect(ran).toEqual([0, 3, 1, 2]);
    expect((await rowsOf('per-store')).map((row) => row.state)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('lets groups take turns on one worker: the group served least recently goes first', async () => {
    const ran: string[] = [];
    queue.register<{ n: number; group: string }>('turns', {
      oneJobPerGroup: true,
      handle: async ({ n, group }) => void ran.push(`${group}${n}`),
    });
    await queueTogether('turns', ['a', 'a', 'a', 'b', 'c']);
    await queue.settled();
    // b and c, queued after all of a's, do not wait for them.
    expect(ran).toEqual(['a0', 'b3', 'c4', 'a1', 'a2']);
  });
});

describe('shutting down', () => {
  it('stops a running job and gives it back without counting the attempt; the next start runs it', async () => {
    const testEnv = await createTestEnv();
    const config = loadConfig(testEnv.env, ROOT_DIR);
    let first: NestFastifyApplication | undefined = await createApp(config);
    let second: NestFastifyApplication | undefined;
    try {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      first.get(JobQueue).register('long', {
        handle: (_payload, { signal }) =>
          new Promise<void>((_resolve, reject) => {
            started();
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      });
      await first.get(JobQueue).enqueue('long', { n: 1 });
      await running;
      await first.close();
      first = undefined;

      second = await createApp(config);
      const [row] = await second.get(JobsRepository).counts();
      expect(row).toMatchObject({ queue: 'long', due: 1, active: 0 });
      const seen: unknown[] = [];
      second.get(JobQueue).register('long', { handle: async (payload) => void seen.push(payload) });
      await second.get(JobQueue).settled();
      expect(seen).toEqual([{ n: 1 }]);
      const [done] = await second.get(JobsRepository).counts();
      expect(done).toBeUndefined();
    } finally {
      await first?.close();
      await second?.close();
      await testEnv.cleanup();
    }
  });
});

describe('schedules', () => {
  it('hand each period to one caller, however many ask at once', async () => {
    const repository = t.app.get(JobsRepository);
    await repository.defineSchedules([{ name: 'every-hour', everySeconds: 3600 }]);
    const claims = await Promise.all(Array.from({ length: 6 }, () => repository.claimSchedules(['every-hour'])));
    expect(claims.flat()).toEqual(['every-hour']);
    // The next period is an hour away.
    expect(await repository.claimSchedules(['every-hour'])).toEqual([]);
    await handleOf(t).rows(sql`update job_schedules set next_run_at = now() where name = 'every-hour'`);
    expect(await repository.claimSchedules(['every-hour'])).toEqual(['every-hour']);
  });

  it('put the recurring work of the app on the queue (purge, sweeps, retries of platform events, review request mails, team digests, raw widget events and webhook deliveries past their retention)', async () => {
    const rows = await handleOf(t).rows<{ name: string; every_seconds: number }>(
      sql`select name, every_seconds from job_schedules where name <> 'every-hour' order by name`,
    );
    expect(rows).toEqual([
      { name: 'inbox', every_seconds: 30 },
      { name: 'inbox-prune', every_seconds: 3600 },
      { name: 'jobs-prune', every_seconds: 3600 },
      { name: 'media-sweep', every_seconds: 3600 },
      { name: 'review-import-sweep', every_seconds: 3600 },
      { name: 'review-request-dispatch', every_seconds: 60 },
      { name: 'reviews-purge', every_seconds: 3600 },
      { name: 'team-digest-dispatch', every_seconds: 300 },
      { name: 'webhook-deliveries-prune', every_seconds: 3600 },
      { name: 'widget-events-prune', every_seconds: 3600 },
    ]);
  });
});

describe('two instances on one database', () => {
  // PGlite is one process's database: instances share only PostgreSQL.
  const shared = process.env.DATABASE_URL ? it : it.skip;
  shared('share the jobs and run each once', async () => {
    const other = await createApp(t.config);
    try {
      const ran = new Map<number, string[]>();
      const handler = (instance: string) => async (payload: Record<string, unknown>) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const n = payload.n as number;
        ran.set(n, [...(ran.get(n) ?? []), instance]);
      };
      queue.register('shared', { concurrency: 2, handle: handler('a') });
      other.get(JobQueue).register('shared', { concurrency: 2, handle: handler('b') });
      // Inserted behind both instances' backs: only their polls find them.
      const repository = t.app.get(JobsRepository);
      for (let n = 0; n < 60; n++) await repository.insert([{ queue: 'shared', payload: { n }, maxAttempts: 3 }]);
      await until(
        async () => ran.size,
        (size) => size === 60,
        30_000,
      );
      await Promise.all([queue.settled(), other.get(JobQueue).settled()]);
      expect([...ran.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
      expect([...ran.values()].every((instances) => instances.length === 1)).toBe(true);
      expect((await rowsOf('shared')).every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  shared('run one job per group across both, however their claims interleave', async () => {
    const other = await createApp(t.config);
    try {
      const busy = new Map<string, number>();
      let overlaps = 0;
      let done = 0;
      const handler = async ({ group }: { group: string }) => {
        busy.set(group, (busy.get(group) ?? 0) + 1);
        if (busy.get(group)! > 1) overlaps += 1;
        await new Promise((resolve) => setTimeout(resolve, 15));
        busy.set(group, busy.get(group)! - 1);
        done += 1;
      };
      for (const instance of [queue, other.get(JobQueue)]) {
        instance.register('shared-groups', { concurrency: 3, oneJobPerGroup: true, handle: handler });
      }
      const repository = t.app.get(JobsRepository);
      for (let n = 0; n < 40; n++) {
        await repository.insert([
          { queue: 'shared-groups', group: `store-${n % 4}`, payload: { group: `store-${n % 4}` }, maxAttempts: 3 },
        ]);
      }
      await until(
        async () => done,
        (count) => count === 40,
        30_000,
      );
      await Promise.all([queue.settled(), other.get(JobQueue).settled()]);
      expect(overlaps).toBe(0);
      expect((await rowsOf('shared-groups')).every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
