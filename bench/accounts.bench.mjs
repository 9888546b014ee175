// The cost of being signed in: an authenticated API call (JWT check, user and workspace lookups) and a
// server-rendered private page, beside /api/health; and what one password sign-in costs (scrypt).
import { load, printRows, signUp, startApp } from './support.mjs';

// Its own Redis prefix and email: login limits must not carry over from an earlier run.
const run = Date.now().toString(36);
const app = await startApp({ REDIS_KEY_PREFIX: `vr-bench-${run}:` });
try {
  const origin = { 'content-type': 'application/json', origin: app.url };
  const body = { email: `bench-${run}@example.com`, password: 'bench-password-1' };
  const { access } = await signUp(app, body.email);
  const auth = { authorization: `JWT ${access}` };

  await load(`${app.url}/api/health`, { duration: 1 });
  await load(`${app.url}/api/auth/users/me/`, { duration: 1, headers: auth });
  const health = await load(`${app.url}/api/health`);
  const me = await load(`${app.url}/api/auth/users/me/`, { headers: auth });
  const page = await load(`${app.url}/settings/team`, {
    connections: 10,
    headers: { cookie: `access_token=${access}` },
  });

  const timings = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await fetch(`${app.url}/api/auth/token-obtain/`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ email: body.email, password: body.password }),
    });
    if (!res.ok) throw new Error(`login answered ${res.status}`);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);

  console.log(
    `100 connections, 5 s each (SSR page: 10 connections), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  printRows(
    [
      ['GET /api/health (baseline)', health],
      ['GET /api/auth/users/me/ (JWT + user + workspace)', me],
      ['GET /settings/team (SSR, signed in)', page],
    ],
    health,
  );
  console.log(
    `\nPOST /api/auth/token-obtain/, 20 sequential sign-ins: p50 ${timings[10].toFixed(1)} ms, max ${timings[19].toFixed(1)} ms (scrypt N=2^15)`,
  );
} finally {
  await app.stop();
}
