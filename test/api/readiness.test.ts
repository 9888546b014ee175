import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 when the database and the cache answer, listing what the machine has', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/ready').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'ok', kind: process.env.REDIS_URL ? 'redis' : 'memory' },
        ...MACHINE_OK,
        // The suites' default: no media processing, so no ffmpeg needed.
        ffmpeg: { status: 'disabled' },
        ffprobe: { status: 'disabled' },
      },
    });
  });
});

const MACHINE_OK = {
  ffmpeg: { status: 'ok' },
  ffprobe: { status: 'ok' },
  sharp: { status: 'ok' },
  data_dir: { status: 'ok' },
  disk: { status: 'ok' },
};

// What the start-up check finds missing keeps the instance serving (reviews, photos, the dashboard and the widget all
// work without ffmpeg): 200 `degraded`, each missing piece named with its fix.
describe('GET /api/ready on a machine without ffmpeg and short of disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        MEDIA_PROCESSING: 'true',
        FFMPEG_PATH: '/nonexistent/bin/ffmpeg',
        FFPROBE_PATH: '/nonexistent/bin/ffprobe',
        MIN_FREE_DISK_MB: String(1024 * 1024 * 1024),
      },
    });
  });
  afterAll(() => t.close());

  it('answers 200 degraded, naming each missing piece and its fix', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/ready').expect(200);
    expect(res.body).toEqual({
      status: 'degraded',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'ok', kind: process.env.REDIS_URL ? 'redis' : 'memory' },
        ...MACHINE_OK,
        ffmpeg: { status: 'missing', fix: 'apt-get install ffmpeg, or set FFMPEG_PATH to where it is' },
        ffprobe: {
          status: 'missing',
          fix: 'apt-get install ffmpeg (it brings ffprobe), or set FFPROBE_PATH to where it is',
        },
        disk: { status: 'low', fix: "free space on DATA_DIR's disk, or lower MIN_FREE_DISK_MB" },
      },
    });
  });
});

// An instance whose Redis is unreachable still serves (from the database and its own memory): it must stay in the
// load balancer, and say what is missing.
describe('GET /api/ready with Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('answers 200 degraded naming the cache, and /api/health answers 200', async () => {
    const http = request(t.app.getHttpServer());
    const res = await http.get('/api/ready').expect(200);
    expect(res.body).toEqual({
      status: 'degraded',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'unavailable', kind: 'redis' },
        ...MACHINE_OK,
        ffmpeg: { status: 'disabled' },
        ffprobe: { status: 'disabled' },
      },
    });
    await http.get('/api/health').expect(200);
  });
});
