// The app's plain JSON route and a server-rendered page, as ratios to a bare Fastify JSON route run beside them.
import Fastify from 'fastify';
import { freePort, load, printRows, startApp } from './support.mjs';

const bare = Fastify();
bare.get('/', async () => ({ status: 'ok' }));
const barePort = await freePort();
await bare.listen({ port: barePort, host: '127.0.0.1' });

const app = await startApp();
try {
  // Warm up both (JIT, vike's first render).
  await load(`http://127.0.0.1:${barePort}/`, { duration: 1 });
  await load(`${app.url}/api/health`, { duration: 1 });
  await load(`${app.url}/login`, { duration: 1 });

  const baseline = await load(`http://127.0.0.1:${barePort}/`);
  const health = await load(`${app.url}/api/health`);
  const page = await load(`${app.url}/login`, { connections: 10 });
  console.log(
    `100 connections, 5 s each (SSR page: 10 connections), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  printRows(
    [
      ['bare Fastify JSON (baseline)', baseline],
      ['GET /api/health (full middleware stack)', health],
      ['GET /login (SSR page)', page],
    ],
    baseline,
  );
} finally {
  await app.stop();
  await bare.close();
}
