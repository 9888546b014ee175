// A bare Fastify JSON route in a process of its own, for benches that put two behind bench/round-robin.mjs (the other
// benches run their baseline in process): answers `{"status":"ok"}` on every GET path, and 202 with the same to a POST
// (a beacon) on every path, and writes its port on its first line.
import Fastify from 'fastify';

const app = Fastify();
app.get('/*', async () => ({ status: 'ok' }));
app.post('/*', async (request, reply) => reply.code(202).send({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(app.server.address().port);
process.on('SIGTERM', () => process.exit(0));
