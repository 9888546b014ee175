import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 when the database and the cache answer', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/ready').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'ok', kind: process.env.REDIS_URL ? 'redis' : 'memory' },
      },
    });
  });
});

// A Redis that is configured but unreachable must make the instance not ready (503), while it stays alive.
describe('GET /api/ready with Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('answers 503 naming the cache, and /api/health still answers 200', async () => {
    const http = request(t.app.getHttpServer());
    const res = await http.get('/api/ready').expect(503);
    expect(res.body).toEqual(
      expect.objectContaining({
        code: 'not_ready',
        detail: 'Not ready: cache unavailable.',
        checks: expect.objectContaining({ cache: { status: 'unavailable', kind: 'redis' } }),
      }),
    );
    await http.get('/api/health').expect(200);
  });
});
