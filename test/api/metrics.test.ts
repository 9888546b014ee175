import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { registerOwner } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'metrics-token-for-tests';
let t: TestApp;
const http = () => request(t.app.getHttpServer());
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

/** The value of one series in Prometheus' text format (0 when absent). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async () =>
  (await http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text as string;

describe('GET /metrics', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const res = await http().get('/metrics').expect(401);
    expect(res.body).toMatchObject({ code: 'not_authenticated' });
    await http().get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
  });

  it('counts requests per registered route and status, with durations, cache reads, queue and process figures', async () => {
    const before = await scrape();
    const health = 'vr_http_requests_total{method="GET",route="/api/health",status="200"}';
    const review = 'vr_http_requests_total{method="GET",route="/api/reviews/:id",status="401"}';
    await http().get('/api/health').expect(200);
    await http().get('/api/health').expect(200);
    await http().get('/api/reviews/5b0c1a52-7f8e-4d1e-9a53-2f0c3a9e8b11/').expect(401);
    const owner = await registerOwner(t);
    await owner.agent.get('/api/analytics/dashboard_metrics/').expect(200);
    await owner.agent.get('/api/analytics/dashboard_metrics/').expect(200);

    const res = await http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = res.text as string;
    expect(valueOf(after, health) - valueOf(before, health)).toBe(2);
    expect(valueOf(after, review) - valueOf(before, review)).toBe(1);
    // One series per route, never per id.
    expect(after).not.toContain('5b0c1a52');
    expect(after).toMatch(/vr_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health"\}/);
    const backend = process.env.REDIS_URL ? 'redis' : 'memory';
    const hits = `vr_cache_reads_total{result="hit",backend="${backend}"}`;
    // The second dashboard read came from the cache.
    expect(valueOf(after, hits)).toBeGreaterThan(0);
    expect(after).toContain('vr_queue_jobs{queue="platform_events",state="due"} 0');
    expect(after).toContain('vr_process_resident_memory_bytes');
    expect(after).toMatch(/^vr_nodejs_active_handles\{type="\w+"\} [1-9]\d*$/m);
    // prom-client's totals of the per-type gauges are gauges named like counters: removed, the sum says the same.
    expect(after).not.toMatch(/_active_\w+_total/);
    if (process.env.DATABASE_URL) expect(after).toMatch(/vr_db_pool_connections\{state="idle"\} \d+/);
  });
});

/** `promtool check metrics` on an exposition: what it reports (lint warnings included) and its exit status. */
function promtoolCheck(exposition: string): { status: number | null; report: string } {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: exposition, encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(
      "promtool is missing: it comes with Debian's prometheus package, which .ci/run installs " +
        '(or: apt-get install --no-install-recommends prometheus).',
    );
  }
  if (run.error) throw run.error;
  return { status: run.status, report: `${run.stdout}${run.stderr}`.trim() };
}

describe("the exposition, read by Prometheus' own linter", () => {
  it('passes promtool check metrics once requests, cache reads and jobs have been counted', async () => {
    const owner = await registerOwner(t);
    await owner.agent.get('/api/analytics/dashboard_metrics/').expect(200);
    await owner.agent.get('/api/analytics/dashboard_metrics/').expect(200);
    await http().get('/api/reviews/5b0c1a52-7f8e-4d1e-9a53-2f0c3a9e8b11/').expect(401);
    // The sign-up mail and the schedules run as jobs shortly after boot.
    let text = await scrape();
    for (let tries = 0; !/^vr_job_runs_total\{/m.test(text) && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    for (const family of [
      'vr_http_requests_total{',
      'vr_http_request_duration_seconds_bucket{',
      'vr_cache_reads_total{',
      'vr_job_runs_total{',
      'vr_job_duration_seconds_bucket{',
      'vr_queue_jobs{',
      'vr_nodejs_gc_duration_seconds_bucket{',
    ]) {
      expect(text).toContain(family);
    }
    expect(promtoolCheck(text)).toEqual({ status: 0, report: '' });
  });

  it('reports a gauge named like a counter (the check can fail)', () => {
    const bad = '# HELP vr_things_total Things.\n# TYPE vr_things_total gauge\nvr_things_total 1\n';
    const { status, report } = promtoolCheck(bad);
    expect(status).not.toBe(0);
    expect(report).toContain('non-counter metrics should not have "_total" suffix');
  });
});
