import { connect, type AddressInfo, type Socket } from 'node:net';
import type { TestApp } from './test-app.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The port of a test app, listening on loopback (started on first use). */
export async function portOf(t: TestApp): Promise<number> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  return (server.address() as AddressInfo).port;
}

/** Parses the first HTTP/1.1 response in `text` (a Content-Length body). */
export function firstResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`No HTTP response in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = Buffer.from(text.slice(end + 4), 'latin1')
    .subarray(0, length)
    .toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

export function openSocket(port: number): Promise<Socket & { received(): string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.once('connect', () => resolve(Object.assign(socket, { received: () => received })));
  });
}

/**
 * Sends bytes as they are on a fresh connection, for requests HTTP clients refuse to build (over-long lines,
 * malformed HTTP, raw bytes in the URL), and reads what comes back until the server closes or `waitMs` pass.
 */
export async function rawHttp(port: number, request: string | Buffer, waitMs = 5_000): Promise<RawResponse> {
  const socket = await openSocket(port);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
  });
  socket.destroy();
  return firstResponse(socket.received());
}
