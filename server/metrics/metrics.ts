import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, one registry per process: every app in it (tests start several) adds to the
 * same series, as one instance would.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'vr_' });

export const httpRequests = new Counter({
  name: 'vr_http_requests_total',
  help: 'Requests answered, by method, route (as registered) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'vr_http_request_duration_seconds',
  help: 'Time from the request arriving to its answer being sent, by method and route.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** One answered request: counted and timed under the route as registered. */
export function countAnswer(method: string, route: string, status: number, elapsedMs: number): void {
  httpRequests.inc({ method, route, status });
  httpDuration.observe({ method, route }, elapsedMs / 1000);
}

export const cacheReads = new Counter({
  name: 'vr_cache_reads_total',
  help: 'Cache reads by result (hit or miss) and the backend that answered (redis, or memory when Redis is down).',
  labelNames: ['result', 'backend'] as const,
  registers: [registry],
});

/** `hits` of `reads` cache reads found their key. */
export function countReads(backend: 'redis' | 'memory', hits: number, reads: number): void {
  if (hits) cacheReads.inc({ result: 'hit', backend }, hits);
  if (reads > hits) cacheReads.inc({ result: 'miss', backend }, reads - hits);
}

const pools = new Set<pg.Pool>();

/** A PostgreSQL pool whose use the metrics report (PGlite has none). */
export function watchPool(pool: pg.Pool): void {
  pools.add(pool);
}
export function unwatchPool(pool: pg.Pool): void {
  pools.delete(pool);
}

new Gauge({
  name: 'vr_db_pool_connections',
  help: 'PostgreSQL pool connections by state: in use, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Background work waiting or failing, read when scraped (set by the module that can count it). */
export const queueDepth = new Gauge({
  name: 'vr_queue_jobs',
  help: 'Background jobs by queue and state (due, scheduled for a retry, failed for good).',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});
