import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, one registry per process: every app in it (tests start several) adds to the
 * same series, as one instance would.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'vr_' });
// prom-client adds a total beside each of these per-type gauges, named `_total`, which Prometheus keeps for counters
// (`promtool check metrics` refuses them). The per-type gauges stay; their sum is the total.
for (const gauge of ['active_handles', 'active_requests', 'active_resources']) {
  registry.removeSingleMetric(`vr_nodejs_${gauge}_total`);
}

const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method and route's answers: counts per status, and durations per bucket (the last slot: above every bucket). */
interface RouteSeries {
  labels: { method: string; route: string };
  statuses: Map<number, number>;
  buckets: number[];
  sum: number;
  count: number;
}

const routeSeries = new Map<string, RouteSeries>();

/**
 * One answered request, counted and timed under the route as registered. Kept in plain counters and turned into
 * Prometheus series when scraped: prom-client's labelled counter and histogram hash and check their labels on every
 * request, a few percent of a storefront read.
 */
export function countAnswer(method: string, route: string, status: number, elapsedMs: number): void {
  const key = `${method} ${route}`;
  let series = routeSeries.get(key);
  if (!series) {
    series = {
      labels: { method, route },
      statuses: new Map(),
      buckets: [...DURATION_BUCKETS, Infinity].map(() => 0),
      sum: 0,
      count: 0,
    };
    routeSeries.set(key, series);
  }
  series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
  const seconds = elapsedMs / 1000;
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
  series.buckets[bucket] += 1;
  series.sum += seconds;
  series.count += 1;
}

interface MetricValue {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

/** A metric the registry reads when scraped, in the form prom-client's own metrics give it. */
function registerScraped(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]): void {
  const read = async () => ({ name, help, type, aggregator: 'sum', values: values() });
  const metric = { name, help, type, aggregator: 'sum', get: read, reset: () => routeSeries.clear() };
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}

registerScraped(
  'vr_http_requests_total',
  'Requests answered, by method, route (as registered) and status.',
  'counter',
  () =>
    [...routeSeries.values()].flatMap((series) =>
      [...series.statuses].map(([status, value]) => ({ labels: { ...series.labels, status }, value })),
    ),
);

const DURATION = 'vr_http_request_duration_seconds';
registerScraped(
  DURATION,
  'Time from the request arriving to its answer being sent, by method and route.',
  'histogram',
  () =>
    [...routeSeries.values()].flatMap((series): MetricValue[] => {
      const shared = { sharedLabels: series.labels };
      let cumulative = 0;
      return [
        ...DURATION_BUCKETS.map((le, i) => {
          cumulative += series.buckets[i];
          return { labels: { le }, ...shared, value: cumulative, metricName: `${DURATION}_bucket` };
        }),
        { labels: { le: '+Inf' }, ...shared, value: series.count, metricName: `${DURATION}_bucket` },
        { labels: {}, ...shared, value: series.sum, metricName: `${DURATION}_sum` },
        { labels: {}, ...shared, value: series.count, metricName: `${DURATION}_count` },
      ];
    }),
);

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
  help: 'Background jobs not done, by queue and state (due, scheduled for later or a retry, active, failed for good); platform events due or retrying.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'vr_job_runs_total',
  help: 'Background job runs by queue and outcome (done, retried, failed for good).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'vr_job_duration_seconds',
  help: 'Time a background job ran, by queue (review-media: the time to process a review media).',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 180, 600],
  registers: [registry],
});
