// An open-loop load at a fixed rate: requests start on schedule whether or not earlier ones have answered, as shoppers'
// browsers do, so a slow server shows as latency instead of a lower request rate. (autocannon's `overallRate` sends
// each connection's share of a second back to back at the second's start, and waits on its answers: bursts, closed
// loop.) Latency runs from the moment a request is handed to the keep-alive pool, queueing for a socket included, to
// its answer's last byte.
import http from 'node:http';

const TIMEOUT_MS = 10_000;

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;

/**
 * `rate` requests a second for `seconds` at `url`, each to the path `nextPath()` gives: a GET, or what it describes when
 * it answers `{ path, kind, method, body, headers, status }` rather than a path (`status`: the one expected, 200 by
 * default). Answers the rate reached, p50, p90 and p99 in ms, the errors (any other status, a failure, a timeout), how
 * late the last request started (ms past its time: the generator could not keep up), and the p50 and p99 of each kind.
 */
export function openLoop(url, { rate, seconds, nextPath, headers = {} }) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  const kinds = new Array(total);
  let sent = 0;
  let done = 0;
  let errors = 0;
  let lateMs = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const settle = () => {
      if (++done < total) return;
      clearInterval(timer);
      agent.destroy();
      const elapsed = (performance.now() - started) / 1000;
      const byKind = {};
      latencies.forEach((ms, i) => (byKind[kinds[i]] ??= []).push(ms));
      const sorted = latencies.sort();
      resolve({
        rate,
        reached: Math.round(total / elapsed),
        p50: percentile(sorted, 0.5),
        p90: percentile(sorted, 0.9),
        p99: percentile(sorted, 0.99),
        errors,
        lateMs,
        kinds: Object.fromEntries(
          Object.entries(byKind).map(([kind, values]) => {
            const ordered = values.sort((a, b) => a - b);
            return [kind, { count: ordered.length, p50: percentile(ordered, 0.5), p99: percentile(ordered, 0.99) }];
          }),
        ),
      });
    };
    const fire = (index) => {
      const next = nextPath();
      const path = typeof next === 'string' ? next : next.path;
      kinds[index] = next.kind ?? 'all';
      const start = performance.now();
      let over = false;
      const end = (failed) => {
        if (over) return;
        over = true;
        latencies[index] = failed ? TIMEOUT_MS : performance.now() - start;
        if (failed) errors += 1;
        settle();
      };
      const method = next.method ?? 'GET';
      const request = http.request(
        { hostname, port, path, method, headers: { ...headers, ...next.headers }, agent, timeout: TIMEOUT_MS },
        (answer) => {
          if (answer.statusCode !== (next.status ?? 200)) errors += 1;
          answer.resume();
          answer.on('end', () => end(false));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => end(true));
      request.end(next.body);
    };
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) * rate) / 1000));
      if (due > sent) lateMs = Math.max(lateMs, now - (started + (sent * 1000) / rate));
      while (sent < due) fire(sent++);
    }, 1);
  });
}
