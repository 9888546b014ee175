import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const ROOT = new URL('..', import.meta.url).pathname;

/** The dashboard's pages a visitor sees signed out, and those behind the sign-in, for the benches that walk them. */
export const PUBLIC_PAGES = ['/login', '/register', '/forgot-password'];
export const SIGNED_IN_PAGES = [
  '/',
  '/insights',
  '/reviews',
  '/review-requests',
  '/questions',
  '/widget-settings',
  '/settings',
  '/settings/account',
  '/settings/moderation',
  '/settings/team',
  '/settings/billing',
  '/settings/integrations',
  '/settings/integrations/shopify',
  '/settings/integrations/bigcommerce',
  '/settings/integrations/tiendanube',
  '/settings/api-keys',
  '/settings/webhooks',
  '/settings/other-apps',
  '/settings/import-export',
];

/** The 1, 5 and 15 minute load averages and the cores, as `uptime` says them: timings are read against it. */
export function loadAverage() {
  return `${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The Node flags the image runs the app with (the Dockerfile's NODE_OPTIONS): benches measure it as deployed. */
const IMAGE_NODE_OPTIONS = /^ENV NODE_OPTIONS=(\S+)$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))?.[1] ?? '';

/** A redis-server of the bench's own, which it may stop and start (the machine's Redis is never touched). */
export async function privateRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vr-bench-redis-'));
  let child;
  const answers = () =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('PING\r\n'));
      socket.once('data', (data) => resolve(data.toString().startsWith('+PONG')));
      socket.once('error', () => resolve(false));
    });
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: 'ignore',
      });
      while (!(await answers())) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

/**
 * Starts the built server on a fresh DATA_DIR (or the DATABASE_URL/REDIS_URL of the environment).
 * `keepDataDir` reuses a DATA_DIR (and leaves it in place on stop), for benches that fill PGlite in between.
 */
export async function startApp(extraEnv = {}, keepDataDir) {
  const port = await freePort();
  const dataDir = keepDataDir ?? mkdtempSync(join(tmpdir(), 'vr-bench-'));
  // BENCH_APP_NODE_ARGS: Node flags for the app's processes (say `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist/api/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: IMAGE_NODE_OPTIONS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A merchant account on the running app (`startApp`'s, which mails to its outbox): signs up, opens the mailed link,
 * and returns the user, tokens and store.
 */
export async function signUp(app, email) {
  const headers = { 'content-type': 'application/json', origin: app.url };
  const res = await fetch(`${app.url}/api/auth/register/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password-1', first_name: 'B', last_name: 'M' }),
  });
  if (res.status !== 202) throw new Error(`register answered ${res.status}`);
  const token = await mailedSignupToken(join(app.dataDir, 'outbox'), email);
  const confirmed = await fetch(`${app.url}/api/auth/register/confirm/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`register/confirm answered ${confirmed.status}`);
  return confirmed.json();
}

/** The token of the sign-up link mailed to `email`, read from the outbox's .eml files (quoted-printable). */
async function mailedSignupToken(outbox, email) {
  for (let i = 0; i < 200; i++) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const eml = readFileSync(join(outbox, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'm').test(eml)) continue;
      const token = /\/register\/confirm\?token=([\w-]+)/.exec(eml)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`No sign-up mail to ${email} in ${outbox}`);
}

/**
 * Fresh tokens for an account made by `signUp`, for benches that outlast an access token (15 minutes) or measure
 * sign-ins; `headers` may add e.g. an `x-forwarded-for` address.
 */
export async function signIn(url, email, headers = {}) {
  const res = await fetch(`${url}/api/auth/token-obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify({ email, password: 'bench-password-1' }),
  });
  if (res.status !== 200) {
    throw Object.assign(new Error(`token-obtain answered ${res.status}`), {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
    });
  }
  return res.json();
}

/** `requests` (autocannon's) cycles through several paths on each connection. */
export async function load(url, { connections = 100, duration = 5, headers, requests } = {}) {
  const result = await autocannon({ url, connections, duration, headers, requests });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // 304s are answers too (revalidation benches); anything 4xx/5xx or lost is an error.
    errors: result.errors + result.timeouts + result['4xx'] + result['5xx'],
  };
}

/** How many times loadRounds runs each target. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs each target `rounds` times, the baseline first in each round, and gives per target the median req/s, p50 and
 * p99 of the rounds, the errors of all, and the median of its ratios to the baseline of the same round: a 5-second
 * run on a 2-core machine moves by a tenth from one run to the next, a neighbour's load more.
 */
export async function loadRounds(targets, rounds = ROUNDS) {
  const runs = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, [, url, options]] of targets.entries()) runs[index].push(await load(url, options));
  }
  return targets.map(([name], index) => [
    name,
    {
      rps: median(runs[index].map((r) => r.rps)),
      p50: median(runs[index].map((r) => r.p50)),
      p99: median(runs[index].map((r) => r.p99)),
      errors: runs[index].reduce((sum, r) => sum + r.errors, 0),
      ratio: median(runs[index].map((r, round) => r.rps / runs[0][round].rps)),
    },
  ]);
}

export function printRows(rows, baseline) {
  console.log('| target | req/s | ratio to baseline | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, r] of rows) {
    const ratio = r.ratio !== undefined ? r.ratio.toFixed(2) : baseline ? (r.rps / baseline.rps).toFixed(2) : '—';
    console.log(`| ${name} | ${r.rps} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  }
}

/**
 * `count` photo reviews from shoppers on the store of `user` (signUp's), over four products and every rating; two in
 * three approved, the rest pending.
 */
export async function seedReviews(app, user, count) {
  const photo = readFileSync(join(ROOT, 'test', 'fixtures', 'media', 'photo.jpg'));
  let approved = 0;
  const toApprove = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set('merchant_id', user.merchant.store_id);
    form.set('product_id', `product-${i % 4}`);
    form.set('product_name', ['Linen shirt', 'Wool scarf', 'Canvas tote', 'Denim jacket'][i % 4]);
    form.set('customer_name', `Shopper number ${i}`);
    form.set('rating', String(1 + (i % 5)));
    form.set('comment', `Review ${i}: fits well, good fabric, would buy again.`);
    form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${app.url}/api/reviews/upload/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `JWT ${user.access}` },
    });
    const body = await res.json();
    // The upload route allows an address 30 an hour, counted in Redis across runs when REDIS_URL is set.
    if (!res.ok) throw new Error(`Seeding review ${i}: the upload answered ${res.status} ${JSON.stringify(body)}`);
    if (i % 3 !== 0) toApprove.push([i % 4, body.id]);
  }
  // Product-0's first (the product page the benches open), until the free plan's limit on published reviews refuses.
  for (const [, id] of toApprove.sort((a, b) => a[0] - b[0])) {
    const approval = await fetch(`${app.url}/api/reviews/${id}/approve/`, {
      method: 'POST',
      headers: { authorization: `JWT ${user.access}` },
    });
    if (approval.ok) approved += 1;
  }
  // Photos are processed after the upload and published once ready: wait for them, so every audit sees the same page.
  for (let tries = 0; tries < 600; tries++) {
    let published = 0;
    for (let p = 0; p < Math.min(count, 4); p++) {
      const query = new URLSearchParams({ product_id: `product-${p}`, merchant_id: user.merchant.store_id });
      published += (await (await fetch(`${app.url}/api/reviews/public/?${query}`)).json()).count;
    }
    if (published >= approved) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Only some of the ${approved} approved reviews were published after a minute`);
}
