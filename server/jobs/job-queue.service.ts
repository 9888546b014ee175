import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { jobDuration, jobRuns } from '../metrics/metrics.js';
import { JobsRepository, type JobRow } from './jobs.repository.js';

export interface JobContext {
  /** Aborted when this instance shuts down: a long job stops, and its job goes back to waiting for another. */
  signal: AbortSignal;
  attempt: number;
}

export interface QueueOptions<P> {
  handle: (payload: P, context: JobContext) => Promise<void>;
  /** Jobs of this queue one instance runs at once. */
  concurrency?: number;
  /** Attempts before the job is failed for good. */
  attempts?: number;
  /** First retry after this; each further retry waits twice as long, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a claimed job stays its worker's without word from it: the worker renews the lease while the job runs,
   * so this bounds only how long a dead worker's job (and, with `oneJobPerGroup`, its group) waits for another.
   */
  leaseMs?: number;
  /**
   * Jobs enqueued with the same `group` (a store) run one at a time across every instance, and groups take turns:
   * one group's many jobs cannot hold every worker while another's wait.
   */
  oneJobPerGroup?: boolean;
}

/** When queued jobs run: after `delayMs`, and with `debounce`, pushed back by each new enqueue of their key. */
export interface EnqueueTiming {
  delayMs?: number;
  debounce?: { maxWaitMs: number };
}

/** Thrown by a handler for a job no retry can fix: it fails at once. */
export class PermanentJobError extends Error {}

const POLL_MS = 1_000;
const SHUTDOWN_GRACE_MS = 10_000;
const DEFAULTS = {
  concurrency: 1,
  attempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60 * 1000,
  leaseMs: 2 * 60_000,
  oneJobPerGroup: false,
};
const KEEP_DONE_MS = 24 * 60 * 60 * 1000;
const KEEP_FAILED_MS = 14 * 24 * 60 * 60 * 1000;

type Queue = Required<Omit<QueueOptions<unknown>, 'handle'>> & Pick<QueueOptions<unknown>, 'handle'>;

