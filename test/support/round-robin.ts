import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobin {
  url: string;
  /** The instances requests go to, in turn (set once they are up: their public URL is this balancer's). */
  targets: string[];
  /** How many requests each target answered. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The smallest load balancer: each request goes to the next target in turn, as is, with the client's address in
 * `X-Forwarded-For` unless the request already carries one (tests set it to stand for another shopper).
 */
export async function startRoundRobin(): Promise<RoundRobin> {
  let next = 0;
  const balancer: RoundRobin = { url: '', targets: [], counts: new Map(), close: () => Promise.resolve() };
  const server: Server = createServer((incoming, outgoing) => {
    const target = new URL(balancer.targets[next++ % balancer.targets.length]);
    balancer.counts.set(target.origin, (balancer.counts.get(target.origin) ?? 0) + 1);
    const headers = { ...incoming.headers };
    headers['x-forwarded-for'] ??= incoming.socket.remoteAddress ?? '127.0.0.1';
    const forwarded = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  balancer.close = () => new Promise((resolve) => server.close(() => resolve()));
  return balancer;
}
