import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { seedUser } from '../factories/users.factory.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { SERVER_MAIN, startServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// The built server as its own process: what `npm start` and the Docker image run.
describe('server process', () => {
  let testEnv: TestEnv;
  beforeEach(async () => {
    testEnv = await createTestEnv({ LOG_LEVEL: 'info' });
  });
  afterEach(() => testEnv.cleanup());

  it('refuses to start on bad configuration, listing every bad variable', () => {
    const result = spawnSync(process.execPath, [SERVER_MAIN], {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: testEnv.dataDir,
        PORT: 'abc',
        DATABASE_URL: 'mysql://x/y',
        LOG_LEVEL: 'loud',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(result.stderr).toContain(`${name}:`);
  });

  it('keeps data and generated secrets across a restart, so sessions stay valid', async () => {
    const { JWT_SECRET: _given, ...env } = testEnv.env;
    let server = await startServerProcess(env);
    expect(await server.stop()).toBe(0);

    // The first start generated the secrets; a token signed with them must work after a restart.
    const secrets = JSON.parse(readFileSync(join(testEnv.dataDir, 'secrets.json'), 'utf8')) as { jwt: string };
    const user = await seedUser(env, secrets.jwt, { email: 'keep@example.com', firstName: 'Keep' });

    server = await startServerProcess(env);
    try {
      const page = await fetch(`${server.url}/settings`, {
        headers: { cookie: `access_token=${user.accessToken}` },
        redirect: 'manual',
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('keep@example.com');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('writes JSON log lines carrying the request id', async () => {
    const server = await startServerProcess(testEnv.env);
    try {
      const res = await fetch(`${server.url}/api/nope`, { headers: { 'x-request-id': 'trace-abc-123' } });
      expect(res.status).toBe(404);
    } finally {
      await server.stop();
    }
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    const requestLine = lines.find((l) => l.reqId === 'trace-abc-123');
    expect(requestLine).toEqual(expect.objectContaining({ level: expect.any(Number), msg: expect.any(String) }));
  });

  it('checks its machine at start, without waiting for it: one log line per missing piece, with its fix', async () => {
    const server = await startServerProcess({
      ...testEnv.env,
      MEDIA_PROCESSING: 'true',
      FFMPEG_PATH: join(testEnv.dataDir, 'no-ffmpeg'),
      FFPROBE_PATH: join(testEnv.dataDir, 'no-ffprobe'),
    });
    const prerequisites = () =>
      server
        .output()
        .split('\n')
        // Complete lines only: the last one may still be arriving.
        .slice(0, -1)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { prerequisite?: string; msg: string })
        .filter((line) => line.prerequisite);
    try {
      // Listening already (startServerProcess waited for /api/health); the lines follow when the check ends.
      const deadline = Date.now() + 15_000;
      while (prerequisites().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(prerequisites().map((line) => [line.prerequisite, line.msg])).toEqual([
      [
        'ffmpeg',
        `ffmpeg does not run (FFMPEG_PATH=${join(testEnv.dataDir, 'no-ffmpeg')}): videos wait for it. Fix: apt-get install ffmpeg, or set FFMPEG_PATH to where it is`,
      ],
      [
        'ffprobe',
        `ffprobe does not run (FFPROBE_PATH=${join(testEnv.dataDir, 'no-ffprobe')}): videos wait for it. Fix: apt-get install ffmpeg (it brings ffprobe), or set FFPROBE_PATH to where it is`,
      ],
    ]);
  });

  it('on SIGTERM stops accepting, finishes the request in flight, then exits 0', async () => {
    const server = await startServerProcess(testEnv.env);
    const port = Number(new URL(server.url).port);
    // A request whose body is still arriving when the signal comes.
    const response = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/logout/',
          headers: { 'content-type': 'application/json', 'content-length': '2' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{');
      setTimeout(() => req.end('}'), 700);
    });
    await new Promise((r) => setTimeout(r, 200));
    const exit = server.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    expect(await response).toBe(204);
    expect(await exit).toBe(0);
  });
});
