// The two-instance suite's round-robin balancer (test/support/round-robin.ts) as a process of its own, so a bench's
// load generator and the balancer do not share an event loop: `node bench/round-robin.mjs <target URL>…` listens on a
// free port of 127.0.0.1 and writes it on its first line. Each request goes to the next target in turn, as is, with
// the client's address in `X-Forwarded-For` unless the request carries one; upstream connections are kept alive.
import { Agent, createServer, request } from 'node:http';

const targets = process.argv.slice(2).map((url) => new URL(url));
if (!targets.length) throw new Error('Usage: node bench/round-robin.mjs <target URL>…');
const agent = new Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;

const server = createServer((incoming, outgoing) => {
  const target = targets[next++ % targets.length];
  const headers = { ...incoming.headers };
  headers['x-forwarded-for'] ??= incoming.socket.remoteAddress ?? '127.0.0.1';
  const forwarded = request(
    { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers, agent },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => outgoing.writeHead(502).end());
  incoming.pipe(forwarded);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
