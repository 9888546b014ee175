// The app's plain JSON route and server-rendered pages (sign-in, and the signed-in reviews list with 20 reviews), as
// ratios to a bare Fastify JSON route run beside them. Goal (issue 29): /reviews ≥ 100 pages/s with 10 connections.
import Fastify from 'fastify';
import { freePort, load, printRows, seedReviews, signUp, startApp } from './support.mjs';

const bare = Fastify();
bare.get('/', async () => ({ status: 'ok' }));
const barePort = await freePort();
await bare.listen({ port: barePort, host: '127.0.0.1' });

const app = await startApp();
try {
  const user = await signUp(app, `http-baseline-${Date.now().toString(36)}@example.com`);
  await seedReviews(app, user, 20);
  const signedIn = { connections: 10, headers: { cookie: `access_token=${user.access}` } };
  // Warm up both (JIT, vike's first render).
  await load(`http://127.0.0.1:${barePort}/`, { duration: 1 });
  await load(`${app.url}/api/health`, { duration: 1 });
  await load(`${app.url}/login`, { duration: 1 });
  await load(`${app.url}/reviews`, { ...signedIn, duration: 1 });

  const baseline = await load(`http://127.0.0.1:${barePort}/`);
  const health = await load(`${app.url}/api/health`);
  const page = await load(`${app.url}/login`, { connections: 10 });
  const reviews = await load(`${app.url}/reviews`, signedIn);
  console.log(
    `100 connections, 5 s each (SSR page: 10 connections), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  printRows(
    [
      ['bare Fastify JSON (baseline)', baseline],
      ['GET /api/health (full middleware stack)', health],
      ['GET /login (SSR page)', page],
      ['GET /reviews signed in, 20 reviews (SSR page)', reviews],
    ],
    baseline,
  );
} finally {
  await app.stop();
  await bare.close();
}
