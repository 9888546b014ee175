import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './server-process.js';

/**
 * A Redis server of the test's own, on a free port, that the test may stop, restart and pause: the machine's Redis
 * is shared and must never be touched. Nothing is persisted unless `stop({ keepData: true })` asks for a snapshot.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server; with `keepData` it first writes a snapshot that the next `start()` loads (a restart). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Starts it again on the same port, unless it runs. */
  start(): Promise<void>;
  /** `CLIENT PAUSE ms ALL`: the server stays connected but answers nothing for `ms`. */
  pause(ms: number): Promise<void>;
  /** Runs one command on a connection of its own. */
  command(name: string, ...args: Array<string | number>): Promise<unknown>;
  close(): Promise<void>;
}

export async function startRedisServer(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vr-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const command = async (name: string, ...args: Array<string | number>) => {
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      disconnectTimeout: 50,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.call(name, ...args);
    } finally {
      client.disconnect();
    }
  };

  const start = async () => {
    if (child && child.exitCode === null) return;
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    child = server;
    for (let i = 0; i < 100; i += 1) {
      if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
      if ((await command('PING').catch(() => null)) === 'PONG') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('redis-server did not start');
  };

  const stop = async ({ keepData = false } = {}) => {
    const server = child;
    if (!server || server.exitCode !== null) return;
    if (keepData) await command('SAVE');
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
    child = undefined;
  };

  await start();
  return {
    url,
    port,
    start,
    stop,
    command,
    pause: async (ms) => void (await command('CLIENT', 'PAUSE', ms, 'ALL')),
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