/** The wait before retry `attempt + 1`: backoff, 2×, 4× … capped. */
export function retryDelayMs(queue: Pick<Queue, 'backoffMs' | 'maxBackoffMs'>, attempt: number): number {
  return Math.min(queue.maxBackoffMs, queue.backoffMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Background work for every instance (DESIGN §1): jobs live in the database, the source of truth, so they survive a
 * crash or a Redis outage, and work the same on PGlite and PostgreSQL. Each instance polls for due jobs (and runs a
 * job it enqueued itself at once); claims with a lease make a job run once at a time across instances, retried with
 * backoff, failed after its attempts. Schedules put recurring work (purges, sweeps) on the queue once per period,
 * whichever instance gets there first. Handlers must be idempotent: a lapsed lease can repeat a job.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly queues = new Map<string, Queue>();
  private readonly schedules = new Map<string, { everySeconds: number; key: string }>();
  private readonly running = new Map<string, Set<Promise<void>>>();
  private readonly shutdown = new AbortController();
  private timer?: NodeJS.Timeout;
  private ticking: Promise<void> | null = null;
  private again = false;
  private started = false;

  constructor(private readonly jobs: JobsRepository) {}

  /** One handler per queue, registered by its module before the application starts. */
  register<P extends Record<string, unknown>>(name: string, options: QueueOptions<P>): void {
    this.queues.set(name, { ...DEFAULTS, ...options, handle: options.handle as Queue['handle'] });
    this.running.set(name, new Set());
  }

  /** Puts a job with `key` on `queue` every `everySeconds`, across all instances together. */
  every(queue: string, everySeconds: number, key = 'scheduled'): void {
    this.schedules.set(queue, { everySeconds, key });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.defineSchedules([...this.schedules].map(([name, { everySeconds }]) => ({ name, everySeconds })));
    this.started = true;
    this.timer = setInterval(() => this.poke(), POLL_MS);
    this.timer.unref();
    this.poke();
  }

  /**
   * The first shutdown hook Nest calls: running jobs are told to stop at their next checkpoint before the other
   * modules' hooks (a prerequisite check under way, say) take their time; beforeApplicationShutdown waits for them.
   */
  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.started = false;
    this.shutdown.abort();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.onModuleDestroy();
    await this.ticking;
    const all = [...this.running.values()].flatMap((set) => [...set]);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(all),
      new Promise((resolve) => (grace = setTimeout(resolve, SHUTDOWN_GRACE_MS))),
    ]);
    clearTimeout(grace);
  }

  /**
   * Adds a job; with a `key`, a job of this queue with that key already waiting is this one. Runs here as soon as a
   * worker is free (any instance's poll picks it up otherwise). `group` names whose work it is, for a queue that runs
   * one job per group. `debounce` (with a key and a delay): a change while the job waits pushes it back by the delay
   * again, up to `maxWaitMs` after it was first queued, so a burst runs it once, after the burst.
   */
  enqueue(
    queue: string,
    payload: Record<string, unknown> = {},
    options: { key?: string; group?: string } & EnqueueTiming = {},
  ): Promise<void> {
    return this.enqueueMany(queue, [{ payload, key: options.key, group: options.group }], options);
  }

  /** Adds jobs to `queue` in one statement (a dispatcher's batch), each with its key and group as `enqueue`'s. */
  async enqueueMany(
    queue: string,
    list: Array<{ payload: Record<string, unknown>; key?: string; group?: string }>,
    { delayMs, debounce }: EnqueueTiming = {},
  ): Promise<void> {
    const definition = this.queues.get(queue);
    if (!definition) throw new Error(`No job queue named ${queue}`);
    if (!list.length) return;
    const runAt = delayMs ? new Date(Date.now() + delayMs) : undefined;
    await this.jobs.insert(
      list.map(({ payload, key, group }) => ({ queue, key, group, payload, maxAttempts: definition.attempts, runAt })),
      debounce,
    );
    if (!delayMs) this.poke();
  }

  /** Resolves once nothing is due or running here (tests, and callers that want the work done before they go on). */
  async settled(): Promise<void> {
    for (;;) {
      await this.tick();
      const all = [...this.running.values()].flatMap((set) => [...set]);
      if (!all.length) {
        if (!(await this.jobs.dueQueues([...this.queues.keys()])).length) return;
        // Due but not claimable here: its group's job is running on another instance.
        await new Promise((resolve) => setTimeout(resolve, POLL_MS / 10));
      }
      await Promise.allSettled(all);
    }
  }

  counts() {
    return this.jobs.counts();
  }

  /** Forgets finished jobs past their keeping time. */
  prune(now = new Date()): Promise<number> {
    return this.jobs.prune(new Date(now.getTime() - KEEP_DONE_MS), new Date(now.getTime() - KEEP_FAILED_MS));
  }

  private poke(): void {
    if (!this.started) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    void this.tick();
  }

  private tick(): Promise<void> {
    this.ticking ??= this.claimAndRun()
      .catch((err: unknown) => this.logger.error({ err }, 'Could not look for due jobs'))
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
    return this.ticking;
  }

  private async claimAndRun(): Promise<void> {
    for (const name of await this.jobs.claimSchedules([...this.schedules.keys()])) {
      await this.enqueue(name, {}, { key: this.schedules.get(name)!.key });
    }
    const free = [...this.queues].filter(([name, queue]) => this.running.get(name)!.size < queue.concurrency);
    for (const name of await this.jobs.dueQueues(free.map(([name]) => name))) {
      if (this.shutdown.signal.aborted) return;
      const queue = this.queues.get(name)!;
      const running = this.running.get(name)!;
      const limit = queue.concurrency - running.size;
      const claimed = queue.oneJobPerGroup
        ? await this.jobs.claimByGroup(name, limit, queue.leaseMs)
        : await this.jobs.claim(name, limit, queue.leaseMs);
      for (const job of claimed) {
        const run = this.run(queue, job).finally(() => {
          running.delete(run);
          this.poke();
        });
        running.add(run);
      }
    }
  }

  private async run(queue: Queue, job: JobRow): Promise<void> {
    const started = process.hrtime.bigint();
    const labels = { queue: job.queue };
    const renewal = setInterval(() => {
      this.jobs
        .renew(job, queue.leaseMs)
        .catch((err: unknown) => this.logger.warn({ err, queue: job.queue, jobId: job.id }, 'Could not renew a lease'));
    }, queue.leaseMs / 3);
    renewal.unref();
    try {
      if (job.attempts > job.maxAttempts) throw new PermanentJobError('Its worker stopped before finishing too often.');
      await queue.handle(job.payload, { signal: this.shutdown.signal, attempt: job.attempts });
      await this.jobs.complete(job.id);
      jobRuns.inc({ ...labels, outcome: 'done' });
    } catch (err) {
      await this.settleFailure(queue, job, err).catch((error: unknown) =>
        this.logger.error({ err: error, queue: job.queue, jobId: job.id }, 'Could not record a failed job'),
      );
    } finally {
      clearInterval(renewal);
      jobDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async settleFailure(queue: Queue, job: JobRow, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const context = { queue: job.queue, jobId: job.id, attempt: job.attempts };
    if (this.shutdown.signal.aborted) {
      await this.jobs.release(job.id);
      return;
    }
    if (err instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
      this.logger.error({ ...context, err }, 'A job failed for good');
      await this.jobs.fail(job.id, message);
      jobRuns.inc({ queue: job.queue, outcome: 'failed' });
      return;
    }
    const delay = retryDelayMs(queue, job.attempts);
    this.logger.warn({ ...context, err, retryInMs: delay }, 'A job failed; it will be retried');
    await this.jobs.retryAt(job, message, new Date(Date.now() + delay));
    jobRuns.inc({ queue: job.queue, outcome: 'retried' });
  }
}
